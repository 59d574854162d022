import { describe, expect, it } from 'vitest';
import { ApiError, SERVER_UNREACHABLE } from './api';
import type { Design } from './engine';
import type { LocalLine } from './localCart';
import { designDoc } from '../test/testkit';
import { describeMerge, mergeLocalCart, needsNotice, type MergeDeps } from './mergeLocalCart';

function line(id: string, productId: string, unitPrice: number, color = 'white'): LocalLine {
  return { id, design: designDoc({ productId, color }) as Design, name: `Shirt ${id}`, unitPrice, addedAt: 0 };
}

/** A server with current prices per product (missing: gone), and what reached it. */
function server(prices: Record<string, number>, { downAfter = Infinity } = {}) {
  const added: { productId: string; price: number }[] = [];
  const forgotten: string[] = [];
  let calls = 0;
  const deps: MergeDeps = {
    upload: async () => {},
    add: async (design, price) => {
      if (++calls > downAfter) throw new TypeError('Failed to fetch');
      const now = prices[design.productId];
      if (now === undefined) throw new ApiError('Product not found in database.', 404);
      if (now !== price) throw new ApiError('Price has changed. Please refresh the page and try again.', 400, 'PRICE_MISMATCH');
      added.push({ productId: design.productId, price });
    },
    currentPricing: async (id) => ({ unitPrice: prices[id], tiers: [{ minPieces: 25, discountBps: 0 }] }),
    // 25 garments in the base tier, no design fee.
    quote: async (_design, { unitPrice }) => ({
      baseUnitPrice: unitPrice,
      tierMinPieces: 25,
      tierDiscountBps: 0,
      unitPrice,
      quantity: 25,
      tierDiscount: 0,
      garments: unitPrice * 25,
      elements: 0,
      chargeableElements: 0,
      designFeePerElement: 5000,
      designFee: 0,
      personalisation: null,
      total: unitPrice * 25,
      nextTier: null,
    }),
    forget: async (id) => void forgotten.push(id),
  };
  return { deps, added, forgotten };
}

describe('sending the offline cart to the server cart', () => {
  it('names a repriced line with its old and new price, keeps a refused one with the reason, and forgets only what the server took', async () => {
    const s = server({ p1: 25000, p2: 30000 });
    const report = await mergeLocalCart([line('a', 'p1', 25000), line('b', 'p2', 25000, 'black'), line('c', 'gone', 25000)], s.deps);
    expect(s.added).toEqual([
      { productId: 'p1', price: 25000 },
      { productId: 'p2', price: 30000 },
    ]);
    expect(s.forgotten).toEqual(['a', 'b']);
    expect(report.taken.map((l) => l.id)).toEqual(['a']);
    expect(report.repriced).toEqual([expect.objectContaining({ was: 25000, now: 30000, wasTotal: 625000, nowTotal: 750000 })]);
    expect(report.kept).toEqual([{ line: expect.objectContaining({ id: 'c' }), reason: 'Product not found in database.' }]);
    expect(needsNotice(report)).toBe(true);
    expect(describeMerge(report)).toEqual({
      repriced: ['Shirt b (black, 25 items): the price changed from ₹250.00 to ₹300.00 each; the line is now ₹7,500.00 (was ₹6,250.00).'],
      kept: ["Shirt c (white, 25 items): Product not found in database. It is still in this browser's cart."],
    });
  });

  it('keeps every line from the one the server stopped answering at', async () => {
    const s = server({ p1: 25000, p2: 25000, p3: 25000 }, { downAfter: 1 });
    const report = await mergeLocalCart([line('a', 'p1', 25000), line('b', 'p2', 25000), line('c', 'p3', 25000)], s.deps);
    expect(s.forgotten).toEqual(['a']);
    expect(report.kept.map((k) => [k.line.id, k.reason])).toEqual([
      ['b', SERVER_UNREACHABLE],
      ['c', SERVER_UNREACHABLE],
    ]);
  });

  it('says nothing when every line went in as it was', async () => {
    const s = server({ p1: 25000 });
    const report = await mergeLocalCart([line('a', 'p1', 25000)], s.deps);
    expect(report.taken).toHaveLength(1);
    expect(needsNotice(report)).toBe(false);
  });

  it('keeps a line whose picture the server could not take', async () => {
    const s = server({ p1: 25000 });
    s.deps.upload = async () => {
      throw new ApiError('Please upload the image again', 400);
    };
    const report = await mergeLocalCart([line('a', 'p1', 25000)], s.deps);
    expect(s.added).toEqual([]);
    expect(report.kept).toEqual([{ line: expect.objectContaining({ id: 'a' }), reason: 'Please upload the image again' }]);
  });
});
