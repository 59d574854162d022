// Tax documents in a real Chromium against the real store: a buyer's order
// paid (through the test provider, as checkout does), the buyer opens their
// orders and downloads the tax invoice (a PDF named after its number), and an
// admin opens Accounts and exports the month's GSTR-1 CSV, which lists it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { browser, call, expectAccessible, screenshots, shopperWithPaidOrder, signedInContext, store, withStore } from './harness.mjs';

withStore();

const ADMIN = 'admin@example.com';


/** A buyer with one paid order of 25 tees to Delhi; their e-mail and the order's tax invoice. */
async function buyerWithPaidOrder() {
  const { email, token, order } = await shopperWithPaidOrder('Meera Buyer');
  const invoice = await call('GET', `/orders/${order._id}/tax-invoice`, token);
  return { email, invoice };
}

test('a buyer downloads their tax invoice and an admin exports the month', async () => {
  const { email, invoice } = await buyerWithPaidOrder();
  const fileName = `tax-invoice-${invoice.number.replaceAll('/', '-')}.pdf`;

  const buyer = await signedInContext(browser, store.url, '/user/orders', email, { viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  const card = buyer.page.getByTestId('order-card');
  await card.getByText('Paid').waitFor();
  await expectAccessible(buyer.page, 'orders with a tax invoice');
  const [pdf] = await Promise.all([buyer.page.waitForEvent('download'), card.getByRole('button', { name: 'Download tax invoice' }).click()]);
  assert.equal(pdf.suggestedFilename(), fileName);
  assert.equal(readFileSync(await pdf.path()).subarray(0, 5).toString(), '%PDF-');
  await buyer.context.close();

  store.createAdmin(ADMIN);
  const admin = await signedInContext(browser, store.url, '/admin/orders', ADMIN, { viewport: { width: 1360, height: 1000 }, acceptDownloads: true });
  const page = admin.page;
  await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Accounts' }).click();
  await page.getByRole('heading', { name: 'Accounts' }).waitFor();
  const row = page.getByTestId('tax-document-row');
  await row.getByText(invoice.number).waitFor();
  await page.getByText('Reconciled: the documents match the payments less refunds.').waitFor();
  await page.screenshot({ path: join(screenshots, 'admin-accounts.png') });
  await expectAccessible(page, 'admin accounts');
  const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download GSTR-1 CSV' }).click()]);
  assert.match(csv.suggestedFilename(), /^gstr1-\d{4}-\d{2}-01-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = readFileSync(await csv.path(), 'utf8');
  assert.ok(text.includes(invoice.number), `the CSV lists ${invoice.number}`);
  assert.ok(text.includes('\r\nHSN summary\r\n'), 'the HSN section');
  await admin.context.close();
});
