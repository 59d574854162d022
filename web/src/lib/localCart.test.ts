import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { addLocalLine, garmentsOf, localLines, priceLocalCart, removeLocalLine } from './localCart';
import { loadEngine, pricingOf, type Design } from './engine';

const TEXT = { text: 'Team Legacy', font: 'Arial', size: 16, color: '#000000', position: { x: 50, y: 50 } } as const;

/** A design document as the studio writes it: 25 in M, a text on the chest and one on the back. */
async function design(color = 'white', texts = 2): Promise<Design> {
  const engine = await loadEngine();
  const studio = new engine.Studio('64f1a2b3c4d5e6f708190a05', color);
  studio.setQuantity('m', 25);
  const doc = studio.design();
  studio.free();
  if (texts > 0) doc.areas.leftChest = { text: TEXT, image: null };
  if (texts > 1) doc.areas.back = { text: { ...TEXT, text: 'Number 10' }, image: null };
  return doc;
}

describe('the cart kept in this browser', () => {
  it('keeps lines in IndexedDB, oldest first, until one is removed', async () => {
    const first = await addLocalLine({ design: await design(), name: 'T-Shirt Normal', unitPrice: 25000 });
    const second = await addLocalLine({ design: await design('black', 0), name: 'T-Shirt Normal', unitPrice: 25000 });
    expect((await localLines()).map((l) => l.id)).toEqual([first.id, second.id]);
    expect((await localLines())[1].design.color).toBe('black');
    expect(garmentsOf(first)).toBe(25);
    await removeLocalLine(first.id);
    expect((await localLines()).map((l) => l.id)).toEqual([second.id]);
    await removeLocalLine(second.id);
    expect(await localLines()).toEqual([]);
  });

  it("is priced by the engine, as the studio (and so the server) prices it, at the store's fee", async () => {
    const doc = await design();
    const lines = [
      { id: 'a', design: doc, name: 'T-Shirt Normal', unitPrice: 25000, addedAt: 1 },
      { id: 'b', design: await design('black', 0), name: 'T-Shirt Normal', unitPrice: 30000, addedAt: 2 },
    ];
    const { lines: quotes, order } = await priceLocalCart(lines, 250);
    // 25 × ₹250 with two texts (the first free, ₹50 for the second); 25 × ₹300 plain.
    expect(quotes.map((q) => [q.garments, q.designFee, q.total])).toEqual([
      [625000, 5000, 630000],
      [750000, 0, 750000],
    ]);
    expect(order.subtotal).toBe(1380000);
    // 2.5% of ₹13,800, and nothing at a fee the merchant absorbs.
    expect(order.gatewayCharge).toBe(34500);
    expect(order.total).toBe(1414500);
    expect((await priceLocalCart(lines, 0)).order.total).toBe(1380000);

    // The studio's own figure for the first line alone is the same.
    const engine = await loadEngine();
    const studio = engine.Studio.fromJson(JSON.stringify(doc));
    const alone = studio.orderQuote(pricingOf({ price: 25000 }), 250);
    studio.free();
    expect((await priceLocalCart([lines[0]], 250)).order).toEqual(alone);
  });

  it("prices a line in the quantity tier its pieces reach, with the product's own tiers when it kept them", async () => {
    const fifty = await design('white', 0);
    fifty.quantities.m = 50;
    const defaults = { id: 'd', design: fifty, name: 'T-Shirt Normal', unitPrice: 29900, addedAt: 1 };
    const own = { ...defaults, id: 'o', priceTiers: [{ minPieces: 25, discountBps: 0 }, { minPieces: 40, discountBps: 2000 }] };
    const { lines: quotes } = await priceLocalCart([defaults, own], 0);
    // ₹299 less 5% = ₹284.05; less 20% = ₹239.20.
    expect(quotes.map((q) => [q.unitPrice, q.tierDiscountBps, q.total])).toEqual([
      [28405, 500, 1420250],
      [23920, 2000, 1196000],
    ]);
    expect(quotes[0].nextTier?.hint).toBe('Add 50 more for ₹14.95 less per piece');
    expect(quotes[1].nextTier).toBeNull();
  });
});
