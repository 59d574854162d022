// Issue 52's payment terms together, in a real Chromium against the real store:
// an admin makes a 10% coupon on the Coupons page; a buyer applies it on the
// cart, picks "Pay 50% now" at checkout and pays the advance in the test
// provider's popup; the order page shows the balance due (no tax invoice yet).
// The admin has the proof approved and moves the order through production:
// dispatch waits for the balance, in the order details and from the status
// menu (the server's 409). The buyer pays the balance from the order page: paid
// in full, the tax invoice issued with the coupon's discount. The admin ships
// it by hand and the buyer sees it shipped. The money agrees throughout:
// advance + balance = the discounted total the cart showed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  browser,
  call,
  expectAccessible,
  fillShipping,
  newContext,
  openOrderDetails,
  screenshots,
  sessionToken,
  signUpWithCode,
  signedInContext,
  store,
  withStore,
} from './harness.mjs';

// 25 tees (about ₹7,000 after the coupon) qualify for the advance: the store's minimum lowered to ₹5,000.
process.env.ADVANCE_MIN_TOTAL = '5000';
process.env.ADVANCE_PERCENT = '50';
process.env.SHIPPING_PROVIDER = 'manual';

withStore();

const ADMIN = 'admin@example.com';
const CODE = 'BULK10';
const AWB = 'DL1234509876';
const inr = (paise) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100);
const text = async (locator) => (await locator.textContent()).trim();

/** 25 plain white T-Shirt Normal (10 M, 15 L) in the signed-in shopper's cart, put there through the API. */
async function fillCart(page) {
  const token = await sessionToken(page.context(), store.url);
  const tee = (await call('GET', '/products')).find((p) => p.name === 'T-Shirt Normal');
  const cart = await call('POST', '/cart/items', token, { productId: tee._id, color: 'white', quantity: { s: 0, m: 10, l: 15, xl: 0, xxl: 0 } });
  assert.equal(cart.itemCount, 25);
  return cart;
}

