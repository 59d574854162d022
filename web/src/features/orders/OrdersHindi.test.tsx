// The customer's orders in Hindi: the list, an order's details and its proof read Hindi; what stays in Latin
// letters is the order's data (its number, the product, colour, address, the gateway's name from the server).
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inHindi, mockApi, ok, order, renderAt, renderRoutes, signedIn, storeFacts } from '../../test/testkit';
import { claim } from '../../test/supportFixtures';
import { englishLeft } from '../../test/englishLeft';
import { COURIER_WORDS, deliveredTracking, FULL_TIMELINE_HINDI, fullTimeline } from '../../test/orderFixtures';
import OrdersPage from './OrdersPage';
import { ProofReview } from './ProofReview';

/** Latin words in an element's text that are not the order's data. */
function englishIn(element: Element, data: RegExp): string[] {
  return (element.textContent?.match(/[A-Za-z]{3,}/g) ?? []).filter((word) => !data.test(word));
}

/** The test order's data: its product, colour, customer and address, payment method and the server's gateway name. */
const ORDER_WORDS = ['Shirt', 'Normal', 'white', 'card', 'Payment', 'Gateway', 'Janpath', 'New', 'Delhi', 'India', 'Asha', 'Verma', 'Test', 'Customer'];
const ORDER_DATA = new RegExp(`^(${ORDER_WORDS.join('|')})$`);

