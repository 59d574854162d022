// Checkout in a real Chromium against the real store and its built-in test
// payment provider: sign in with a one-time code, 25 shirts in the cart (put
// there through the API to keep this fast; the studio is store.test.mjs's job),
// then the checkout itself through the UI: the pincode fills city and state,
// Place Order, the test provider's popup, the confirmation and My Orders. A
// declined payment lands on /order-failed, and Try Again brings the form back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { browser, expectAccessible, fillShipping, latestCode, newContext, screenshots, sessionToken, shippingField, store, withStore } from './harness.mjs';

withStore();

const inr = (paise) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100);

/**
 * A new shopper signed in through the login page. Each gets their own mobile
 * number: one already registered to another account is refused.
 */
async function signIn(name, mobile) {
  const context = await newContext(browser, { viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  const email = `${name}-${Date.now()}@example.com`;
  await page.goto(store.url + '/login');
  await page.getByRole('main').getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByText('OTP sent to your email').waitFor();
  await page.getByLabel('One-time code (OTP)').fill(await latestCode(store.url, email));
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await page.getByText('Enter your details to continue').waitFor();
  await page.getByLabel('Full name').fill('Asha Verma');
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/products', { timeout: 10_000 });
  return { page, context, email };
}

/** 25 plain white T-Shirt Normal (10 M, 15 L) in the shopper's cart, with the page's own token; returns the cart. */
async function fillCart(page) {
  const token = await sessionToken(page.context(), store.url);
  const products = (await (await fetch(`${store.url}/api/products`)).json()).data;
  const tee = products.find((p) => p.name === 'T-Shirt Normal');
  const res = await fetch(`${store.url}/api/cart/items`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ productId: tee._id, color: 'white', quantity: { s: 0, m: 10, l: 15, xl: 0, xxl: 0 } }),
  });
  const body = await res.json();
  assert.equal(res.status, 200, JSON.stringify(body));
  assert.equal(body.data.itemCount, 25);
  return body.data;
}

test('a shopper pays in the test popup and finds the paid order in My Orders', async () => {
  const { page, context } = await signIn('payer', '9876500001');
  const cart = await fillCart(page);

  await page.goto(store.url + '/shipping');
  await fillShipping(page);
  assert.equal((await page.getByTestId('checkout-total').textContent()).trim(), inr(cart.totalPrice));
  // A business buyer's GSTIN with a typing mistake in its check character:
  // the engine says so as it is typed, in the server's words, and Place Order waits.
  const gstin = page.getByLabel('GSTIN (for business purchases)');
  await gstin.fill('07aapfu0939f1zy');
  const wrong = "This GSTIN's check character is wrong: please check it for a typing mistake";
  await page.locator('#gstin-error', { hasText: wrong }).waitFor();
  assert.equal(await gstin.getAttribute('aria-invalid'), 'true');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.getByRole('alert').filter({ hasText: wrong }).waitFor();
  assert.equal(await page.getByRole('dialog', { name: 'Test payment' }).count(), 0);
  await gstin.fill('07aapfu0939f1zx');
  await page.getByText('Registered in Delhi (07): it goes on your tax invoice.').waitFor();
  assert.equal(await page.locator('#gstin-error').count(), 0);
  // Test mode: the test tools are there.
  await page.getByRole('button', { name: 'Fill Test Data' }).waitFor();
  await page.screenshot({ path: join(screenshots, 'checkout.png'), fullPage: true });
  await expectAccessible(page, 'checkout form');

  await page.getByRole('button', { name: 'Place Order' }).click();
  const popup = page.getByRole('dialog', { name: 'Test payment' });
  await popup.waitFor();
  await expectAccessible(page, 'test payment dialog');
  assert.equal((await popup.getByTestId('test-payment-amount').textContent()).trim(), inr(cart.totalPrice));
  await popup.getByRole('button', { name: `Pay ${inr(cart.totalPrice)} (test)` }).click();

  await page.waitForURL('**/order-confirmation', { timeout: 10_000 });
  await page.getByRole('heading', { name: 'Order Placed Successfully!' }).waitFor();
  const orderNumber = (await page.getByTestId('order-number').textContent()).trim();
  assert.match(orderNumber, /^LT-/);
  assert.equal((await page.getByTestId('order-total').textContent()).trim(), inr(cart.totalPrice));
  await page.getByText('12 Janpath, Connaught Place, New Delhi, Delhi 110001, India').waitFor();
  await page.screenshot({ path: join(screenshots, 'confirmation.png'), fullPage: true });
  await expectAccessible(page, 'order confirmation');

  await page.getByRole('link', { name: 'View My Orders' }).click();
  await page.waitForURL('**/user/orders');
  const card = page.getByTestId('order-card').filter({ hasText: orderNumber });
  await card.waitFor();
  assert.equal((await card.locator('.status-chip').textContent()).trim(), 'Confirmed');
  assert.equal((await card.locator('.pay-chip').textContent()).trim(), 'Paid');
  await card.getByText(`Total ${inr(cart.totalPrice)}`).waitFor();
  // A paid order cannot be cancelled here.
  assert.equal(await card.getByRole('button', { name: 'Cancel Order' }).count(), 0);
  await page.screenshot({ path: join(screenshots, 'orders.png'), fullPage: true });
  await expectAccessible(page, 'My Orders with a paid order');
  // Its details show each line's garment as ordered (a plain white tee: its front picture).
  await card.getByRole('button', { name: 'View details' }).click();
  await card.getByTestId('thumb-plain').getByRole('img', { name: 'T-Shirt Normal in white, plain' }).waitFor();
  // The GSTIN as the server stored it (upper case), for the tax invoice.
  await card.getByText('Your GSTIN: 07AAPFU0939F1ZX').waitFor();
  await expectAccessible(page, 'My Orders, a paid order\'s details');

  // The paid lines left the cart.
  const token = await sessionToken(page.context(), store.url);
  const after = await (await fetch(`${store.url}/api/cart`, { headers: { authorization: `Bearer ${token}` } })).json();
  assert.equal(after.data.items.length, 0);
  assert.deepEqual(context.cspViolations, []);
  await context.close();
});

