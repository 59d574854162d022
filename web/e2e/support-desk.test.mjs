// The complaints desk from both sides in a real Chromium against the real
// store: a signed-in shopper's complaint about an order is answered on the
// admin's desk (/admin/tickets: acknowledged, taken, replied to, resolved with
// a note); the shopper reads it all under Support (/account/support) and
// replies, which reopens it. axe at 360 px and on a desktop on both pages.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { browser, call, expectAccessibleAtBothWidths, screenshots, shopperWithPaidOrder, signedInContext, store, withStore } from './harness.mjs';

withStore();

const ADMIN = 'admin@example.com';
const DESKTOP = { width: 1280, height: 900 };

test('a shopper’s complaint is acknowledged, answered and resolved on the desk; the shopper follows it under Support', async () => {
  const { email, token, order } = await shopperWithPaidOrder('Farah Complainer');
  // Filed signed in (as the contact form does): the ticket is the shopper's.
  const filed = await call('POST', '/support/tickets', token, {
    name: 'Farah Complainer',
    email,
    category: 'order',
    subject: 'Where is my proof?',
    message: 'I paid two days ago and have not seen a proof yet.',
    orderId: order._id,
  });
  assert.match(filed.number, /^GRV\/\d{2}-\d{2}\/\d{6}$/);

  // The shopper's Support page lists it, waiting to be acknowledged.
  const shopper = await signedInContext(browser, store.url, '/account/support', email, { viewport: DESKTOP });
  const thread = shopper.page.getByRole('article', { name: `Ticket ${filed.number}` });
  await thread.getByText('To be acknowledged by').waitFor();
  await thread.getByText(order.orderNumber).waitFor();
  await expectAccessibleAtBothWidths(shopper.page, '/account/support, a new ticket');

  // The admin's desk: the overview links it; acknowledge, take, reply, resolve.
  store.createAdmin(ADMIN);
  const admin = await signedInContext(browser, store.url, '/admin/orders', ADMIN, { viewport: DESKTOP });
  const page = admin.page;
  await page.getByTestId('ticket-counts').getByRole('link', { name: '1 open support ticket' }).click();
  await page.waitForURL('**/admin/tickets');
  const row = page.getByTestId('admin-ticket-row').filter({ hasText: filed.number });
  await row.getByText('Where is my proof?').waitFor();
  await expectAccessibleAtBothWidths(page, '/admin/tickets');
  await row.getByRole('button', { name: `Open ticket ${filed.number}` }).click();
  const panel = page.getByRole('dialog', { name: 'Support ticket' });
  await panel.getByRole('button', { name: 'Acknowledge' }).click();
  await panel.getByText('Ticket acknowledged').waitFor();
  await panel.getByRole('button', { name: 'Assign to me' }).click();
  await panel.getByText('Ticket assigned to you').waitFor();
  const reply = panel.getByRole('form', { name: 'Reply to the customer' });
  await reply.getByRole('textbox').fill('Your proof goes out today.');
  await reply.getByRole('button', { name: 'Send reply' }).click();
  await panel.getByText('Your proof goes out today.').waitFor();
  const resolve = panel.getByRole('form', { name: 'Resolve the ticket' });
  await resolve.getByRole('button', { name: 'Resolve' }).click();
  await resolve.getByText('Please write a resolution note').waitFor();
  await expectAccessibleAtBothWidths(page, 'the ticket panel, a resolution without its note');
  await resolve.getByRole('textbox').fill('Proof version 1 sent.');
  await resolve.getByRole('button', { name: 'Resolve' }).click();
  await panel.getByText('Ticket resolved: the customer is e-mailed').waitFor();
  await page.screenshot({ path: join(screenshots, 'admin-ticket-resolved.png') });
  await panel.getByRole('button', { name: 'Close' }).click();
  await row.getByText('Resolved').waitFor();
  assert.deepEqual(admin.context.cspViolations, []);
  await admin.context.close();

  // The shopper reads the answer and the resolution, and replies: the ticket reopens.
  await shopper.page.reload();
  await thread.getByText('Your proof goes out today.').waitFor();
  await thread.locator('.ticket-resolution', { hasText: 'Proof version 1 sent.' }).waitFor();
  await thread.getByText('Replying reopens this ticket.').waitFor();
  await expectAccessibleAtBothWidths(shopper.page, '/account/support, a resolved ticket');
  await thread.getByRole('textbox', { name: 'Your reply' }).fill('Thanks, but the proof has the wrong colour.');
  await thread.getByRole('button', { name: 'Send reply' }).click();
  await thread.getByText('Thanks, but the proof has the wrong colour.').waitFor();
  await thread.locator('.ticket-chip').filter({ hasNotText: 'Resolved' }).waitFor();
  await shopper.page.screenshot({ path: join(screenshots, 'account-support-reopened.png'), fullPage: true });
  assert.deepEqual(shopper.context.cspViolations, []);
  await shopper.context.close();
});
