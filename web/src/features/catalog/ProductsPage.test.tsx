import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls, fail, mockApi, ok, product, renderAt } from '../../test/testkit';
import ProductsPage, { listable } from './ProductsPage';

describe('ProductsPage', () => {
  it('lists only products with colour pictures', async () => {
    mockApi((_m, path) => (path === '/api/products' ? ok([product({ name: 'With Pictures' }), product({ name: 'Bare', colorImages: [] })]) : undefined));
    renderAt('/products', <ProductsPage />);
    expect(await screen.findByText('With Pictures')).toBeTruthy();
    expect(screen.queryByText('Bare')).toBeNull();
    expect(screen.getByText('1 product')).toBeTruthy();
  });

  it('offers Try Again after a failure, which loads again', async () => {
    let failing = true;
    const fetchMock = mockApi((_m, path) => (path === '/api/products' ? (failing ? fail(500, 'Server error. Please try again later.') : ok([product()])) : undefined));
    renderAt('/products', <ProductsPage />);
    expect(await screen.findByText('Failed to load products')).toBeTruthy();
    expect(screen.getByText('Server error. Please try again later.')).toBeTruthy();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Classic Round Neck T-Shirt')).toBeTruthy();
    expect(calls(fetchMock, '/api/products')).toBe(2);
  });

  it('has an empty state', async () => {
    mockApi((_m, path) => (path === '/api/products' ? ok([]) : undefined));
    renderAt('/products', <ProductsPage />);
    expect(await screen.findByText('No Products Available')).toBeTruthy();
  });

  it('lists the built-in catalogue with its pictures when the backend is down', async () => {
    mockApi(() => undefined, { backend: false });
    renderAt('/products', <ProductsPage />);
    expect(await screen.findByText('T-Shirt Normal')).toBeTruthy();
    expect(screen.getByText('5 products')).toBeTruthy();
    const shot = screen.getByRole('img', { name: 'Shirt Full Sleeve in white' }) as HTMLImageElement;
    expect(shot.getAttribute('src')).toBe('/api/catalogue/shirt-full-sleeve/white-front.png');
    expect(screen.queryByText('Image Not Available')).toBeNull();
  });

  it('falls back to the built-in catalogue when the products request gets no answer', async () => {
    // The health check passed a moment ago; the server went away since.
    mockApi((_m, path) => {
      if (path === '/api/products') throw new TypeError('Failed to fetch');
      return undefined;
    });
    renderAt('/products', <ProductsPage />);
    expect(await screen.findByText('T-Shirt Piping')).toBeTruthy();
    expect(screen.queryByText('Failed to load products')).toBeNull();
  });

  it('lists only products with pictures', () => {
    const bare = product({ colorImages: [] });
    const shown = product();
    expect(listable([bare, shown])).toEqual([shown]);
  });
});
