// The merchant absorbs the gateway fee (GATEWAY_FEE_PERCENT=0), in a real
// Chromium against the real store: the studio, the cart, checkout and the paid
// order in My Orders show no gateway line, and every total is the subtotal;
// the order-failed page gives the store's configured support contact.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { browser, fillShipping, registerAccount, screenshots, signedInContext, store, withStore } from './harness.mjs';

// Read by the store that withStore() starts (it inherits this environment).
process.env.GATEWAY_FEE_PERCENT = '0';
process.env.SUPPORT_EMAIL = 'care@threads.example';
process.env.COMPANY_PHONE = '+91 80 4000 1234';
withStore();

const inr = (paise) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100);

test('with the fee absorbed no page shows a gateway line, and the total is the subtotal', async () => {
  const facts = (await (await fetch(`${store.url}/api/store`)).json()).data;
  const { gatewayFeeBps, gatewayLabel, supportEmail, supportPhone, shippingProvider } = facts;
  assert.deepEqual(
    { gatewayFeeBps, gatewayLabel, supportEmail, supportPhone, shippingProvider },
    { gatewayFeeBps: 0, gatewayLabel: 'Payment Gateway (0%)', supportEmail: 'care@threads.example', supportPhone: '+91 80 4000 1234', shippingProvider: 'manual' },
  );
  const email = `absorbed-${Date.now()}@example.com`;
  await registerAccount(store.url, { name: 'Asha Verma', email, password: 'correct horse battery' });
  const tee = (await (await fetch(`${store.url}/api/products`)).json()).data.find((p) => p.name === 'T-Shirt Normal');
  const total = inr(25 * tee.price);

  // The studio: 25 plain tees, priced by the engine at the server's fee.
  const { context, page } = await signedInContext(browser, store.url, '/cart', email);
  await page.goto(`${store.url}/design?productId=${tee._id}&color=white`);
  await page.getByLabel('Quantity M').fill('25');
  const breakdown = page.getByTestId('price-breakdown');
  await page.getByTestId('studio-total').waitFor();
  assert.equal((await page.getByTestId('studio-total').textContent()).trim(), total);
  assert.equal(await breakdown.getByText(/Payment Gateway/).count(), 0);
  await page.screenshot({ path: join(screenshots, 'fee-absorbed-studio.png'), fullPage: true });

  // The cart, priced by the server.
  await page.getByTestId('add-to-cart').click();
  await page.waitForURL('**/cart', { timeout: 10_000 });
  await page.getByTestId('cart-total').waitFor();
  assert.equal((await page.getByTestId('cart-total').textContent()).trim(), total);
  assert.equal(await page.getByRole('complementary', { name: 'Order summary' }).getByText(/gateway/i).count(), 0);

  // Checkout: the summary and the amount paid.
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL('**/shipping');
  await fillShipping(page);
  assert.equal((await page.getByTestId('checkout-total').textContent()).trim(), total);
  assert.equal(await page.getByText(/Payment Gateway/).count(), 0);
  await page.screenshot({ path: join(screenshots, 'fee-absorbed-checkout.png'), fullPage: true });
  // A declined payment first: the failure page names the configured support contact.
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.getByRole('dialog', { name: 'Test payment' }).getByRole('button', { name: 'Fail payment' }).click();
  await page.waitForURL('**/order-failed', { timeout: 10_000 });
  const mail = page.getByRole('link', { name: 'care@threads.example' });
  await mail.waitFor();
  assert.equal(await mail.getAttribute('href'), 'mailto:care@threads.example');
  assert.equal(await page.getByRole('link', { name: '+91 80 4000 1234' }).getAttribute('href'), 'tel:+918040001234');
  await page.getByRole('button', { name: 'Try Again' }).click();
  await page.waitForURL('**/shipping');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.getByRole('dialog', { name: 'Test payment' }).getByRole('button', { name: `Pay ${total} (test)` }).click();
  await page.waitForURL('**/order-confirmation', { timeout: 10_000 });
  const orderNumber = (await page.getByTestId('order-number').textContent()).trim();

  // The order's page: its own fee, none.
  await page.goto(store.url + '/user/orders');
  const card = page.getByTestId('order-card').filter({ hasText: orderNumber });
  await card.getByText(`Total ${total}`).waitFor();
  await card.getByRole('button', { name: 'View details' }).click();
  await card.getByText('Items', { exact: true }).waitFor();
  assert.equal(await card.getByText(/Payment Gateway/).count(), 0);
  assert.deepEqual(context.cspViolations, []);
  await context.close();
});
