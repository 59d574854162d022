// The shop in Hindi, in a real Chromium against the real store: a shopper who chose Hindi walks the home page,
// Shop All, a product, the cart, checkout (the test provider's popup) and the confirmation, /track, /contact and a
// missing page, and finds no English word on them but the data's own (product and colour names, the merchant's
// texts and facts, the server's words, which the server translates on its own).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browser, newContext, sessionToken, signUpWithCode, store, withStore } from './harness.mjs';

withStore();

// The data's own words: the store's garments and colours, the shopper's name and address, e-mail parts, sizes,
// names kept in every language, and the server's words (its fee label, tier hints, seller facts).
const ALLOWED = new Set(
  `Legacy Threads Shirt Normal Full Sleeve Piping Polo Hoodie white black navy navyblue red blue green grey gray yellow
  Asha Verma Janpath Connaught Place New Delhi India example com XXL GSTIN OTP UPI DPI Payment Gateway`.split(/\s+/),
);

/** English words (three Latin letters or more) in the page's main part, its text and its screen-reader labels. */
async function englishOn(page, skip = []) {
  const words = await page.evaluate((skip) => {
    const main = document.querySelector('main');
    const root = main.cloneNode(true);
    for (const sel of skip) root.querySelectorAll(sel).forEach((el) => el.remove());
    const texts = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) texts.push(node.textContent ?? '');
    for (const el of root.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) texts.push(el.getAttribute(name) ?? '');
    }
    return texts.join(' ').match(/[A-Za-z]{3,}/g) ?? [];
  }, skip);
  return [...new Set(words.filter((w) => !ALLOWED.has(w)))];
}

test('a shopper who reads Hindi finds no English on the shop, the cart, checkout and its confirmation', async () => {
  const context = await newContext(browser, { viewport: { width: 1280, height: 1000 } });
  const page = await context.newPage();
  await signUpWithCode(page, store.url, { name: 'Asha Verma', mobile: '9876500071' });
  // The catalogue's names and colours are the merchant's.
  const products = (await (await fetch(`${store.url}/api/products`)).json()).data;
  for (const p of products) for (const w of [p.name, ...p.colors].join(' ').match(/[A-Za-z]+/g) ?? []) ALLOWED.add(w);
  await page.getByRole('button', { name: /Read in Hindi/ }).click();
  await page.getByRole('heading', { name: 'सभी उत्पाद' }).waitFor();
  assert.deepEqual(await englishOn(page), [], 'Shop All');

  await page.goto(store.url + '/');
  await page.getByRole('heading', { name: 'अपनी पहचान डिज़ाइन करें' }).waitFor();
  await page.locator('[data-testid="product-card"]').first().waitFor();
  assert.deepEqual(await englishOn(page), [], 'home');

  const tee = products.find((p) => p.name === 'T-Shirt Normal');
  await page.goto(`${store.url}/product/${tee._id}`);
  await page.getByRole('heading', { name: 'हर साइज़ की मात्रा' }).waitFor();
  // The print areas' labels, the description and the starter templates are the merchant's own.
  const areaWords = tee.printAreas.flatMap((a) => a.label.split(/\s+/)).flatMap((w) => [w, w.toLowerCase()]);
  areaWords.forEach((w) => ALLOWED.add(w));
  assert.deepEqual(await englishOn(page, ['.product-description', '.eyebrow', '.size-chart', '.template-picker .stack']), [], 'product');

  // 25 shirts in the cart through the API, as checkout.test.mjs does.
  const token = await sessionToken(context, store.url);
  const added = await fetch(`${store.url}/api/cart/items`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ productId: tee._id, color: 'white', quantity: { s: 0, m: 10, l: 15, xl: 0, xxl: 0 } }),
  });
  assert.equal(added.status, 200);
  await page.goto(store.url + '/cart');
  await page.getByRole('heading', { name: 'आपका कार्ट' }).waitFor();
  // The tier note and hint are the server's words.
  const serverWords = ['[data-testid="cart-tier"]', '[data-testid="cart-next-tier"]', '[data-testid="summary-tier"]'];
  assert.deepEqual(await englishOn(page, serverWords), [], 'cart');

  await page.getByRole('button', { name: 'चेकआउट करें' }).click();
  await page.getByRole('heading', { name: 'चेकआउट' }).waitFor();
  await page.getByRole('button', { name: 'ऑर्डर करें' }).click();
  await page.getByRole('alert').filter({ hasText: 'कृपया डिलीवरी की सभी ज़रूरी जानकारी भरें' }).waitFor();
  assert.deepEqual(await englishOn(page, serverWords), [], 'checkout with its messages');
  await page.locator('#shipping-phone').fill('9876543210');
  await page.locator('#shipping-addressLine1').fill('12 Janpath');
  await page.locator('#shipping-pincode').pressSequentially('110001');
  await page.waitForFunction(() => (document.getElementById('shipping-city')?.value ?? '') !== '', null, { timeout: 5_000 });
  await page.getByRole('button', { name: 'ऑर्डर करें' }).click();
  const popup = page.getByRole('dialog', { name: 'टेस्ट भुगतान' });
  await popup.waitFor();
  // The courier's estimate is the server's words; the order's numbers are figures.
  assert.deepEqual(await englishOn(page, [...serverWords, '.delivery-estimate', '.test-payment-facts dd']), [], 'the test payment popup');
  await popup.getByRole('button', { name: /का भुगतान करें \(टेस्ट\)/ }).click();
  await page.getByRole('heading', { name: 'ऑर्डर सफलतापूर्वक हो गया!' }).waitFor();
  const number = (await page.getByTestId('order-number').textContent()).trim();
  number.split(/[^A-Za-z]+/).forEach((w) => ALLOWED.add(w));
  // The shopper's e-mail address is theirs.
  for (const w of ['pay', 'asha', 'verma']) ALLOWED.add(w);
  assert.deepEqual(await englishOn(page, ['.mono']), [], 'confirmation');

  await page.goto(store.url + '/track');
  await page.getByRole('heading', { name: 'अपना ऑर्डर ट्रैक करें' }).waitFor();
  assert.deepEqual(await englishOn(page), [], '/track');

  // /contact: its text and the seller's facts are the merchant's; the box, the form and their words are ours.
  await page.goto(store.url + '/contact');
  await page.getByRole('heading', { name: 'हमें लिखें' }).waitFor();
  await page.getByRole('heading', { name: 'विक्रेता' }).waitFor();
  assert.deepEqual(await englishOn(page, ['article.policy', '.contact-box p']), [], '/contact');

  await page.goto(store.url + '/no-such-page');
  await page.getByRole('heading', { name: 'पेज नहीं मिला' }).waitFor();
  assert.deepEqual(await englishOn(page), [], '404');
  await context.close();
});
