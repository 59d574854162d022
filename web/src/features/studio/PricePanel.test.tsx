import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls, mockApi, renderAt, signedIn } from '../../test/testkit';
import { builtinProducts } from '../../api/builtinProducts';
import { SERVER_UNREACHABLE } from '../../lib/api';
import type { Studio } from '../../lib/engine';
import { PricePanel } from './PricePanel';
import type { DesignDoc, StudioHandle } from './useStudio';

/** A studio with 25 white tees designed: enough to add to the cart. */
async function readyHandle(): Promise<StudioHandle> {
  const studio = {
    needMore: () => 0,
    totalQuantity: () => 25,
    quote: () => {
      throw new Error('not needed here');
    },
    orderQuote: () => null,
    checkForCart: vi.fn(),
    design: () => ({}),
  } as unknown as Studio;
  return {
    studio,
    design: { productId: '64f1a2b3c4d5e6f708190a05', color: 'white', quantities: { s: 0, m: 25, l: 0, xl: 0, xxl: 0 }, materialQuality: 'Premium', printQuality: 'High' } as DesignDoc,
    version: 0,
    change: () => null,
    discardDraft: vi.fn(),
    textReady: true,
  };
}

async function renderPanel(onMessage: (kind: 'ok' | 'error', text: string) => void) {
  const handle = await readyHandle();
  const tee = (await builtinProducts()).find((p) => p.name === 'T-Shirt Normal')!;
  renderAt('/design', <PricePanel handle={handle} product={tee} onPreview={() => {}} onMessage={onMessage} />);
  return handle;
}

describe('PricePanel with the backend down', () => {
  it('tells a signed-in shopper the server is unreachable and keeps the design', async () => {
    signedIn();
    const fetchMock = mockApi(() => undefined, { backend: false });
    const onMessage = vi.fn();
    const handle = await renderPanel(onMessage);
    // The banner's health check has answered (the server is down) before the click.
    await waitFor(() => expect(calls(fetchMock, '/api/health')).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 0));
    await userEvent.click(screen.getByTestId('add-to-cart'));
    expect(onMessage).toHaveBeenCalledWith('error', SERVER_UNREACHABLE);
    expect(calls(fetchMock, '/api/cart/items')).toBe(0);
    expect(handle.discardDraft).not.toHaveBeenCalled();
  });

  it('sends a visitor to login first', async () => {
    mockApi(() => undefined, { backend: false });
    const onMessage = vi.fn();
    await renderPanel(onMessage);
    await userEvent.click(screen.getByTestId('add-to-cart'));
    expect(onMessage).toHaveBeenCalledWith('error', 'Please login to add items to cart');
    expect(screen.getByTestId('path').textContent).toBe('/login');
  });

  it('says the server is unreachable when it goes away after the last health check', async () => {
    signedIn();
    const fetchMock = mockApi((_m, path) => {
      if (path.startsWith('/api/products/')) throw new TypeError('Failed to fetch');
      return undefined;
    });
    const onMessage = vi.fn();
    await renderPanel(onMessage);
    await waitFor(() => expect(calls(fetchMock, '/api/health')).toBeGreaterThan(0));
    await userEvent.click(screen.getByTestId('add-to-cart'));
    await waitFor(() => expect(onMessage).toHaveBeenCalledWith('error', SERVER_UNREACHABLE));
    expect(calls(fetchMock, '/api/cart/items')).toBe(0);
  });
});
