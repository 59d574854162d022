// Quotes in a real Chromium against the real store: an admin makes a quote
// for a customer through the Quotes page's form (the customer's saved design,
// a negotiated unit price below the engine's, the engine's price shown first),
// the customer opens the quote from the link in its e-mail (the dev outbox),
// accepts it into the cart (the line marked with the quote, its pieces fixed),
// and pays through the test provider; the order holds the quoted unit price.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { browser, call, expectAccessible, fillShipping, registerAccount, screenshots, sessionToken, signedInContext, store, withStore } from './harness.mjs';

withStore();

const ADMIN = 'quotes-admin@example.com';
const inr = (paise) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100);

/** YYYY-MM-DD in India, `days` from today. */
function indiaDay(days) {
  return new Date(Date.now() + 330 * 60_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** The path of the quote link last e-mailed to `to`. */
async function mailedQuoteLink(to) {
  for (let i = 0; i < 50; i++) {
    const messages = (await (await fetch(`${store.url}/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()).data ?? [];
    for (const m of messages) {
      const found = String(m.body ?? '').match(/\/quotes\/[0-9A-Za-z_-]+/);
      if (found) return found[0];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no quote link mailed to ${to}`);
}

test('an admin quotes a customer through the form; the customer accepts from the e-mail and pays the quoted price', async () => {
  const email = `school-${Date.now()}@example.com`;
  const { accessToken } = await registerAccount(store.url, { name: 'Asha School', email, password: 'correct horse battery' });
  const tee = (await call('GET', '/products')).find((p) => p.name === 'T-Shirt Normal');
  const design = {
    version: 1,
    productId: tee._id,
    color: 'white',
    areas: { leftChest: { text: null, image: null }, back: { text: { text: 'Annual Day', font: 'Georgia', size: 24, color: '#111111', position: { x: 50, y: 30 } }, image: null } },
    quantities: { s: 0, m: 0, l: 0, xl: 0, xxl: 0 },
    materialQuality: 'Premium',
    printQuality: 'High',
  };
  await call('POST', '/designs', accessToken, { name: 'Annual day tee', design });

  // The admin: Quotes in the menu, New quote, the form.
  store.createAdmin(ADMIN);
  const admin = await signedInContext(browser, store.url, '/admin/orders', ADMIN, { viewport: { width: 1360, height: 1000 } });
  const ap = admin.page;
  await ap.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Quotes' }).click();
  await ap.getByRole('heading', { name: 'Quotes' }).waitFor();
  await ap.getByRole('button', { name: 'New quote' }).click();
  const form = ap.getByRole('form', { name: 'New quote' });
  await form.getByLabel('Customer e-mail').fill(email);
  await form.getByLabel('Product').selectOption({ label: 'T-Shirt Normal' });
  await form.getByLabel('Colour').selectOption('white');
  await form.getByLabel('Pieces M').fill('20');
  await form.getByLabel('Pieces L').fill('30');
  await form.getByLabel("Customer's saved design (optional)").selectOption({ label: 'Annual day tee' });
  await form.getByLabel('Valid until').fill(indiaDay(10));
  await form.getByRole('button', { name: "Show the engine's price" }).click();
  const preview = await form.getByTestId('quote-preview').textContent();
  const list = Number(preview.match(/Engine's price ₹([\d,.]+) a piece for 50/)[1].replaceAll(',', '')) * 100;
  assert.ok(list > 10000, preview);
  // A price above the engine's is refused by its field, in the server's words.
  await form.getByLabel(/Unit price in rupees/).fill(String(list / 100 + 10));
  await form.getByLabel('Note').fill('For the annual day, 50 pieces');
  await form.getByRole('button', { name: 'Make quote' }).click();
  await form.getByTestId('error-unitPrice').waitFor();
  const held = list - 2000;
  await form.getByLabel(/Unit price in rupees/).fill(String(held / 100));
  await form.getByRole('button', { name: 'Make quote' }).click();
  const made = (await ap.getByTestId('quote-made').textContent()).trim();
  const number = made.match(/Quote (QT\/\d\d-\d\d\/\d{6}) made/)[1];
  await ap.getByTestId('quote-row').filter({ hasText: number }).getByText(inr(held)).waitFor();
  await ap.screenshot({ path: join(screenshots, 'admin-quotes.png'), fullPage: true });
  await expectAccessible(ap, 'admin quotes');
  await admin.context.close();

  // The customer: the e-mail's link, signed in on the way.
  const link = await mailedQuoteLink(email);
  const customer = await signedInContext(browser, store.url, link, email);
  const page = customer.page;
  await page.getByRole('heading', { name: `Quote ${number}` }).waitFor();
  assert.equal((await page.getByTestId('quote-unit-price').textContent()).startsWith(inr(held)), true);
  assert.equal((await page.getByTestId('quote-list-price').textContent()).trim(), inr(list));
  await page.getByText('For the annual day, 50 pieces').waitFor();
  await expectAccessible(page, 'a quote');
  await page.getByRole('button', { name: 'Accept and go to cart' }).click();
  await page.waitForURL('**/cart');
  const line = page.getByTestId('cart-line');
  assert.match(await line.getByTestId('cart-quote').textContent(), new RegExp(`Quoted price ${number.replaceAll('/', '\\/')}: ${inr(held).replace(/[.$]/g, '\\$&')} each`));
  assert.equal((await line.getByTestId('cart-unit-price').textContent()).trim(), inr(held));
  assert.equal(await line.getByRole('button', { name: 'More L' }).isDisabled(), true);
  await page.screenshot({ path: join(screenshots, 'cart-quoted.png'), fullPage: true });

  // The quote page now says accepted and offers no second acceptance.
  await page.goto(store.url + link);
  await page.getByTestId('quote-status').filter({ hasText: 'Accepted' }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Accept and go to cart' }).count(), 0);

  // Checkout as usual, at the quoted price.
  const token = await sessionToken(customer.context, store.url);
  const cart = await call('GET', '/cart', token);
  await page.goto(store.url + '/shipping');
  await fillShipping(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.getByRole('dialog', { name: 'Test payment' }).getByRole('button', { name: `Pay ${inr(cart.totalPrice)} (test)` }).click();
  await page.waitForURL('**/order-confirmation', { timeout: 10_000 });
  const [order] = await call('GET', '/orders', token);
  assert.equal(order.isPaid, true);
  assert.equal(order.orderItems[0].price, held);
  assert.equal(order.orderItems[0].itemCount, 50);
  assert.ok(order.orderItems[0].quoteId, 'the order line records its quote');
  assert.deepEqual(customer.context.cspViolations, []);
  await customer.context.close();
});
