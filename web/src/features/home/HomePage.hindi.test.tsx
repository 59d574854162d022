// The home page in Hindi: the hero, the steps, the featured products (their cards) and the call to action read in
// Hindi, with no English word left but the products' own and the size names.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inHindi, mockApi, ok, product, renderAt, signedIn, storeFacts } from '../../test/testkit';
import { englishLeft } from '../../test/englishLeft';
import { HomePage } from './HomePage';

describe('the home page in Hindi', () => {
  it('reads in Hindi', async () => {
    await inHindi();
    signedIn();
    mockApi((_m, path) => (path === '/api/products' ? ok([product({ name: 'Polo' }), product({ name: 'Hoodie' })]) : path === '/api/store' ? ok(storeFacts()) : undefined));
    const { container } = renderAt('/', <HomePage />);
    expect(screen.getByRole('heading', { name: 'अपनी पहचान डिज़ाइन करें' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Polo' })).toBeTruthy();
    expect(await screen.findByText(/30 दिनों के भीतर रिटर्न/)).toBeTruthy();
    expect(screen.getByRole('link', { name: '30 दिनों में रिटर्न' })).toBeTruthy();
    await userEvent.click(screen.getAllByRole('button', { name: 'डिज़ाइन करना शुरू करें' })[0]);
    expect(screen.getByRole('dialog', { name: 'डिज़ाइन का प्रकार चुनें' })).toBeTruthy();
    const data = ['Polo', 'Hoodie', 'white', 'black', 'navyblue', 'XXL'];
    expect(englishLeft(container.ownerDocument.body, data)).toEqual([]);
  });
});