describe('the orders in Hindi', () => {
  it('lists an order and shows its details in Hindi', async () => {
    await inHindi();
    signedIn();
    mockApi((method, path) =>
      method === 'GET' && path === '/api/orders'
        ? { status: 200, body: { success: true, message: 'Orders', data: [order(1), order(2, { status: 'confirmed', isPaid: true })], pagination: { page: 1, limit: 10, total: 2, pages: 1 } } }
        : undefined,
    );
    renderRoutes([{ path: '/user/orders', element: <OrdersPage /> }], '/user/orders');
    const cards = await screen.findAllByTestId('order-card');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('मेरे ऑर्डर');
    expect(within(cards[0]).getByRole('heading').textContent).toBe('ऑर्डर LT-20261122-000001');
    expect(within(cards[0]).getByText('पेंडिंग', { selector: '.status-chip' })).toBeTruthy();
    expect(within(cards[1]).getByText('कन्फ़र्म', { selector: '.status-chip' })).toBeTruthy();
    expect(within(cards[0]).getByText('कुल ₹6,406.25')).toBeTruthy();
    await userEvent.click(within(cards[0]).getByRole('button', { name: 'विवरण देखें' }));
    const details = cards[0].querySelector<HTMLElement>('.order-details')!;
    expect(within(details).getByText('भेजने का पता:')).toBeTruthy();
    const filters = screen.getByRole('group', { name: 'स्थिति के हिसाब से छाँटें' });
    expect(englishIn(filters, /^$/)).toEqual([]);
    // The whole card, its details open: only the order's data is in Latin letters.
    expect(englishIn(cards[0], ORDER_DATA)).toEqual([]);
  });

  it("reads an order's proof in Hindi", async () => {
    await inHindi();
    signedIn();
    mockApi((method, path) =>
      method === 'GET' && path === '/api/orders/o1/proofs'
        ? ok({ proofState: 'waiting', versions: [{ version: 2, state: 'sent', source: 'drawn', createdBy: 'admin', createdAt: Date.UTC(2026, 10, 25), pdfUrl: '/api/orders/o1/proofs/2.pdf' }] })
        : undefined,
    );
    renderAt('/', <ProofReview order={order(1, { isPaid: true, status: 'confirmed', proofState: 'waiting' })} />);
    expect(await screen.findByText('प्रूफ़ संस्करण 2 आपकी मंज़ूरी के लिए तैयार है।')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'प्रूफ़ देखें' }));
    const proof = screen.getByRole('region', { name: 'ऑर्डर LT-20261122-000001 का प्रूफ़' });
    expect(within(proof).getByRole('button', { name: 'मंज़ूरी दें' })).toBeTruthy();
    expect(englishIn(proof, /^(PDF)$/)).toEqual([]);
  });

  it("reads a delivered order's claims and the claim form in Hindi", async () => {
    await inHindi();
    signedIn();
    const delivered = order(1, { status: 'delivered', isPaid: true });
    const claims = [claim({ status: 'refunded', decision: { action: 'refund', refundPaise: 59800, creditNoteNumber: 'CN/26-27/000003', decidedAt: Date.UTC(2026, 10, 28) } as never })];
    mockApi((method, path) => {
      if (method === 'GET' && path === '/api/orders') return { status: 200, body: { success: true, message: 'Orders', data: [delivered], pagination: { page: 1, limit: 10, total: 1, pages: 1 } } };
      if (method === 'GET' && path === '/api/store') return ok(storeFacts());
      if (method === 'GET' && path === '/api/orders/o1') return ok({ ...delivered, timeline: [{ kind: 'delivered', label: 'Delivered', at: Date.now() }] });
      if (method === 'GET' && path === '/api/orders/o1/claims') return ok(claims);
      return undefined;
    });
    renderRoutes([{ path: '/user/orders', element: <OrdersPage /> }], '/user/orders');
    const reported = await screen.findByRole('region', { name: 'ऑर्डर LT-20261122-000001 में बताई गई समस्याएँ' });
    const summary = within(reported).getByTestId('claim');
    expect(summary.textContent).toContain('टिकट GRV/26-27/000007 · गलत छपाई · M 2 रिफ़ंड हुआ');
    expect(summary.textContent).toContain('रिफ़ंड किया गया ₹598.00 (क्रेडिट नोट CN/26-27/000003)।');
    expect(englishIn(summary, /^(Two|shirts|have|the|logo|printed|upside|down|GRV|CN)$/)).toEqual([]);

    await userEvent.click(await screen.findByRole('button', { name: 'समस्या बताएँ' }));
    const form = screen.getByRole('form', { name: 'ऑर्डर LT-20261122-000001 की समस्या बताएँ' });
    await userEvent.click(within(form).getByRole('button', { name: 'समस्या दर्ज करें' }));
    expect(within(form).getByText('चुनें कि कितने पीस में समस्या है')).toBeTruthy();
    expect(within(form).getByText('कृपया समस्या बताएँ')).toBeTruthy();
    expect(englishIn(form, /^(PNG|JPEG|GIF|Shirt|Normal|white)$/)).toEqual([]);
  });

  it("tells a delivered order's whole story in Hindi: each step, the production stages, the parcel and a claim", async () => {
    await inHindi();
    signedIn();
    const delivered = order(1, { status: 'delivered', isPaid: true });
    mockApi((method, path) => {
      if (method !== 'GET') return undefined;
      if (path === '/api/orders') return { status: 200, body: { success: true, message: 'Orders', data: [delivered], pagination: { page: 1, limit: 10, total: 1, pages: 1 } } };
      if (path === '/api/store') return ok(storeFacts());
      if (path === '/api/orders/o1') return ok({ ...delivered, timeline: fullTimeline() }, 'Order fetched');
      if (path === '/api/orders/o1/tracking') return ok(deliveredTracking());
      if (path === '/api/orders/o1/claims') return ok([]);
      return undefined;
    });
    renderRoutes([{ path: '/user/orders', element: <OrdersPage /> }], '/user/orders');
    const card = (await screen.findAllByTestId('order-card'))[0];
    await userEvent.click(within(card).getByRole('button', { name: 'विवरण देखें' }));
    const timeline = await within(card).findByRole('list', { name: 'ऑर्डर की टाइमलाइन' });
    expect(within(timeline).getAllByRole('listitem').map((li) => li.querySelector('.timeline-label')?.textContent)).toEqual(FULL_TIMELINE_HINDI);
    expect(englishLeft(timeline)).toEqual([]);
    await within(card).findByRole('link', { name: /DL123456789/ });
    // The whole card, details open: only the order's data and the courier's words are in Latin letters.
    expect(englishLeft(card, [...ORDER_WORDS, ...COURIER_WORDS])).toEqual([]);
  });
});
