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

  it('keeps picture-less products in mock mode so the studio stays reachable', () => {
    const bare = product({ colorImages: [] });
    expect(listable([bare], true)).toEqual([bare]);
    expect(listable([bare], false)).toEqual([]);
  });
});
