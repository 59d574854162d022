// The whole path in a real Chromium against the real store, through shipping
// and delivery: a shopper pays; an admin sends a proof, the shopper asks for
// a change, the admin sends version 2 and the shopper approves it; the admin
// moves the order into production and through every stage, books the
// shipment by hand from the order details and downloads its label (and the
// selection's labels); the courier's webhook says out for delivery, then
// delivered; the shopper sees the whole timeline and the scans and orders
// again. Anyone with the number and e-mail tracks it on /track, on a phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { browser, expectAccessible, expectFits, newContext, openOrderDetails, screenshots, shopperWithPaidOrder, signedInContext, store, withStore } from './harness.mjs';

// The server checks the courier's webhook against this key.
const WEBHOOK_TOKEN = 'e2e-shipping-webhook-token';
process.env.SHIPPING_WEBHOOK_TOKEN = WEBHOOK_TOKEN;
process.env.SHIPPING_PROVIDER = 'manual';

withStore();

const ADMIN = 'admin@example.com';
const AWB = 'DL9876543210';
const TRACKING_URL = `https://www.delhivery.com/track/package/${AWB}`;

/** India's wall-clock time `minutes` from now, as the courier's scans give it ("YYYY-MM-DD HH:MM:SS"). */
function courierTime(minutes) {
  const ist = new Date(Date.now() + minutes * 60_000 + 330 * 60_000);
  return ist.toISOString().slice(0, 19).replace('T', ' ');
}

