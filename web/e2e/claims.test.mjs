// Misprint claims and the complaints desk in a real Chromium against the real
// store: a shopper's paid order is delivered; the shopper reports two
// misprinted pieces with a photo from the order page and gets a ticket
// number; an admin sees the claim and its photo in the order details and
// reprints the pieces, and the reprint order shows; the shopper sees the
// decision on the order and the claim's ticket under Support; the admin's
// desk lists the ticket. Each new page is checked with axe at 360 px and on a
// desktop.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { browser, call, expectAccessibleAtBothWidths, openOrderDetails, repo, screenshots, sessionToken, shopperWithPaidOrder, signedInContext, store, withStore } from './harness.mjs';

// The proof gate is proofs.test.mjs's: off here, so the order goes straight to production.
process.env.PROOF_REQUIRED = 'off';

withStore();

const ADMIN = 'admin@example.com';
const DESKTOP = { width: 1280, height: 900 };
const LOGO = readFileSync(join(repo, 'design-engine/tests/fixtures/logo.png'));

test('a shopper reports two misprinted pieces with a photo; an admin reprints them; both follow the ticket', async () => {
  const { email, order } = await shopperWithPaidOrder('Meera Claimant');
  const number = order.orderNumber;
  store.createAdmin(ADMIN);
  const admin = await signedInContext(browser, store.url, '/admin/orders', ADMIN, { viewport: DESKTOP });
  const adminToken = await sessionToken(admin.context, store.url);
  for (const status of ['processing', 'delivered']) await call('PUT', `/orders/${order._id}/status`, adminToken, { status });

  // The shopper reports the problem from the order page.
  const shopper = await signedInContext(browser, store.url, '/user/orders', email, { viewport: DESKTOP });
  /** An order's card on the shopper's page, by its heading (a claim's decision names the reprint's number too). */
  const cardOf = (n) => shopper.page.getByTestId('order-card').filter({ has: shopper.page.getByRole('heading', { name: `Order ${n}`, exact: true }) });
  const card = cardOf(number);
  await card.locator('.status-chip', { hasText: 'Delivered' }).waitFor();
  await card.getByRole('button', { name: 'Report a problem' }).click();
  const dialog = shopper.page.getByRole('dialog', { name: 'Report a problem' });
  // Nothing filled in: every missing part is named.
  await dialog.getByRole('button', { name: 'Report the problem' }).click();
  await dialog.getByText('Choose how many pieces have the problem').waitFor();
  await expectAccessibleAtBothWidths(shopper.page, 'the claim form with its errors');
  await dialog.getByRole('spinbutton', { name: 'Size M (up to 25)' }).fill('2');
  await dialog.getByRole('radio', { name: 'Misprint' }).click();
  await dialog.getByLabel('Describe the problem').fill('The logo on two shirts is printed upside down.');
  await dialog.getByLabel('Photos of the problem').setInputFiles({ name: 'upside-down.png', mimeType: 'image/png', buffer: LOGO });
  await dialog.getByText('Uploaded').waitFor();
  await expectAccessibleAtBothWidths(shopper.page, 'the claim form filled in');
  await shopper.page.screenshot({ path: join(screenshots, 'claim-form.png') });
  await dialog.getByRole('button', { name: 'Report the problem' }).click();
  const filed = card.getByRole('status').filter({ hasText: 'Problem reported' });
  await filed.waitFor();
  const ticketNumber = (await filed.locator('strong').textContent()).trim();
  assert.match(ticketNumber, /^GRV\/\d{2}-\d{2}\/\d{6}$/);
  const claim = card.getByTestId('claim');
  await claim.getByText(`Ticket ${ticketNumber}`, { exact: false }).waitFor();
  await claim.getByText('Under review').waitFor();

  // The admin reads the claim, sees its photo and reprints the pieces.
  const page = admin.page;
  const details = await openOrderDetails(page, number);
  const adminClaim = details.getByTestId('admin-claim');
  await adminClaim.getByRole('heading', { name: `Ticket ${ticketNumber} · Misprint` }).waitFor();
  await adminClaim.getByText('M 2 · reported', { exact: false }).waitFor();
  const photo = adminClaim.getByRole('img', { name: `Photo 1 of claim ${ticketNumber}` });
  await photo.waitFor();
  await page.waitForFunction((img) => img.complete && img.naturalWidth > 0, await photo.elementHandle());
  await adminClaim.getByLabel('Note to the customer').fill('Sorry! Two new shirts are on their way.');
  await expectAccessibleAtBothWidths(page, 'order details with an open claim');
  await adminClaim.getByRole('button', { name: 'Reprint' }).click();
  const reprint = adminClaim.getByTestId('reprint-order');
  await reprint.getByText(/^order LT-/).waitFor();
  const reprintNumber = (await reprint.textContent()).replace(/^order /, '').trim();
  assert.notEqual(reprintNumber, number);
  await expectAccessibleAtBothWidths(page, 'order details with a reprinted claim');
  await page.screenshot({ path: join(screenshots, 'admin-claim-reprinted.png') });
  await details.getByRole('button', { name: 'Close' }).click();
  // The reprint is an order of its own in the list.
  await page.reload();
  await page.getByTestId('admin-order-row').filter({ hasText: reprintNumber }).waitFor();

  // The shopper sees the decision and the reprint order.
  await shopper.page.reload();
  await claim.getByText(`Reprinted free of charge as order ${reprintNumber}.`, { exact: false }).waitFor();
  await claim.getByText('“Sorry! Two new shirts are on their way.”', { exact: false }).waitFor();
  await cardOf(reprintNumber).locator('.status-chip', { hasText: 'Processing' }).waitFor();
  await expectAccessibleAtBothWidths(shopper.page, 'my orders with a decided claim');

  // The claim's ticket under Support, from the account menu.
  await shopper.page.getByRole('navigation', { name: 'My Account' }).getByRole('link', { name: 'Support' }).click();
  await shopper.page.waitForURL('**/account/support');
  const thread = shopper.page.getByRole('article', { name: `Ticket ${ticketNumber}` });
  await thread.getByText('The logo on two shirts is printed upside down.', { exact: false }).waitFor();
  // The decision resolved the claim's ticket, in the admin's name.
  await thread.locator('.ticket-chip', { hasText: 'Resolved' }).waitFor();
  await thread.getByRole('term').filter({ hasText: /^Resolved$/ }).waitFor();
  await expectAccessibleAtBothWidths(shopper.page, '/account/support');
  await shopper.page.screenshot({ path: join(screenshots, 'account-support.png'), fullPage: true });
  assert.deepEqual(shopper.context.cspViolations, []);
  await shopper.context.close();

  // The admin's desk lists it; the overview counts it and links the desk.
  await page.goto(store.url + '/admin/orders');
  await page.getByTestId('ticket-counts').getByRole('link', { name: /open support ticket/ }).click();
  await page.waitForURL('**/admin/tickets');
  const row = page.getByTestId('admin-ticket-row').filter({ hasText: ticketNumber });
  await row.waitFor();
  await expectAccessibleAtBothWidths(page, '/admin/tickets');
  await row.getByRole('button', { name: `Open ticket ${ticketNumber}` }).click();
  const panel = page.getByRole('dialog', { name: 'Support ticket' });
  await panel.getByRole('article').waitFor();
  await expectAccessibleAtBothWidths(page, 'the ticket panel');
  await page.screenshot({ path: join(screenshots, 'admin-ticket-panel.png') });
  assert.deepEqual(admin.context.cspViolations, []);
  await admin.context.close();
});
