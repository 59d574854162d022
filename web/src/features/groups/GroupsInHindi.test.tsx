// The group-order pages in Hindi: a visitor's link, a member's piece with its share to pay, and the organiser's
// page read Hindi, with no English word of the pages left (names and figures from the data aside).
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, ok, renderRoutes, signedIn, inHindi } from '../../test/testkit';
import { englishLeft as englishOn } from '../../test/englishLeft';
import { group, GROUP_ID, GROUP_TOKEN, myPieces, productAnswer, publicGroup } from '../../test/groupFixtures';
import GroupLinkPage from './GroupLinkPage';
import GroupOrderPage from './GroupOrderPage';

/** Latin words of three letters or more, except the data's names (the group, the product, members, sizes). */
function englishLeft(text: string, allowed: string[]): string[] {
  const words = text.match(/[A-Za-z]{3,}/g) ?? [];
  return words.filter((w) => !allowed.includes(w));
}
const DATA = ['Chess', 'Club', 'Asha', 'Shirt', 'Normal', 'Member', 'Verma', 'XXL', 'GSTIN'];

describe('the group-order pages in Hindi', () => {
  it('shows a visitor the link in Hindi', async () => {
    await inHindi();
    mockApi((_m, path) => (path === `/api/group-orders/by-token/${GROUP_TOKEN}` ? ok(publicGroup()) : productAnswer(path)));
    const { container } = renderRoutes([{ path: '/g/:token', element: <GroupLinkPage /> }], `/g/${GROUP_TOKEN}`);
    expect(await screen.findByRole('link', { name: 'जुड़ने के लिए साइन इन करें' })).toBeTruthy();
    expect(screen.getByText('Asha').closest('p')?.textContent).toBe('Asha T-Shirt Normal के एक ऑर्डर के लिए साइज़ इकट्ठा कर रहे हैं।');
    expect(screen.getByRole('button', { name: '3D में देखें' })).toBeTruthy();
    expect(englishLeft(container.querySelector('.stack')!.textContent!, DATA)).toEqual([]);
  });

  it('shows a member their unpaid piece and its share in Hindi', async () => {
    await inHindi();
    signedIn();
    const base = `/api/group-orders/by-token/${GROUP_TOKEN}`;
    mockApi((_m, path) => {
      if (path === base) return ok(publicGroup({ payment: 'members' }));
      if (path === `${base}/rows/mine`) return ok(myPieces([{ size: 'M' }], { toPay: 30648 }));
      return productAnswer(path);
    });
    const { container } = renderRoutes([{ path: '/g/:token', element: <GroupLinkPage /> }], `/g/${GROUP_TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'आपका पीस' })).toBeTruthy();
    expect(screen.getByTestId('piece-unpaid').textContent).toMatch(/^अभी भुगतान बाकी: आपके पीस के लिए ₹306.48/);
    expect(screen.getByRole('button', { name: '₹306.48 का भुगतान करें' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'वापस लें' })).toBeTruthy();
    expect(englishLeft(container.textContent!, DATA)).toEqual([]);
  });

  it("shows the organiser's page in Hindi", async () => {
    await inHindi();
    signedIn();
    mockApi((_m, path) => (path === `/api/group-orders/${GROUP_ID}` ? ok(group()) : productAnswer(path)));
    const { container } = renderRoutes([{ path: '/account/group-orders/:id', element: <GroupOrderPage /> }], `/account/group-orders/${GROUP_ID}`);
    expect(await screen.findByLabelText('आपके ग्रुप के लिए लिंक')).toBeTruthy();
    expect(screen.getByTestId('group-pieces').textContent).toBe('अब तक 3 पीस');
    expect(screen.getByTestId('group-need-more').textContent).toBe('25 की न्यूनतम संख्या तक पहुँचने के लिए 22 और पीस चाहिए।');
    expect(screen.getByRole('button', { name: 'बंद करें और भुगतान करें' })).toBeTruthy();
    const text = container.textContent!.replace(location.origin, '');
    expect(englishLeft(text, DATA)).toEqual([]);
  });

  it('tells a paying member in Hindi that their withdrawn piece is refunded', async () => {
    await inHindi();
    signedIn();
    const base = `/api/group-orders/by-token/${GROUP_TOKEN}`;
    let joined = true;
    mockApi((method, path) => {
      if (path === base) return ok(publicGroup({ payment: 'members' }));
      if (path === `${base}/rows/mine/p1` && method === 'DELETE') {
        joined = false;
        // The server's English: the page says it in its own words.
        return ok(publicGroup({ payment: 'members' }), 'You have withdrawn from the group order: your payment is being refunded');
      }
      if (path === `${base}/rows/mine`) return joined ? ok(myPieces([{ size: 'M', paid: true, orderId: 'o7', orderNumber: 'LT-20261122-000007' }])) : fail(404, 'Not joined');
      return productAnswer(path);
    });
    const { container } = renderRoutes([{ path: '/g/:token', element: <GroupLinkPage /> }], `/g/${GROUP_TOKEN}`);
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'वापस लें' }));
    await u.click(within(screen.getByRole('dialog', { name: 'वापस लें' })).getByRole('button', { name: 'वापस लें' }));
    expect(await screen.findByText('आप ग्रुप ऑर्डर से हट गए हैं: आपका भुगतान रिफ़ंड किया जा रहा है।')).toBeTruthy();
    // The join form is back, with the product's size chart (its measurement, Chest, is the merchant's word).
    expect(englishOn(container, [...DATA, 'Chest'])).toEqual([]);
  });
});
