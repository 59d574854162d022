import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls, garment, mockApi, ok, renderAt, signedIn, storeFacts } from '../../test/testkit';
import { builtinProducts } from '../../api/builtinProducts';
import { SERVER_UNREACHABLE } from '../../lib/api';
import { createStudio, type Studio } from '../../lib/engine';
import { PricePanel } from './PricePanel';
import { localLines, removeLocalLine } from '../../lib/localCart';

beforeEach(async () => {
  for (const line of await localLines()) await removeLocalLine(line.id);
});
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
    design: () => ({ productId: '64f1a2b3c4d5e6f708190a05', color: 'white' }),
  } as unknown as Studio;
  return {
    studio,
    design: { version: 1, productId: '64f1a2b3c4d5e6f708190a05', color: 'white', quantities: { s: 0, m: 25, l: 0, xl: 0, xxl: 0 }, materialQuality: 'Premium', printQuality: 'High', areas: { leftChest: { text: null, image: null }, back: { text: null, image: null } } } as DesignDoc,
    version: 0,
    change: () => null,
    discardDraft: vi.fn(),
    textReady: true,
    loadFonts: async () => null,
    garment: garment(),
  };
}

async function renderPanel(onMessage: (kind: 'ok' | 'error', text: string) => void) {
  const handle = await readyHandle();
  const tee = (await builtinProducts()).find((p) => p.name === 'T-Shirt Normal')!;
  renderAt('/design', <PricePanel handle={handle} product={tee} onPreview={() => {}} onMessage={onMessage} />);
  return handle;
}

describe('PricePanel with the backend down', () => {
  it("keeps a signed-in shopper's line in the cart kept in this browser", async () => {
    signedIn();
    const fetchMock = mockApi(() => undefined, { backend: false });
    const onMessage = vi.fn();
    const handle = await renderPanel(onMessage);
    // The banner's health check has answered (the server is down) before the click.
    await waitFor(() => expect(calls(fetchMock, '/api/health')).toBeGreaterThan(0));
    await new Promise((r) => setTimeout(r, 0));
    await userEvent.click(screen.getByTestId('add-to-cart'));
    await waitFor(() => expect(onMessage).toHaveBeenCalledWith('ok', 'Added to your offline cart! Taking you to your cart...'));
    expect(calls(fetchMock, '/api/cart/items')).toBe(0);
    expect(handle.discardDraft).toHaveBeenCalled();
    const [line] = await localLines();
    expect([line.name, line.unitPrice, line.design.color]).toEqual(['T-Shirt Normal', 29900, 'white']);
  });

  it('does the same in an offline session', async () => {
    sessionStorage.setItem('offline-session', 'on');
    const fetchMock = mockApi(() => undefined, { backend: false });
    const onMessage = vi.fn();
    await renderPanel(onMessage);
    await waitFor(() => expect(calls(fetchMock, '/api/health')).toBeGreaterThan(0));
    await userEvent.click(screen.getByTestId('add-to-cart'));
    await waitFor(() => expect(onMessage).toHaveBeenCalledWith('ok', 'Added to your offline cart! Taking you to your cart...'));
    expect(await localLines()).toHaveLength(1);
  });

  it('sends a visitor to login first', async () => {
    mockApi(() => undefined, { backend: false });
    const onMessage = vi.fn();
    await renderPanel(onMessage);
    await userEvent.click(screen.getByTestId('add-to-cart'));
    expect(onMessage).toHaveBeenCalledWith('error', 'Please login to add items to cart');
    expect(screen.getByTestId('path').textContent).toBe('/login');
  });

  it('keeps the line in this browser when the server goes away after the last health check', async () => {
    signedIn();
    const fetchMock = mockApi((_m, path) => {
      if (path.startsWith('/api/products/')) throw new TypeError('Failed to fetch');
      return undefined;
    });
    const onMessage = vi.fn();
    await renderPanel(onMessage);
    await waitFor(() => expect(calls(fetchMock, '/api/health')).toBeGreaterThan(0));
    await userEvent.click(screen.getByTestId('add-to-cart'));
    await waitFor(() => expect(onMessage).toHaveBeenCalledWith('ok', `${SERVER_UNREACHABLE} Added to your offline cart! Taking you to your cart...`));
    expect(calls(fetchMock, '/api/cart/items')).toBe(0);
    expect(await localLines()).toHaveLength(1);
  });
});

/** A real engine studio with 25 plain white tees (₹299 each: ₹7,475.00). */
async function engineHandle(): Promise<StudioHandle> {
  const tee = (await builtinProducts()).find((p) => p.name === 'T-Shirt Normal')!;
  const studio = await createStudio(tee._id, 'white');
  studio.setQuantity('m', 25);
  const handle = await readyHandle();
  return { ...handle, studio, design: { ...handle.design, productId: tee._id } };
}

async function renderPriced(handle: StudioHandle) {
  const tee = (await builtinProducts()).find((p) => p.name === 'T-Shirt Normal')!;
  renderAt('/design', <PricePanel handle={handle} product={tee} onPreview={() => {}} onMessage={() => {}} />);
}

