// The saved designs in Hindi: the page, its summary and each card's figures and actions read Hindi, with no
// English word of them left (the design's and product's names aside).
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { designDoc, inHindi, mockApi, renderRoutes, signedIn } from '../../test/testkit';
import type { SavedDesign } from '../../api/designs';
import SavedDesignsPage from './SavedDesignsPage';

const DESIGN: SavedDesign = {
  _id: 'a'.repeat(24),
  name: 'Annual day',
  productId: 'p'.repeat(24),
  productName: 'T-Shirt Normal',
  color: 'white',
  colorHex: '#ffffff',
  version: 1,
  design: designDoc(),
  price: 49900,
  quantity: { s: 0, m: 2, l: 1, xl: 0, xxl: 0 },
  itemCount: 3,
  elements: 1,
  designFee: 5000,
  lineTotal: 154700,
  printAreas: ['Left Chest'],
  materialQuality: 'Standard',
  printQuality: 'High',
  needMore: 22,
  thumbnailUrl: `/api/designs/${'a'.repeat(24)}/thumbnail?v=1`,
  createdAt: 1_722_000_000,
  updatedAt: 1_722_000_000,
};

const english = (el: Element | null) => (el?.textContent?.match(/[A-Za-z]{3,}/g) ?? []);

describe('the saved designs in Hindi', () => {
  it('shows the page, the summary and a card in Hindi', async () => {
    await inHindi();
    signedIn();
    mockApi((method, path) =>
      method === 'GET' && path === '/api/designs'
        ? { status: 200, body: { success: true, message: '', data: [DESIGN], pagination: { page: 1, limit: 12, total: 1, pages: 1 } } }
        : undefined,
    );
    const { container } = renderRoutes([{ path: '/user/saved-designs', element: <SavedDesignsPage /> }], '/user/saved-designs');
    expect(await screen.findByRole('heading', { level: 1, name: 'सेव किए गए डिज़ाइन' })).toBeTruthy();
    expect(screen.getByTestId('designs-summary').textContent).toBe('1 आइटम सेव किए गएकुल मूल्य ₹1,547.00कार्ट देखें');
    expect(screen.getByRole('button', { name: 'कार्ट में भेजें' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ज़्यादा आइटम' })).toBeTruthy();
    for (const part of ['.page-head', '.designs-summary', '.design-figures', '.design-actions', '.share-button']) expect([part, english(container.querySelector(part))]).toEqual([part, []]);
  });
});
