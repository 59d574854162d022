import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockApi, ok, product, renderAt } from '../../test/testkit';
import { FeaturedProducts } from './FeaturedProducts';

const names = () => screen.getAllByTestId('product-card').map((c) => c.querySelector('h3')?.textContent);

describe('FeaturedProducts', () => {
  it("shows the server's featured products", async () => {
    mockApi((_m, path, url) => (path === '/api/products' && url.searchParams.get('isFeatured') === 'true' ? ok([product({ name: 'Polo' })]) : undefined));
    renderAt('/', <FeaturedProducts />);
    expect(await screen.findByText('Polo')).toBeTruthy();
  });

  it('shows the built-in featured garments, with their pictures, when the backend is down', async () => {
    mockApi(() => undefined, { backend: false });
    renderAt('/', <FeaturedProducts />);
    await screen.findAllByTestId('product-card');
    expect(names()).toEqual(['Shirt Full Sleeve', 'T-Shirt Piping', 'T-Shirt Normal']);
    expect(screen.queryByText('No Featured Products')).toBeNull();
    const shot = screen.getByRole('img', { name: 'T-Shirt Piping in white' });
    expect(shot.getAttribute('src')).toBe('/api/catalogue/tshirt-piping/white-front.png');
  });

  it('has an empty state', async () => {
    mockApi((_m, path) => (path === '/api/products' ? ok([]) : undefined));
    renderAt('/', <FeaturedProducts />);
    expect(await screen.findByText('No Featured Products')).toBeTruthy();
    expect(screen.getByText('Check back later for our latest products.')).toBeTruthy();
  });
});