/** Posts a tracking update as Shiprocket would, with the store's key. */
async function courierSays(status, scans) {
  const res = await fetch(`${store.url}/api/shipping/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-Api-Key': WEBHOOK_TOKEN },
    body: JSON.stringify({ awb: AWB, current_status: status, etd: courierTime(24 * 60), scans }),
  });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  assert.equal(body.data.outcome, 'applied');
}

/** The file a download saved. */
async function saved(download) {
  return readFileSync(await download.path());
}

test('a paid order goes through proofs, production, shipping and delivery; its shopper tracks it and orders again', async () => {
  const { email, order } = await shopperWithPaidOrder('Ravi Shopper');
  const number = order.orderNumber;
  store.createAdmin(ADMIN);
  const admin = await signedInContext(browser, store.url, '/admin/orders', ADMIN, { viewport: { width: 1360, height: 1000 }, acceptDownloads: true });
  const shopper = await signedInContext(browser, store.url, '/user/orders', email, { viewport: { width: 1280, height: 900 } });
  const page = admin.page;
  const row = page.getByTestId('admin-order-row').filter({ hasText: number });
  const card = shopper.page.getByTestId('order-card').filter({ hasText: number });

  // Proof version 1, a change asked for, version 2, approved.
  let details = await openOrderDetails(page, number);
  await details.getByRole('button', { name: 'Send proof' }).click();
  await details.getByText('Proof version 1 sent to the customer').waitFor();
  await details.getByRole('button', { name: 'Close' }).click();
  await shopper.page.reload();
  await card.getByRole('button', { name: 'Review proof' }).click();
  await card.getByRole('button', { name: 'Ask for changes' }).click();
  await card.getByLabel('What should we change?').fill('Please move the logo up');
  await card.getByRole('button', { name: 'Send the request' }).click();
  await card.getByText('You asked for changes to version 1', { exact: false }).waitFor();
  details = await openOrderDetails(page, number);
  await details.getByText('Customer’s comment: “Please move the logo up”').waitFor();
  // No approved proof yet: the server refuses the shipment with its reason.
  const early = details.getByRole('form', { name: 'Create shipment' });
  await early.getByLabel('Courier').fill('Delhivery');
  await early.getByLabel('AWB').fill(AWB);
  await early.getByLabel('Tracking URL').fill(TRACKING_URL);
  await early.getByRole('button', { name: 'Create shipment' }).click();
  await early.getByRole('alert').getByText(`Order ${number}'s proof is not approved yet: it cannot ship before the customer approves it`).waitFor();
  await details.getByRole('button', { name: 'Send proof' }).click();
  await details.getByText('Proof version 2 sent to the customer').waitFor();
  await details.getByRole('button', { name: 'Close' }).click();
  await shopper.page.reload();
  await card.getByRole('button', { name: 'Review proof' }).click();
  await card.getByText('Proof version 2').waitFor();
  await card.getByRole('button', { name: 'Approve' }).click();
  await card.getByText('You approved proof version 2. Your order goes into production.').waitFor();

  // Into production and through every stage.
  await page.reload();
  await row.getByRole('button', { name: /change the status/ }).click();
  await page.getByRole('menuitem', { name: 'Processing' }).click();
  await page.getByText('Order status updated to processing').waitFor();
  const stage = row.getByRole('combobox', { name: `Production stage of order ${number}` });
  for (const s of ['Printing', 'Quality check', 'Packed']) {
    await stage.selectOption(s);
    await page.getByText(`Order ${number} moved to ${s}`).waitFor();
  }

  // Shipped by hand from the order details: a missing field is named first.
  details = await openOrderDetails(page, number);
  const form = details.getByRole('form', { name: 'Create shipment' });
  await form.getByLabel('Courier').fill('Delhivery');
  await form.getByLabel('AWB').fill(AWB);
  await form.getByRole('button', { name: 'Create shipment' }).click();
  await form.getByText('Please enter the tracking URL').waitFor();
  await form.getByLabel('Tracking URL').fill('delhivery.com/track');
  await form.getByRole('button', { name: 'Create shipment' }).click();
  await form.getByText('The tracking URL must be a web address starting with https:// or http://').waitFor();
  await expectAccessible(page, 'order details, a shipment with a field error');
  await form.getByLabel('Tracking URL').fill(TRACKING_URL);
  await form.getByRole('button', { name: 'Create shipment' }).click();
  await details.getByText(`Order ${number} shipped: the customer is e-mailed the tracking link.`).waitFor();
  assert.equal(await details.getByRole('link', { name: new RegExp(AWB) }).getAttribute('href'), TRACKING_URL);
  await details.getByText('Booked with the courier').waitFor();
  await expectAccessible(page, 'order details, shipped');
  const [label] = await Promise.all([page.waitForEvent('download'), details.getByRole('button', { name: 'Download label' }).click()]);
  assert.equal((await saved(label)).subarray(0, 5).toString(), '%PDF-', 'the label is a PDF');
  await page.screenshot({ path: join(screenshots, 'admin-shipment.png'), fullPage: true });
  await details.getByRole('button', { name: 'Close' }).click();

  // The selection's labels as one PDF.
  await page.reload();
  await row.locator('.status-chip', { hasText: 'Shipped' }).waitFor();
  await page.getByRole('checkbox', { name: `Select order ${number}` }).check();
  const bar = page.getByRole('group', { name: 'Selected orders' });
  const [labels] = await Promise.all([page.waitForEvent('download'), bar.getByRole('button', { name: 'Download labels' }).click()]);
  assert.equal((await saved(labels)).subarray(0, 5).toString(), '%PDF-', 'the labels are one PDF');
  await admin.context.close();

  // The courier: out for delivery, then delivered.
  const pickedUp = { date: courierTime(5), activity: 'Picked up', location: 'New Delhi Hub' };
  const out = { date: courierTime(60), activity: 'Out for delivery', location: 'Connaught Place' };
  await courierSays('OUT FOR DELIVERY', [pickedUp, out]);
  await courierSays('DELIVERED', [pickedUp, out, { date: courierTime(120), activity: 'Delivered', location: 'Connaught Place' }]);

  // The shopper's order page: the whole timeline and the scans.
  await shopper.page.reload();
  await card.locator('.status-chip', { hasText: 'Delivered' }).waitFor();
  await card.getByRole('button', { name: 'View details' }).click();
  const timeline = card.getByRole('list', { name: 'Order timeline' });
  await timeline.waitFor();
  assert.deepEqual(await timeline.locator('.timeline-label').allTextContents(), [
    'Paid',
    'Proof approved',
    'In production',
    'Printing',
    'Quality check',
    'Packed',
    'Shipped',
    'Out for delivery',
    'Delivered',
  ]);
  const scans = card.getByRole('list', { name: 'Courier scans, newest first' });
  await scans.waitFor();
  assert.deepEqual(await scans.locator('.scan-activity').allTextContents(), ['Delivered', 'Out for delivery', 'Picked up']);
  await scans.getByText('New Delhi Hub').waitFor();
  assert.equal(await card.getByRole('link', { name: new RegExp(AWB) }).getAttribute('href'), TRACKING_URL);
  await card.locator('.shipment-state', { hasText: 'Delivered' }).waitFor();
  await expectAccessible(shopper.page, 'my orders with tracking');
  await shopper.page.screenshot({ path: join(screenshots, 'orders-tracking.png'), fullPage: true });

  await card.getByRole('button', { name: `Order again: order ${number}` }).click();
  await card.getByRole('status').getByRole('link', { name: 'Go to cart' }).click();
  await shopper.page.waitForURL(/\/cart$/);
  await shopper.page.getByText('T-Shirt Normal').first().waitFor();
  await shopper.context.close();

  // Anyone with the number and e-mail, on a phone, from the footer's link.
  const visitor = await newContext(browser, { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const phone = await visitor.newPage();
  await phone.goto(store.url + '/');
  await phone.getByRole('contentinfo').getByRole('link', { name: 'Track Order' }).click();
  await phone.waitForURL(/\/track$/);
  await phone.getByLabel('Order number').fill(number);
  await phone.getByLabel('E-mail address').fill('someone-else@example.com');
  await phone.getByRole('button', { name: 'Track order' }).click();
  await phone.getByRole('alert').getByText('No order matches that order number and e-mail').waitFor();
  await expectAccessible(phone, '/track, no such order');
  await phone.getByLabel('E-mail address').fill(email);
  await phone.getByRole('button', { name: 'Track order' }).click();
  await phone.getByRole('heading', { name: `Order ${number}` }).waitFor();
  const publicTimeline = phone.getByRole('list', { name: 'Order timeline' });
  assert.equal(await publicTimeline.locator('.timeline-label').last().textContent(), 'Delivered');
  assert.deepEqual(await phone.getByRole('list', { name: 'Courier scans, newest first' }).locator('.scan-activity').allTextContents(), ['Delivered', 'Out for delivery', 'Picked up']);
  // Neither the address nor the items: the server gives none.
  assert.equal(await phone.getByText('12 Janpath').count(), 0);
  assert.equal(await phone.getByText('T-Shirt Normal').count(), 0);
  await expectFits(phone, '/track with a delivered order');
  await expectAccessible(phone, '/track with a delivered order');
  await phone.screenshot({ path: join(screenshots, 'track-phone.png'), fullPage: true });
  assert.deepEqual(visitor.cspViolations, []);
  await visitor.close();
});
