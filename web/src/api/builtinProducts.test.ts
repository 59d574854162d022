import { describe, expect, it } from 'vitest';
import { builtinProducts, matching } from './builtinProducts';

describe('built-in products (mock mode)', () => {
  it('are the five garments with front and back pictures for every colour', async () => {
    const all = await builtinProducts();
    expect(all.map((p) => p.name)).toEqual(['Shirt Full Sleeve', 'Shirt Half Sleeve', 'T-Shirt Inverted', 'T-Shirt Piping', 'T-Shirt Normal']);
    for (const p of all) {
      expect(p._id).toHaveLength(24);
      expect(p.colorImages.map((c) => c.color)).toEqual(p.colors);
      expect(p).not.toHaveProperty('slug');
    }
    const navy = all[4].colorImages.find((c) => c.color === 'navyblue');
    expect(navy).toEqual({
      color: 'navyblue',
      frontImage: { url: '/api/catalogue/tshirt-normal/navyblue-front.png' },
      backImage: { url: '/api/catalogue/tshirt-normal/navyblue-back.png' },
    });
  });

  it('are filtered as the server filters GET /products', async () => {
    const all = await builtinProducts();
    const names = (q: Parameters<typeof matching>[1]) => matching(all, q).map((p) => p.name);
    expect(names({ isFeatured: true, limit: 8 })).toEqual(['Shirt Full Sleeve', 'T-Shirt Piping', 'T-Shirt Normal']);
    expect(names({ category: 'SHIRTS' })).toEqual(['Shirt Full Sleeve', 'Shirt Half Sleeve']);
    expect(names({ search: 'piping' })).toEqual(['T-Shirt Piping']);
    expect(names({ brand: 'Someone Else' })).toEqual([]);
    expect(names({ limit: 2 })).toHaveLength(2);
  });
});
