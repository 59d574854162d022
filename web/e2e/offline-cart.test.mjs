// Offline mode (issue 30 §5, the specification's mock mode done honestly): the
// server stops; the studio shows the specification's warning, the login page
// offers a clearly labelled offline session, and two designs go into the cart
// kept in this browser, priced by the engine at the store's fee. The server
// comes back with one product's price changed by the admin; the shopper signs
// in for real and both lines arrive in the server cart, the repriced one named
// with its old and new price, and the local cart is emptied.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { browser, call, expectAccessible, expectFits, latestCode, newContext, registerAccount, screenshots, signInWithCode, store, withStore } from './harness.mjs';

const WARNING = 'Backend server is not available. Cart functionality will work in mock mode.';
const ADMIN = 'offline-admin@example.com';

withStore();

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const rupees = (paise) => inr.format(paise / 100);

/** An access token for an account, signed in through the API with an e-mail code. */
async function apiToken(email) {
  await call('POST', '/auth/otp/email/send', undefined, { email });
  const data = await call('POST', '/auth/otp/email/verify', undefined, { email, code: await latestCode(store.url, email) });
  return data.accessToken;
}

/** How many lines the cart kept in the page's IndexedDB holds. */
function localLineCount(page) {
  return page.evaluate(
    () =>
      new Promise((ok, fail) => {
        const open = indexedDB.open('store-offline-cart');
        open.onerror = () => fail(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('lines').objectStore('lines').count();
          count.onsuccess = () => ok(count.result);
          count.onerror = () => fail(count.error);
        };
      }),
  );
}

const studioUrl = (product, color) => `${store.url}/design?${new URLSearchParams({ productId: product._id, color, withLogo: 'true' })}`;

