import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls, fail, inHindi, mockApi, ok, renderRoutes } from '../../test/testkit';
import { englishLeft } from '../../test/englishLeft';
import type { SharedDesign } from '../../api/sharedDesigns';
import { draftKey, draftOrigin, setDraftOrigin } from '../../lib/studioDraft';
import SharedDesignPage from './SharedDesignPage';

const token = 'c'.repeat(32);
const productId = 'p'.repeat(24);
const sha = 'e'.repeat(64);
const design: SharedDesign['design'] = {
  version: 1,
  productId,
  color: 'black',
  areas: {
    leftChest: { text: { text: 'Team Legacy', font: 'Arial', size: 24, color: '#ffffff', position: { x: 50, y: 50 } }, image: null },
    back: { text: null, image: { asset: { sha256: sha, mime: 'image/png', bytes: 120, width: 8, height: 8 }, name: 'logo.png', size: { width: 50, height: 50 }, position: { x: 50, y: 50 }, useEmbroidery: false } },
  },
  quantities: { s: 0, m: 10, l: 0, xl: 0, xxl: 0 },
  materialQuality: 'Premium',
  printQuality: 'High',
};
const shared: SharedDesign = {
  name: 'Team Legacy tee',
  productId,
  productName: 'T-Shirt Normal',
  color: 'black',
  colorHex: '#111111',
  design,
  price: 49900,
  quantity: { s: 0, m: 10, l: 0, xl: 0, xxl: 0 },
  itemCount: 10,
  elements: 2,
  designFee: 5000,
  lineTotal: 504000,
  printAreas: ['Left Chest', 'Back'],
  materialQuality: 'Premium',
  printQuality: 'High',
  needMore: 15,
  thumbnailUrl: `/api/shared-designs/${token}/thumbnail?v=3`,
  updatedAt: 1_722_000_000,
};

function renderShared() {
  return renderRoutes([{ path: '/d/:token', element: <SharedDesignPage /> }], `/d/${token}`);
}

describe('SharedDesignPage', () => {
  it('shows the design: name, product, colour, thumbnail, details and price', async () => {
    mockApi((_method, path) => (path === `/api/shared-designs/${token}` ? ok(shared) : undefined));
    renderShared();
    expect(await screen.findByRole('heading', { level: 1, name: 'Team Legacy tee' })).toBeTruthy();
    expect(screen.getByText('T-Shirt Normal', { exact: false }).textContent).toContain('black');
    expect(screen.getByRole('img', { name: 'Team Legacy tee thumbnail' }).getAttribute('src')).toBe(shared.thumbnailUrl);
    const details = screen.getByText('Print Area').closest('dl')!;
    expect(within(details).getByText('Left Chest, Back')).toBeTruthy();
    expect(within(details).getByText('Premium')).toBeTruthy();
    expect(within(details).getByText('M 10')).toBeTruthy();
    expect(screen.getByTestId('shared-total').textContent).toBe('₹5,040.00');
  });

  it('says the link is not valid when the server does not know it (404)', async () => {
    mockApi((_method, path) => (path === `/api/shared-designs/${token}` ? fail(404, 'This design link is not valid or was turned off') : undefined));
    renderShared();
    expect(await screen.findByRole('heading', { name: 'This link is not valid or was turned off' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Start my own copy' })).toBeNull();
  });

  it('Start my own copy fetches the pictures through the link, makes the design a new draft and opens the studio', async () => {
    // A draft that was a saved design of this product: the copy is a new design instead.
    setDraftOrigin(productId, { id: 'x'.repeat(24), version: 2, name: 'Mine', baseline: null });
    const fetchMock = mockApi((_method, path) => {
      if (path === `/api/shared-designs/${token}`) return ok(shared);
      if (path === `/api/shared-designs/${token}/artwork/${sha}`) return { status: 200, body: 'png bytes' };
      return undefined;
    });
    renderShared();
    await userEvent.click(await screen.findByRole('button', { name: 'Start my own copy' }));
    expect((await screen.findByTestId('path')).textContent).toBe(`/design?productId=${productId}&color=black`);
    expect(calls(fetchMock, `/api/shared-designs/${token}/artwork/${sha}`)).toBe(1);
    expect(JSON.parse(localStorage.getItem(draftKey(productId))!)).toEqual(design);
    expect(draftOrigin(productId)).toBeNull();
  });

  it('stays on the page with a message when a picture cannot be fetched', async () => {
    mockApi((_method, path) => (path === `/api/shared-designs/${token}` ? ok(shared) : fail(404, 'Artwork not found')));
    renderShared();
    await userEvent.click(await screen.findByRole('button', { name: 'Start my own copy' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Artwork not found');
    expect(localStorage.getItem(draftKey(productId))).toBeNull();
    expect(screen.queryByTestId('path')).toBeNull();
  });
});

describe('SharedDesignPage in Hindi', () => {
  it("reads in Hindi, the design's own words aside", async () => {
    await inHindi();
    mockApi((_method, path) => (path === `/api/shared-designs/${token}` ? ok(shared) : undefined));
    const { container } = renderShared();
    expect(await screen.findByRole('heading', { level: 1, name: 'Team Legacy tee' })).toBeTruthy();
    expect(screen.getByText('साझा किया गया डिज़ाइन')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Team Legacy tee की झलक' })).toBeTruthy();
    expect(screen.getByText('छपाई की जगह')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'अपनी कॉपी शुरू करें' })).toBeTruthy();
    const own = ['Team', 'Legacy', 'tee', 'Shirt', 'Normal', 'black', 'Left', 'Chest', 'Back', 'Premium', 'High'];
    expect(englishLeft(container, own)).toEqual([]);
  });

  it('says a link is gone in Hindi', async () => {
    await inHindi();
    mockApi((_method, path) => (path === `/api/shared-designs/${token}` ? fail(404, 'गया') : undefined));
    const { container } = renderShared();
    expect(await screen.findByRole('heading', { name: 'यह लिंक मान्य नहीं है या बंद कर दिया गया है' })).toBeTruthy();
    expect(englishLeft(container)).toEqual([]);
  });
});