test('a coupon, an advance, the balance before dispatch, then shipping: the money agrees', async () => {
  // The admin's coupon, made on the Coupons page.
  store.createAdmin(ADMIN);
  const admin = await signedInContext(browser, store.url, '/admin/orders', ADMIN, { viewport: { width: 1360, height: 1000 } });
  const page = admin.page;
  await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Coupons' }).click();
  await page.getByRole('heading', { name: 'Coupons', level: 1 }).waitFor();
  await page.getByRole('button', { name: 'New coupon' }).click();
  const form = page.getByRole('dialog', { name: 'New coupon' });
  await form.getByLabel('Code').fill(CODE.toLowerCase());
  await form.getByLabel('Percent (1 to 100)').fill('10');
  await expectAccessible(page, 'the new coupon form');
  await form.getByRole('button', { name: 'Save coupon' }).click();
  await form.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: `Edit ${CODE}` }).waitFor();
  await expectAccessible(page, 'admin coupons with one');

  // The buyer's cart with the coupon.
  const buyer = await newContext(browser, { viewport: { width: 1280, height: 1000 } });
  const shop = await buyer.newPage();
  const email = await signUpWithCode(shop, store.url, { name: 'Asha Verma', mobile: '9876500052' });
  const undiscounted = await fillCart(shop);
  await shop.goto(store.url + '/cart');
  await shop.getByLabel('Coupon code').fill(CODE.toLowerCase());
  await shop.getByRole('button', { name: 'Apply' }).click();
  await shop.getByTestId('cart-discount').waitFor();
  const token = await sessionToken(buyer, store.url);
  const cart = await call('GET', '/cart', token);
  assert.equal(cart.coupon.code, CODE);
  assert.equal(cart.coupon.applied, true);
  assert.ok(cart.discount > 0 && cart.totalPrice < undiscounted.totalPrice, 'the coupon takes something off');
  assert.equal(cart.subtotal, undiscounted.subtotal - cart.discount, 'the discount comes off the subtotal');
  assert.equal(await text(shop.getByTestId('cart-discount')), `−${inr(cart.discount)}`);
  assert.equal(await text(shop.getByTestId('cart-total')), inr(cart.totalPrice));
  await shop.getByText(`you save ${inr(cart.discount)}`).waitFor();
  assert.ok(cart.advance, 'the discounted cart is eligible for the advance');
  const { advance, balance } = cart.advance;
  assert.equal(advance + balance, cart.totalPrice, 'advance + balance = the discounted total');
  await expectAccessible(shop, 'the cart with a coupon');

  // Checkout: pay 50% now.
  await shop.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await shop.waitForURL('**/shipping');
  await fillShipping(shop);
  assert.equal(await text(shop.getByTestId('checkout-total')), inr(cart.totalPrice));
  const plan = shop.getByTestId('payment-plan');
  await plan.getByLabel(/Pay 50% now/).check();
  await shop.getByText(`and ${inr(balance)} before dispatch`).waitFor();
  await expectAccessible(shop, 'checkout with the advance chosen');
  await shop.getByRole('button', { name: 'Place Order' }).click();
  const popup = shop.getByRole('dialog', { name: 'Test payment' });
  await popup.waitFor();
  assert.equal(await text(popup.getByTestId('test-payment-amount')), inr(advance), 'the provider is asked for the advance only');
  await popup.getByRole('button', { name: `Pay ${inr(advance)} (test)` }).click();
  await shop.waitForURL('**/order-confirmation', { timeout: 10_000 });
  const number = await text(shop.getByTestId('order-number'));

  // The order page: the advance paid, the balance due, no tax invoice yet.
  await shop.goto(store.url + '/user/orders');
  const card = shop.getByTestId('order-card').filter({ hasText: number });
  await card.waitFor();
  assert.equal(await text(card.locator('.pay-chip')), 'Advance paid');
  await card.getByText(`Balance due ${inr(balance)}`).waitFor();
  await card.getByText(`Total ${inr(cart.totalPrice)}`).waitFor();
  assert.equal(await card.getByRole('button', { name: 'Download tax invoice' }).count(), 0, 'no tax invoice before the balance');
  await expectAccessible(shop, 'my orders with a balance due');
  let [order] = await call('GET', '/orders', token);
  assert.deepEqual([order.isPaid, order.advanceAmount, order.balanceDue, order.totalPrice], [true, advance, balance, cart.totalPrice]);

  // The proof, sent and approved.
  await page.goto(store.url + '/admin/orders');
  let details = await openOrderDetails(page, number);
  await details.getByRole('button', { name: 'Send proof' }).click();
  await details.getByText('Proof version 1 sent to the customer').waitFor();
  await details.getByRole('button', { name: 'Close' }).click();
  await shop.reload();
  await card.getByRole('button', { name: 'Review proof' }).click();
  await card.getByRole('button', { name: 'Approve' }).click();
  await card.getByText('You approved proof version 1. Your order goes into production.').waitFor();

  // Production to its end.
  await page.reload();
  const row = page.getByTestId('admin-order-row').filter({ hasText: number });
  await row.getByRole('button', { name: /change the status/ }).click();
  await page.getByRole('menuitem', { name: 'Processing' }).click();
  await page.getByText('Order status updated to processing').waitFor();
  const stage = row.getByRole('combobox', { name: `Production stage of order ${number}` });
  for (const s of ['Printing', 'Quality check', 'Packed']) {
    await stage.selectOption(s);
    await page.getByText(`Order ${number} moved to ${s}`).waitFor();
  }

  // Dispatch waits for the balance: the details say so, and the status menu gets the server's refusal.
  details = await openOrderDetails(page, number);
  await details.getByTestId('shipment-held').getByText(`Dispatch waits for the balance of ${inr(balance)}`).waitFor();
  assert.equal(await details.getByRole('form', { name: 'Create shipment' }).count(), 0);
  await expectAccessible(page, 'order details, dispatch waiting for the balance');
  await details.getByRole('button', { name: 'Close' }).click();
  await row.getByRole('button', { name: /change the status/ }).click();
  await page.getByRole('menuitem', { name: 'Shipped' }).click();
  await page.getByText(`Order ${number} has a balance of ${inr(balance)} due`, { exact: false }).waitFor();
  // The balance-due e-mail went out when production ended, with the link to the order page.
  const mail = (await call('GET', `/dev/outbox?to=${encodeURIComponent(email)}`)).map((m) => `${m.subject}\n${m.body}`).join('\n');
  assert.ok(mail.includes(`/user/orders?order=`), 'the balance-due e-mail links to the order page');

  // The buyer pays the balance from the order page.
  await shop.reload();
  await card.getByRole('button', { name: `Pay balance ${inr(balance)}` }).click();
  const balancePopup = shop.getByRole('dialog', { name: 'Test payment' });
  assert.equal(await text(balancePopup.getByTestId('test-payment-amount')), inr(balance));
  await balancePopup.getByRole('button', { name: `Pay ${inr(balance)} (test)` }).click();
  await card.getByText('Balance paid: your order is paid in full and will be dispatched.').waitFor();
  await shop.reload();
  assert.equal(await text(card.locator('.pay-chip')), 'Paid');
  assert.equal(await card.getByText(/Balance due/).count(), 0);
  [order] = await call('GET', '/orders', token);
  assert.deepEqual([order.isPaid, order.balanceDue], [true, 0]);
  const invoice = await call('GET', `/orders/${order._id}/tax-invoice`, token);
  assert.deepEqual([invoice.couponCode, invoice.discount, invoice.totals.total], [CODE, cart.discount, advance + balance]);
  const [pdf] = await Promise.all([shop.waitForEvent('download'), card.getByRole('button', { name: 'Download tax invoice' }).click()]);
  assert.equal(readFileSync(await pdf.path()).subarray(0, 5).toString(), '%PDF-');
  await expectAccessible(shop, 'my orders, paid in full');

  // The admin ships it by hand; the buyer sees it shipped.
  details = await openOrderDetails(page, number);
  const ship = details.getByRole('form', { name: 'Create shipment' });
  await ship.getByLabel('Courier').fill('Delhivery');
  await ship.getByLabel('AWB').fill(AWB);
  await ship.getByLabel('Tracking URL').fill(`https://www.delhivery.com/track/package/${AWB}`);
  await ship.getByRole('button', { name: 'Create shipment' }).click();
  await details.getByText(`Order ${number} shipped: the customer is e-mailed the tracking link.`).waitFor();
  await page.screenshot({ path: join(screenshots, 'advance-shipped.png'), fullPage: true });
  await shop.reload();
  assert.equal(await text(card.locator('.status-chip')), 'Shipped');
  await shop.screenshot({ path: join(screenshots, 'advance-orders.png'), fullPage: true });

  assert.deepEqual(buyer.cspViolations, []);
  await buyer.close();
  await admin.context.close();
});
