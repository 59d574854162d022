// The product page in Hindi: its headings, steppers, info blocks and buttons read in Hindi, with no English word
// left but the product's own (its name, category, brand, colours, print areas' labels, country).
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inHindi, mockApi, ok, product, renderRoutes, storeFacts } from '../../test/testkit';
import { englishLeft } from '../../test/englishLeft';
import ProductPage from './ProductPage';

describe('the product page in Hindi', () => {
  it('reads in Hindi', async () => {
    await inHindi();
    const polo = product({ name: 'Polo', category: 'Polo', description: '', models: {} });
    mockApi((_m, path) =>
      path === `/api/products/${polo._id}` ? ok(polo) : path === '/api/store' ? ok(storeFacts()) : path === '/api/templates' ? ok([]) : undefined,
    );
    const { container } = renderRoutes([{ path: '/product/:productId', element: <ProductPage /> }], `/product/${polo._id}`);
    expect(await screen.findByRole('heading', { name: 'Polo' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'हर साइज़ की मात्रा' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'आगे बढ़ने के लिए मात्रा चुनें' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'M बढ़ाएँ' }));
    expect(screen.getByRole('button', { name: 'डिज़ाइन करें और कार्ट में जोड़ें' })).toBeTruthy();
    expect(await screen.findByText(/डिलीवरी के 30 दिनों के भीतर/)).toBeTruthy();
    const data = ['Polo', 'Legacy', 'Threads', 'white', 'black', 'navyblue', 'left', 'chest', 'back', 'India', 'XXL'];
    expect(englishLeft(container, data)).toEqual([]);
  });
});
