import { describe, expect, it } from 'vitest';
import { mockApi, ok, storeFacts } from '../test/testkit';
import { ENGINE_DEFAULT_FEE, fetchStoreFacts, lastKnownFeePolicy } from './store';

describe('the fee policy for pricing offline', () => {
  it("is the engine's default until the server has named one", () => {
    expect(lastKnownFeePolicy()).toEqual(ENGINE_DEFAULT_FEE);
    localStorage.setItem('store-fee-policy', '{not json');
    expect(lastKnownFeePolicy()).toEqual(ENGINE_DEFAULT_FEE);
    localStorage.setItem('store-fee-policy', JSON.stringify({ gatewayFeeBps: -5, gatewayLabel: 'x' }));
    expect(lastKnownFeePolicy()).toEqual(ENGINE_DEFAULT_FEE);
  });

  it('is the one the server last named, kept for when it cannot be reached', async () => {
    mockApi((_m, path) => (path === '/api/store' ? ok(storeFacts({ gatewayFeeBps: 175, gatewayLabel: 'Payment Gateway (1.75%)' })) : undefined));
    await fetchStoreFacts();
    mockApi(() => undefined, { backend: false });
    expect(lastKnownFeePolicy()).toEqual({ gatewayFeeBps: 175, gatewayLabel: 'Payment Gateway (1.75%)' });
  });

  it("is the engine's own default and label, from its facts", () => {
    expect(ENGINE_DEFAULT_FEE).toEqual({ gatewayFeeBps: 250, gatewayLabel: 'Payment Gateway (2.5%)' });
  });
});
