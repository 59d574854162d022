// The backend goes down (DESIGN.md section 2, 'No fake logins'): a signed-in
// shopper opens the home page and designs a shirt while the store is up, then
// the server stops. Reloaded, the app still opens (the service worker keeps the
// shell), shows the mock-mode banner and the built-in featured garments with
// their pictures, and the studio shows the garment in 2D and 3D with the draft
// intact (the added text, the text still being typed, the quantities). Adding
// to the cart keeps the line in the cart kept in this browser (offline-cart.test.mjs
// follows it back to the server), and the cart shows it, labelled offline.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { browser, expectAccessible, newContext, screenshots, signUpWithCode, store, withStore } from './harness.mjs';

const BANNER = 'Backend not available - Running in mock mode';

withStore();

/** Every picture the locator finds has loaded (a broken or missing one has no natural width). */
async function picturesShown(locator) {
  await locator.first().waitFor();
  // Product cards load their pictures lazily: bring them into view first.
  await locator.last().scrollIntoViewIfNeeded();
  await locator.evaluateAll((imgs) => Promise.all(imgs.map((img) => img.decode().catch(() => {}))));
  return locator.evaluateAll((imgs) => imgs.map((img) => img.complete && img.naturalWidth > 0));
}

/** Waits until the service worker holds a copy of each URL (it stores them just after answering). */
async function kept(page, urls) {
  for (let i = 0; i < 100; i++) {
    const missing = await page.evaluate(async (all) => {
      const out = [];
      for (const u of all) if (!(await caches.match(u, { ignoreVary: true }))) out.push(u);
      return out;
    }, urls);
    if (missing.length === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not kept by the service worker: ${urls.join(' ')}`);
}

/** The 3D view has drawn the model: a canvas, no loading or failure message. */
async function modelShown(page) {
  const viewer = page.getByTestId('garment-viewer');
  await viewer.locator('canvas').waitFor();
  await viewer.getByText('Loading 3D model...').waitFor({ state: 'detached' });
  assert.equal(await viewer.locator('.viewer-message.error').count(), 0, await viewer.innerText());
}

test('with the server down, the home page, the studio and the draft keep working', async () => {
  const context = await newContext(browser, { viewport: { width: 1400, height: 1100 } });
  const page = await context.newPage();
  await signUpWithCode(page, store.url, { name: 'Offline Shopper', mobile: '9876500071' });
  // The service worker takes charge once the first page has loaded.
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 10_000 });

  const products = (await (await fetch(`${store.url}/api/products`)).json()).data;
  const tee = products.find((p) => p.name === 'T-Shirt Normal');
  const studioUrl = `${store.url}/design?${new URLSearchParams({ productId: tee._id, color: 'white', withLogo: 'true' })}`;

  // Online: the home page and the studio, as a shopper would see them.
  await page.goto(store.url + '/');
  const homeShots = page.getByTestId('product-card').locator('img');
  assert.deepEqual(await picturesShown(homeShots), [true, true, true]);
  const homeUrls = await homeShots.evaluateAll((imgs) => imgs.map((i) => i.src));

  await page.goto(studioUrl);
  await page.getByRole('heading', { name: 'View Your T-Shirt Normal' }).waitFor();
  // The studio itself, not its first screen (the same title and picture before the studio's code has loaded).
  await page.getByTestId('print-area').waitFor();
  const front = page.locator('.design-canvas img');
  assert.deepEqual(await picturesShown(front), [true]);
  const frontUrl = await front.evaluate((i) => i.src);
  await page.getByRole('radio', { name: 'Left Chest' }).click();
  await page.getByLabel('Text', { exact: true }).fill('Team Legacy');
  await page.getByRole('button', { name: 'Add Text' }).click();
  await page.getByText('“Team Legacy”', { exact: true }).waitFor();
  // Still being typed when the server goes away.
  await page.getByLabel('Text', { exact: true }).fill('Half typed');
  await page.getByLabel('Quantity M').fill('25');
  await page.getByRole('radio', { name: '3D', exact: true }).click();
  await modelShown(page);
  const studioUrls = [frontUrl, `${store.url}/api/models/by-path?path=${encodeURIComponent(tee.models.white)}`];
  await kept(page, [...homeUrls, ...studioUrls]);

  // The server goes down.
  await store.stop();

  await page.goto(store.url + '/');
  await page.getByText(BANNER).waitFor();
  const cards = page.getByTestId('product-card');
  await cards.nth(2).waitFor();
  assert.deepEqual(await cards.locator('h3').allTextContents(), ['Shirt Full Sleeve', 'T-Shirt Piping', 'T-Shirt Normal']);
  assert.deepEqual(await picturesShown(cards.locator('img')), [true, true, true], 'the featured pictures come from the browser');
  assert.equal(await page.getByText('No Featured Products').count(), 0);
  await page.screenshot({ path: join(screenshots, 'offline-home.png'), fullPage: true });
  await expectAccessible(page, 'home with the server down');

  await page.goto(studioUrl);
  await page.getByRole('heading', { name: 'View Your T-Shirt Normal' }).waitFor();
  // The studio itself, not its first screen (the same title and picture before the studio's code has loaded).
  await page.getByTestId('print-area').waitFor();
  await page.getByText(BANNER).waitFor();
  assert.deepEqual(await picturesShown(page.locator('.design-canvas img')), [true], 'the garment picture in 2D');
  assert.equal(await page.getByText('No Images Available').count(), 0);
  // Nothing typed or designed is lost.
  await page.getByText('“Team Legacy”', { exact: true }).waitFor();
  assert.equal(await page.getByLabel('Text', { exact: true }).inputValue(), 'Half typed');
  assert.equal(await page.getByLabel('Quantity M').inputValue(), '25');
  await page.getByRole('radio', { name: '3D', exact: true }).click();
  await modelShown(page);
  await page.screenshot({ path: join(screenshots, 'offline-studio.png'), fullPage: true });
  await expectAccessible(page, 'studio (3D) with the server down');

  // Adding to the cart keeps the line in this browser; the cart shows it, labelled offline.
  await page.getByTestId('add-to-cart').click();
  await page.getByText('Added to your offline cart!', { exact: false }).waitFor();
  await page.waitForURL('**/cart');
  await page.getByText('Offline', { exact: true }).waitFor();
  await page.getByTestId('cart-line').filter({ hasText: 'T-Shirt Normal' }).waitFor();

  assert.deepEqual(context.cspViolations, []);
  await context.close();
});
