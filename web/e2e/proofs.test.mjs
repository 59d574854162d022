// Proof approval in a real Chromium against the real store: a shopper's
// order is paid (through the test provider, as checkout does); an admin sends
// a proof from the order details; the shopper, on a phone, opens it and asks
// for a change; the admin reads the comment and sends version 2; the shopper
// approves it; the admin then moves the order to processing, which the
// server refused before the approval (it asked for an override reason).
import { test } from 'node:test';
import { join } from 'node:path';
import { browser, expectAccessible, expectFits, openOrderDetails, screenshots, shopperWithPaidOrder, signedInContext, store, withStore } from './harness.mjs';

withStore();

const ADMIN = 'admin@example.com';


test('a proof is sent, sent back with a comment, revised, approved, and the order goes into production', async () => {
  const { email, order } = await shopperWithPaidOrder('Nisha Shopper');
  const number = order.orderNumber;
  store.createAdmin(ADMIN);
  const admin = await signedInContext(browser, store.url, '/admin/orders', ADMIN, { viewport: { width: 1360, height: 1000 } });
  const shopper = await signedInContext(browser, store.url, '/user/orders', email, { viewport: { width: 360, height: 740 } });
  const page = admin.page;
  const row = page.getByTestId('admin-order-row').filter({ hasText: number });

  // Not into production yet: the server refuses and the admin is asked for a reason.
  await row.getByRole('button', { name: /change the status/ }).click();
  await page.getByRole('menuitem', { name: 'Processing' }).click();
  const override = page.getByRole('dialog', { name: 'Mark as processing without an approved proof' });
  await override.getByText(`Order ${number} has no approved proof`).waitFor();
  await expectAccessible(page, 'override reason');
  await override.getByRole('button', { name: 'Keep the status' }).click();

  // Version 1 with a note.
  let details = await openOrderDetails(page, number);
  await details.getByText('No proof sent yet.').waitFor();
  await details.getByLabel('Note to the customer (optional)').fill('Logo centred on the chest');
  await details.getByRole('button', { name: 'Send proof' }).click();
  await details.getByText('Proof version 1 sent to the customer').waitFor();
  await expectAccessible(page, 'order details with a proof');
  await details.getByRole('button', { name: 'Close' }).click();

  // The shopper, on a phone, reviews it and asks for a change.
  const card = shopper.page.getByTestId('order-card').filter({ hasText: number });
  await shopper.page.reload();
  await card.getByRole('button', { name: 'Review proof' }).click();
  await card.getByText('Proof version 1 · Logo centred on the chest').waitFor();
  await card.getByRole('button', { name: 'Ask for changes' }).click();
  await card.getByLabel('What should we change?').fill('Please make the logo bigger');
  await expectAccessible(shopper.page, 'proof review');
  await expectFits(shopper.page, 'proof review');
  await shopper.page.screenshot({ path: join(screenshots, 'proof-review-phone.png'), fullPage: true });
  await card.getByRole('button', { name: 'Send the request' }).click();
  await card.getByText('You asked for changes to version 1: “Please make the logo bigger”.', { exact: false }).waitFor();

  // The admin reads the comment and sends version 2.
  details = await openOrderDetails(page, number);
  await details.getByText('Customer’s comment: “Please make the logo bigger”').waitFor();
  await details.getByText(/Changes to proof version 1 requested by Nisha Shopper/).waitFor();
  await details.getByRole('button', { name: 'Send proof' }).click();
  await details.getByText('Proof version 2 sent to the customer').waitFor();
  await details.getByRole('button', { name: 'Close' }).click();

  // The shopper approves version 2.
  await shopper.page.reload();
  await card.getByRole('button', { name: 'Review proof' }).click();
  await card.getByText('Proof version 2').waitFor();
  await card.getByRole('button', { name: 'Approve' }).click();
  await card.getByText('You approved proof version 2. Your order goes into production.').waitFor();
  await expectFits(shopper.page, 'proof approved');

  // Now production may begin.
  await page.reload();
  await row.getByRole('button', { name: /change the status/ }).click();
  await page.getByRole('menuitem', { name: 'Processing' }).click();
  await page.getByText('Order status updated to processing').waitFor();
  await row.locator('.status-chip', { hasText: 'Processing' }).waitFor();
  details = await openOrderDetails(page, number);
  await details.getByText('Approved: the order may go into production.').waitFor();
  await details.getByText(/Proof version 2 approved by Nisha Shopper/).waitFor();
  await page.screenshot({ path: join(screenshots, 'admin-proofs.png'), fullPage: true });
  await shopper.context.close();
  await admin.context.close();
});
