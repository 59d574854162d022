// A customer's quotes in Hindi: the list and a quote's page read Hindi, with no English word of them left (the
// product's name, its colour and the store's note aside).
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { inHindi, mockApi, ok, renderRoutes, signedIn } from '../../test/testkit';
import { quote } from '../../test/quoteFixtures';
import QuotePage from './QuotePage';
import MyQuotesPage from './MyQuotesPage';

const DATA = ['Classic', 'Round', 'Neck', 'Shirt', 'white', 'For', 'the', 'annual', 'day', 'PDF'];
/** Latin words of three letters or more in the page's texts (each text node apart), except the data's. */
function englishLeft(root: HTMLElement): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) texts.push(walker.currentNode.textContent ?? '');
  return (texts.join(' ').match(/[A-Za-z]{3,}/g) ?? []).filter((w) => !DATA.includes(w));
}

describe('the quotes in Hindi', () => {
  it("shows a quote's page in Hindi", async () => {
    await inHindi();
    signedIn();
    mockApi((m, path) => (m === 'GET' && path === '/api/quotes/q1' ? ok(quote({ status: 'open' })) : undefined));
    const { container } = renderRoutes([{ path: '/quotes/:id', element: <QuotePage /> }], '/quotes/q1');
    expect(await screen.findByRole('heading', { name: 'कोटेशन QT/26-27/000001' })).toBeTruthy();
    expect(screen.getByTestId('quote-status').textContent).toBe('15 दिस॰ 2026 के अंत तक मान्य (भारत का समय)');
    expect(screen.getByTestId('quote-sizes').textContent).toBe('साइज़: M 20 · L 30');
    expect(screen.getByRole('button', { name: 'स्वीकार करें और कार्ट पर जाएँ' })).toBeTruthy();
    expect(englishLeft(container)).toEqual([]);
  });

  it('lists the quotes in Hindi', async () => {
    await inHindi();
    signedIn();
    mockApi((m, path) => (m === 'GET' && path === '/api/quotes' ? ok([quote({ status: 'open' }), quote({ id: 'q2', status: 'accepted' })]) : undefined));
    const { container } = renderRoutes([{ path: '/user/quotes', element: <MyQuotesPage /> }], '/user/quotes');
    expect(await screen.findByRole('heading', { name: 'कोटेशन' })).toBeTruthy();
    const items = await screen.findAllByTestId('my-quote');
    expect(items[1].textContent).toBe('QT/26-27/000001 Classic Round Neck T-Shirt (white) · 50 पीस, हर एक ₹400.00 का · स्वीकार किया गया');
    expect(englishLeft(container)).toEqual([]);
  });
});