describe("PricePanel's breakdown at the server's fee", () => {
  it('adds the gateway charge the store names, with its label', async () => {
    mockApi((_m, path) => (path === '/api/store' ? ok(storeFacts()) : undefined));
    await renderPriced(await engineHandle());
    // ₹7,475.00 + 2.5% (₹186.875, half up) = ₹7,661.88.
    expect((await screen.findByTestId('studio-total')).textContent).toBe('₹7,661.88');
    expect(screen.getByText('Payment Gateway (2.5%)').nextElementSibling?.textContent).toBe('₹186.88');
  });

  it('shows no gateway line when the merchant absorbs the fee', async () => {
    mockApi((_m, path) => (path === '/api/store' ? ok(storeFacts({ gatewayFeeBps: 0, gatewayLabel: 'Payment Gateway (0%)' })) : undefined));
    await renderPriced(await engineHandle());
    expect((await screen.findByTestId('studio-total')).textContent).toBe('₹7,475.00');
    expect(screen.queryByText(/Payment Gateway/)).toBeNull();
  });

  it('uses the fee the store last named while it cannot be reached', async () => {
    localStorage.setItem('store-fee-policy', JSON.stringify({ gatewayFeeBps: 0, gatewayLabel: 'Payment Gateway (0%)' }));
    mockApi(() => undefined, { backend: false });
    await renderPriced(await engineHandle());
    expect((await screen.findByTestId('studio-total')).textContent).toBe('₹7,475.00');
    expect(screen.queryByText(/Payment Gateway/)).toBeNull();
  });

  it('names no fee and no total until the store says its fee', async () => {
    mockApi((_m, path) => (path === '/api/store' ? new Promise(() => {}) : undefined));
    await renderPriced(await engineHandle());
    expect((await screen.findByTestId('fee-pending')).textContent).toBe('Loading the payment gateway charge…');
    expect(screen.getByText('Subtotal').nextElementSibling?.textContent).toBe('₹7,475.00');
    expect(screen.queryByTestId('studio-total')).toBeNull();
  });
});

/** A real engine studio with `pieces` plain white tees in size M. */
async function teesHandle(pieces: number): Promise<StudioHandle> {
  const handle = await engineHandle();
  handle.studio.setQuantity('m', pieces);
  return handle;
}

const rowText = (el: Element) => [...el.querySelectorAll('td')].map((td) => td.textContent).join(' | ');

describe("PricePanel's quantity tiers", () => {
  it('marks the base tier at 25 and spells out what 25 more would save', async () => {
    mockApi(() => undefined);
    await renderPriced(await teesHandle(25));
    const tiers = await screen.findByTestId('price-tiers');
    expect([...tiers.querySelectorAll('tbody tr')].map(rowText)).toEqual([
      '25+ (your tier) | Base price | ₹299.00',
      '50+ | 5% off | ₹284.05',
      '100+ | 10% off | ₹269.10',
      '250+ | 15% off | ₹254.15',
    ]);
    expect(screen.getByTestId('next-tier').textContent).toBe('Add 25 more for ₹14.95 less per piece');
    expect(screen.queryByTestId('tier-discount')).toBeNull();
  });

  it('at 49 pieces names the one piece to the next tier; at 50 prices every piece at 5% off', async () => {
    mockApi(() => undefined);
    const { unmount } = await renderPricedView(await teesHandle(49));
    expect((await screen.findByTestId('next-tier')).textContent).toBe('Add 1 more for ₹14.95 less per piece');
    expect(screen.getByText('Garments (49 × ₹299.00)')).toBeTruthy();
    unmount();

    await renderPricedView(await teesHandle(50));
    expect(rowText(await screen.findByTestId('current-tier'))).toBe('50+ (your tier) | 5% off | ₹284.05');
    expect(screen.getByText('Garments (50 × ₹284.05)').nextElementSibling?.textContent).toBe('₹14,202.50');
    expect(rowText(screen.getByTestId('tier-discount'))).toBe('Quantity tier (5% off ₹299.00) | saves ₹747.50');
    expect(screen.getByTestId('next-tier').textContent).toBe('Add 50 more for ₹14.95 less per piece');
    // ₹14,202.50 + 2.5% (₹355.0625) = ₹14,557.56.
    expect((await screen.findByTestId('studio-total')).textContent).toBe('₹14,557.56');
  });

  it("uses the product's own tiers and names no next tier past the last", async () => {
    mockApi(() => undefined);
    const tee = (await builtinProducts()).find((p) => p.name === 'T-Shirt Normal')!;
    const own = { ...tee, customPriceTiers: true, priceTiers: [{ minPieces: 25, discountBps: 0 }, { minPieces: 30, discountBps: 2000 }] };
    renderAt('/design', <PricePanel handle={await teesHandle(30)} product={own} onPreview={() => {}} onMessage={() => {}} />);
    expect(rowText(await screen.findByTestId('current-tier'))).toBe('30+ (your tier) | 20% off | ₹239.20');
    expect(screen.queryByTestId('next-tier')).toBeNull();
  });
});

async function renderPricedView(handle: StudioHandle) {
  const tee = (await builtinProducts()).find((p) => p.name === 'T-Shirt Normal')!;
  return renderAt('/design', <PricePanel handle={handle} product={tee} onPreview={() => {}} onMessage={() => {}} />);
}