test('a declined payment lands on /order-failed, and Try Again brings the form back', async () => {
  const { page, context } = await signIn('decliner', '9876500002');
  const cart = await fillCart(page);

  await page.goto(store.url + '/shipping');
  await fillShipping(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.getByRole('dialog', { name: 'Test payment' }).getByRole('button', { name: 'Fail payment' }).click();

  await page.waitForURL('**/order-failed', { timeout: 10_000 });
  await page.getByRole('heading', { name: 'Payment Failed' }).waitFor();
  await page.getByText('No charge was made to your account.').waitFor();
  assert.equal((await page.getByTestId('error-code').textContent()).trim(), 'BAD_REQUEST_ERROR');
  await page.getByText('Payment failed: the test card was declined.').waitFor();
  await page.screenshot({ path: join(screenshots, 'failed.png'), fullPage: true });
  await expectAccessible(page, 'payment failed');

  await page.getByRole('button', { name: 'Try Again' }).click();
  await page.waitForURL('**/shipping');
  await page.getByRole('button', { name: 'Place Order' }).waitFor();
  assert.equal(await shippingField(page, 'Phone number').inputValue(), '9876543210');
  assert.equal(await shippingField(page, 'Address line 1').inputValue(), '12 Janpath');
  assert.equal(await shippingField(page, 'Address line 2 (optional)').inputValue(), 'Connaught Place');
  assert.equal(await shippingField(page, 'Pincode').inputValue(), '110001');
  assert.equal(await shippingField(page, 'City').inputValue(), 'New Delhi');
  assert.equal(await shippingField(page, 'State').inputValue(), 'Delhi');

  // The same attempt (same receipt) reaches the same order: paying now pays it, once.
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.getByRole('dialog', { name: 'Test payment' }).getByRole('button', { name: `Pay ${inr(cart.totalPrice)} (test)` }).click();
  await page.waitForURL('**/order-confirmation', { timeout: 10_000 });
  const token = await sessionToken(page.context(), store.url);
  const orders = await (await fetch(`${store.url}/api/orders`, { headers: { authorization: `Bearer ${token}` } })).json();
  assert.equal(orders.pagination.total, 1);
  assert.equal(orders.data[0].orderNumber, (await page.getByTestId('order-number').textContent()).trim());
  assert.equal(orders.data[0].isPaid, true);
  assert.deepEqual(context.cspViolations, []);
  await context.close();
});
