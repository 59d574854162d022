// Shop All in Hindi: the heading, the count and the cards read in Hindi, with no English word left but the
// products' own; the failure too.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { fail, inHindi, mockApi, ok, product, renderAt } from '../../test/testkit';
import { englishLeft } from '../../test/englishLeft';
import ProductsPage from './ProductsPage';

describe('Shop All in Hindi', () => {
  it('reads in Hindi', async () => {
    await inHindi();
    mockApi((_m, path) => (path === '/api/products' ? ok([product({ name: 'Polo' }), product({ name: 'Hoodie', colorImages: [] })]) : undefined));
    const { container } = renderAt('/products', <ProductsPage />);
    expect(await screen.findByText('Polo')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'सभी उत्पाद' })).toBeTruthy();
    expect(screen.getByText('1 उत्पाद')).toBeTruthy();
    expect(screen.getByRole('radiogroup', { name: 'Polo के रंग' })).toBeTruthy();
    expect(englishLeft(container, ['Polo', 'white', 'black', 'navyblue'])).toEqual([]);
  });

  it('says a failure in Hindi', async () => {
    await inHindi();
    mockApi((_m, path) => (path === '/api/products' ? fail(400, 'सर्वर का संदेश') : undefined));
    const { container } = renderAt('/products', <ProductsPage />);
    expect(await screen.findByRole('heading', { name: 'उत्पाद लोड नहीं हो सके' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'फिर से कोशिश करें' })).toBeTruthy();
    expect(englishLeft(container)).toEqual([]);
  });
});