test('offline, two lines go into the local cart; signed in with the server back, they arrive in the server cart with the repriced line named', async () => {
  const email = `offline-cart-${Date.now()}@example.com`;
  await registerAccount(store.url, { name: 'Meera Shopper', email, password: 'correct horse battery' });
  const products = await call('GET', '/products');
  const tee = products.find((p) => p.name === 'T-Shirt Normal');
  const piping = products.find((p) => p.name === 'T-Shirt Piping');

  const context = await newContext(browser, { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // Online once, as any visitor: the service worker keeps the app, and the studio names the store's fee.
  await page.goto(studioUrl(tee, 'white'));
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 10_000 });
  await page.getByRole('heading', { name: 'View Your T-Shirt Normal' }).waitFor();
  await page.getByLabel('Quantity M').fill('25');
  await page.getByTestId('studio-total').waitFor();
  await page.waitForFunction(() => localStorage.getItem('store-fee-policy') !== null);

  await store.halt();

  // The first line: a text on the chest, 25 in M. Adding asks for a sign-in; the login page offers an offline session.
  await page.goto(studioUrl(tee, 'white'));
  await page.getByText(WARNING).waitFor();
  await page.getByRole('radio', { name: 'Left Chest' }).click();
  await page.getByLabel('Text', { exact: true }).fill('Team Legacy');
  await page.getByRole('button', { name: 'Add Text' }).click();
  await page.getByText('“Team Legacy”', { exact: true }).waitFor();
  const teeTotal = await page.getByTestId('studio-total').textContent();
  await expectAccessible(page, 'studio with the mock-mode warning');
  await page.getByTestId('add-to-cart').click();
  await page.waitForURL('**/login');
  const offline = page.getByRole('region', { name: 'Offline session' });
  await offline.getByText('it can do nothing on the server', { exact: false }).waitFor();
  await expectAccessible(page, 'login offering an offline session');
  await offline.getByRole('button', { name: 'Continue offline' }).click();
  await page.waitForURL('**/design?**');
  await page.getByText('“Team Legacy”', { exact: true }).waitFor();
  await page.getByRole('button', { name: /Offline session/ }).waitFor();
  await page.getByTestId('add-to-cart').click();
  await page.getByText('Added to your offline cart!', { exact: false }).waitFor();
  await page.waitForURL('**/cart');
  await page.getByText('Offline', { exact: true }).waitFor();
  assert.equal(await page.getByTestId('cart-total').textContent(), teeTotal, "the offline cart charges the studio's figure");

  // The second line: a plain piped tee, 30 in L, in black.
  await page.goto(studioUrl(piping, 'black'));
  await page.getByText(WARNING).waitFor();
  await page.getByLabel('Quantity L').fill('30');
  await page.getByTestId('add-to-cart').click();
  await page.waitForURL('**/cart');
  const lines = page.getByTestId('cart-line');
  await lines.nth(1).waitFor();
  assert.equal(await lines.count(), 2);
  // The engine's figures: 25 × the tee (one element, free) and 30 × the piped tee, plus the 2.5% gateway charge.
  const subtotal = 25 * tee.price + 30 * piping.price;
  const gateway = Math.floor((subtotal * 250 + 5000) / 10000);
  assert.equal(await page.getByTestId('cart-total').textContent(), rupees(subtotal + gateway));
  assert.equal(await page.getByText('Payment Gateway (2.5%)').locator('xpath=following-sibling::dd[1]').textContent(), rupees(gateway));
  assert.ok(await page.getByRole('button', { name: 'Proceed to Checkout' }).isDisabled(), 'checkout needs the server');
  await page.getByText('Checkout needs the server', { exact: false }).waitFor();
  assert.equal(await localLineCount(page), 2);
  await page.screenshot({ path: join(screenshots, 'offline-cart.png'), fullPage: true });
  await expectAccessible(page, 'offline cart');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFits(page, 'offline cart');
  await expectAccessible(page, 'offline cart on a phone');
  await page.screenshot({ path: join(screenshots, 'offline-cart-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The server comes back, and the admin has raised the piped tee's price.
  await store.start();
  store.createAdmin(ADMIN);
  const newPrice = piping.price + 5000;
  await call('PUT', `/products/${piping._id}`, await apiToken(ADMIN), { price: newPrice });

  // The offline session ends with the server back; a real sign-in sends the lines.
  await page.goto(store.url + '/login');
  await page.getByText('The server is back. Your offline cart is kept in this browser', { exact: false }).waitFor();
  assert.equal(await page.getByRole('region', { name: 'Offline session' }).count(), 0);
  await signInWithCode(page, store.url, email);
  const report = page.getByTestId('merge-report');
  await report.waitFor({ timeout: 15_000 });
  assert.deepEqual(await report.getByTestId('merge-repriced').locator('li').allTextContents(), [
    `T-Shirt Piping (black, 30 items): the price changed from ${rupees(piping.price)} to ${rupees(newPrice)} each; the line is now ${rupees(30 * newPrice)} (was ${rupees(30 * piping.price)}).`,
  ]);
  await report.getByText('2 of 2 lines went to your cart.').waitFor();
  assert.equal(await report.getByTestId('merge-kept').count(), 0);

  await report.getByRole('link', { name: 'View your cart' }).click();
  await page.waitForURL('**/cart');
  await page.getByTestId('cart-line').nth(1).waitFor();
  assert.equal(await page.getByText('Offline', { exact: true }).count(), 0);
  const newSubtotal = 25 * tee.price + 30 * newPrice;
  assert.equal(await page.getByTestId('cart-total').textContent(), rupees(newSubtotal + Math.floor((newSubtotal * 250 + 5000) / 10000)));
  // The server's cart, as the API gives it: both lines, the piped tee at its new price.
  const cart = await call('GET', '/cart', await apiToken(email));
  assert.deepEqual(
    cart.items.map((i) => [i.name, i.color, i.itemCount, i.price]).sort(),
    [
      ['T-Shirt Normal', 'white', 25, tee.price],
      ['T-Shirt Piping', 'black', 30, newPrice],
    ],
  );
  assert.equal(await localLineCount(page), 0, 'the local cart is emptied of what the server took');
  await report.waitFor();
  await page.screenshot({ path: join(screenshots, 'offline-cart-merged.png'), fullPage: true });
  await expectAccessible(page, 'cart with the offline cart report');

  assert.deepEqual(context.cspViolations, []);
  await context.close();
});
