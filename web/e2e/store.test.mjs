// The shopper's journey in a real Chromium against the real store: browse,
// be sent to login when customising, sign in with a one-time code from the dev
// outbox, design a shirt (text on the Left Chest, an uploaded image on the
// Back), reach 25 items, add to cart, find the line and total in the cart.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { browser, expectAccessible, fillShipping, latestCode, newContext, repo, screenshots, sessionToken, store, withStore } from './harness.mjs';

withStore();

/** Figures measured in the browser, written for the notes and README. */
const figures = {};
after(() => writeFileSync(join(screenshots, 'figures.json'), JSON.stringify(figures, null, 2)));

/** Gzipped KiB of built files: what the first page load costs, the 3D chunk, the engine's two modules. */
test('bundle sizes', () => {
  const dist = process.env.WEB_DIST ?? join(repo, 'web/dist');
  const gzKiB = (file) => Math.round(gzipSync(readFileSync(join(dist, file))).length / 102.4) / 10;
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const firstLoad = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const assets = readdirSync(join(dist, 'assets'));
  const threeChunk = assets.find((f) => /^GarmentViewer-.*\.js$/.test(f) && readFileSync(join(dist, 'assets', f)).length > 100_000);
  const wasm = assets.find((f) => /^design_engine_bg-.*\.wasm$/.test(f));
  const textWasm = assets.find((f) => /^design_text_bg-.*\.wasm$/.test(f));
  assert.ok(firstLoad.length > 0 && threeChunk && wasm && textWasm);
  figures.gzipKiB = {
    firstLoadJs: Math.round(firstLoad.reduce((sum, f) => sum + gzKiB(f), 0) * 10) / 10,
    threeChunk: gzKiB(`assets/${threeChunk}`),
    wasm: gzKiB(`assets/${wasm}`),
    textWasm: gzKiB(`assets/${textWasm}`),
  };
  // Issue 16's budget for the core (the first render). Issue 33 aimed at 300 KiB for the text module; since issue 51
  // it shapes every script with harfrust (305 KiB at this gzip level, loaded only when a text is drawn): the goal
  // stands as not met in docs/figures.md, and this ceiling catches any growth past it.
  assert.ok(figures.gzipKiB.wasm <= 600 && figures.gzipKiB.textWasm <= 320, JSON.stringify(figures.gzipKiB));
  // three.js and the engine stay out of the first load.
  assert.ok(!firstLoad.some((f) => f.includes('GarmentViewer') || f.includes('design_engine')), firstLoad.join(' '));
});

test('home page: featured products, fast largest contentful paint', async () => {
  const context = await newContext(browser, { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__lcp = e.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  await page.goto(store.url + '/');
  await page.getByRole('heading', { name: 'Design Your Legacy' }).waitFor();
  await page.getByTestId('product-card').first().waitFor();
  await page.waitForLoadState('networkidle');
  figures.homeLcpMs = Math.round(await page.evaluate(() => window.__lcp));
  assert.ok(figures.homeLcpMs > 0, 'an LCP entry was recorded');
  await page.screenshot({ path: join(screenshots, 'home.png'), fullPage: true });
  await expectAccessible(page, 'home');
  // The product page, and a page that does not exist.
  const tee = (await (await fetch(`${store.url}/api/products`)).json()).data.find((p) => p.name === 'T-Shirt Normal');
  await page.goto(`${store.url}/product/${tee._id}`);
  await page.getByRole('heading', { level: 1, name: 'T-Shirt Normal' }).waitFor();
  await expectAccessible(page, 'product');
  await page.goto(store.url + '/no-such-page');
  await page.getByRole('heading', { level: 1 }).waitFor();
  await expectAccessible(page, 'not found');
  assert.deepEqual(context.cspViolations, []);
  await context.close();
});

test("a new visitor's studio asks for its product and picture before the app has started, once each", async () => {
  const tee = (await (await fetch(`${store.url}/api/products`)).json()).data.find((p) => p.name === 'T-Shirt Normal');
  const front = tee.colorImages.find((c) => c.color === tee.defaultColor).frontImage.url;
  // One visit: the requests it made, and whether the studio's chunk was asked for before the product's answer.
  const visit = async () => {
    const context = await newContext(browser, { viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${store.url}/design?productId=${tee._id}`);
    await page.waitForFunction(() => [...document.querySelectorAll('canvas.area-canvas')].some((c) => c.width > 0), null, { polling: 'raf' });
    // A resource is listed once its answer has ended: the area can be drawn before the picture has arrived under load.
    await page.waitForFunction((path) => performance.getEntriesByType('resource').some((e) => e.name.endsWith(path)), front);
    const entries = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => ({ path: e.name.replace(location.origin, ''), start: e.startTime, end: e.responseEnd, by: e.initiatorType })));
    const product = entries.filter((e) => e.path === `/api/products/${tee._id}`);
    const picture = entries.filter((e) => e.path === front);
    const app = entries.find((e) => /^\/assets\/StudioPage-[^/]+\.js$/.test(e.path));
    return { context, page, entries, product, picture, app, early: Boolean(app && product[0] && product[0].start < app.end) };
  };
  let v = await visit();
  if (!v.early) {
    // The route-preload script runs once loaded (async): on a loaded machine the app's own script can ask for the
    // studio's chunk first. A second visit must show the order; a build that lost route-preload fails both.
    console.log(`first visit asked for the product after the studio's code: ${JSON.stringify({ app: v.app, product: v.product })}`);
    await v.context.close();
    v = await visit();
  }
  const { context, page, entries, product, picture, app } = v;
  // One request each (the app took route-preload's answers), both asked for before the studio's own code was in.
  assert.equal(product.length, 1, JSON.stringify(entries));
  assert.equal(picture.length, 1, JSON.stringify(entries));
  assert.ok(app && product[0].start < app.end && picture[0].by === 'link', JSON.stringify({ app, product, picture }));
  await page.getByRole('heading', { name: 'View Your T-Shirt Normal' }).waitFor();
  assert.equal(await page.getByRole('img', { name: 'T-Shirt Normal front' }).evaluate((img) => img.complete && img.naturalWidth > 0), true);
  assert.deepEqual(context.cspViolations, []);
  await context.close();
});

test('a visitor designs a shirt, signs in with a code and finds it in the cart', async () => {
  const context = await newContext(browser, { viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  const email = `shopper-${Date.now()}@example.com`;

  // Browse; customising sends a visitor to login.
  await page.goto(store.url + '/products');
  const card = page.getByTestId('product-card').filter({ hasText: 'T-Shirt Normal' });
  await card.waitFor();
  await expectAccessible(page, 'Shop All');
  await card.getByRole('button', { name: 'Start Customizing' }).click();
  await page.waitForURL('**/login');
  await expectAccessible(page, 'login, sent from the studio');

  // E-mail, then the code from the dev outbox, then the new user's details.
  const main = page.getByRole('main');
  await main.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByText('OTP sent to your email').waitFor();
  await expectAccessible(page, 'login: the code step');
  const code = await latestCode(store.url, email);
  await page.getByLabel('One-time code (OTP)').fill(code);
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await page.getByText('Enter your details to continue').waitFor();
  await expectAccessible(page, 'login: the details step');
  await page.getByLabel('Full name').fill('Asha Verma');
  await page.getByLabel('Mobile number').fill('9876543210');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByText('Registration successful! Logging you in...').waitFor();
  await page.waitForURL('**/products', { timeout: 10_000 });

  // Now signed in: the dialog offers the design types.
  await page.getByTestId('product-card').filter({ hasText: 'T-Shirt Normal' }).getByRole('button', { name: 'Start Customizing' }).click();
  await page.getByRole('dialog', { name: 'Choose Design Type' }).waitFor();
  await expectAccessible(page, 'design-type dialog');
  await page.getByRole('button', { name: 'With Logo/Design' }).click();
  await page.waitForURL('**/design?**');
  await page.getByRole('heading', { name: /View Your T-Shirt Normal/ }).waitFor();
  // The studio itself, not its first screen (the same title before the studio's code has loaded).
  await page.getByTestId('print-area').waitFor();
  await expectAccessible(page, 'studio, empty');

  // A text on the Left Chest.
  await page.getByRole('radio', { name: 'Left Chest' }).click();
  await page.getByLabel('Text', { exact: true }).fill('Team Legacy');
  await page.getByRole('button', { name: 'Add Text' }).click();
  await page.getByText('“Team Legacy”', { exact: true }).waitFor();

  // Drag it, measuring pointer move → decal drawn.
  const canvas = page.locator('canvas[data-area="leftChest"]');
  const box = await canvas.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 30; i++) await page.mouse.move(box.x + box.width / 2 - i, box.y + box.height / 2 + i / 2);
  await page.mouse.up();
  const timings = await page.evaluate(() => window.__studioDragTimings ?? []);
  assert.ok(timings.length >= 20, `drag frames measured: ${timings.length}`);
  const sorted = [...timings].sort((a, b) => a - b);
  figures.dragMs = { moves: sorted.length, median: sorted[sorted.length >> 1], p95: sorted[Math.floor(sorted.length * 0.95)] };

  // An uploaded image on the Back.
  await page.getByRole('radio', { name: 'Back', exact: true }).click();
  await page.getByLabel('Upload image').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: readFileSync(join(repo, 'design-engine/tests/fixtures/logo.png')) });
  await page.getByRole('button', { name: 'Add Image' }).click();
  await page.getByText('logo.png', { exact: true }).waitFor();

  // Below the minimum the button says how many more are needed, and a click says why nothing was added.
  const addButton = page.getByTestId('add-to-cart');
  assert.equal((await addButton.textContent()).trim(), 'Add to Cart (Need 25 more)');
  await addButton.click();
  await page.getByRole('alert').getByText('Please select at least one item before adding to cart.').waitFor();
  await expectAccessible(page, 'studio: text and image, too few items');
  await page.getByLabel('Quantity M').fill('10');
  assert.equal((await addButton.textContent()).trim(), 'Add to Cart (Need 15 more)');
  await addButton.click();
  await page.getByRole('alert').getByText('Minimum quantity requirement not met. You need 15 more items to reach the minimum of 25 per color.').waitFor();
  await page.getByLabel('Quantity L').fill('14');
  await page.getByRole('button', { name: 'More XL' }).click();
  assert.equal((await addButton.textContent()).trim(), 'Add to Cart');
  const studioTotal = (await page.getByTestId('studio-total').textContent()).trim();
  await page.screenshot({ path: join(screenshots, 'studio.png'), fullPage: true });
  await page.getByRole('button', { name: 'Preview Design' }).click();
  await page.getByRole('dialog', { name: 'Preview Design' }).waitFor();
  await expectAccessible(page, 'studio: preview dialog');
  await page.keyboard.press('Escape');
  await page.getByRole('radio', { name: '3D', exact: true }).click();
  await page.locator('[data-testid="garment-viewer"] canvas').waitFor();
  await expectAccessible(page, 'studio: 3D view');

  // Add; the server revalidates and prices it; the cart shows the same total.
  await addButton.click();
  await page.waitForURL('**/cart', { timeout: 10_000 });
  await page.getByText('T-Shirt Normal').first().waitFor();
  const product = (await (await fetch(`${store.url}/api/products`)).json()).data.find((p) => p.name === 'T-Shirt Normal');
  // Independent arithmetic: 25 × price + ₹50 for the second element, plus 2.5% (half up).
  const subtotal = product.price * 25 + 5000;
  const total = subtotal + Math.floor((subtotal * 250 + 5000) / 10000);
  const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(total / 100);
  assert.equal(studioTotal, rupees, 'the studio showed the engine’s total');
  await page.getByTestId('cart-total').waitFor();
  assert.equal((await page.getByTestId('cart-total').textContent()).trim(), rupees);
  // The line's design, drawn by the engine: both print areas.
  await page.getByTestId('thumb-leftChest').waitFor();
  await page.getByTestId('thumb-back').waitFor();
  await page.getByRole('img', { name: 'Back design' }).waitFor();
  await page.screenshot({ path: join(screenshots, 'cart.png'), fullPage: true });
  await expectAccessible(page, 'cart');

  // The session: no token in the page's storage; the refresh token is an
  // HttpOnly, SameSite=Strict cookie for /api/auth only, and a reload renews
  // the session from it (the cart is still there).
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
  assert.ok(!/eyJ|refresh/i.test(stored), stored);
  const [cookie] = (await context.cookies()).filter((c) => c.name === 'refresh_token');
  assert.deepEqual([cookie?.httpOnly, cookie?.sameSite, cookie?.path], [true, 'Strict', '/api/auth']);
  await page.reload();
  await page.getByTestId('cart-total').waitFor();
  assert.equal((await page.getByTestId('cart-total').textContent()).trim(), rupees);
  // The uploaded picture reached the server: read back with the session, byte for byte.
  const logo = readFileSync(join(repo, 'design-engine/tests/fixtures/logo.png'));
  const artworkUrl = `${store.url}/api/artwork/${createHash('sha256').update(logo).digest('hex')}`;
  const artwork = async () => {
    const res = await fetch(artworkUrl, { headers: { authorization: `Bearer ${await sessionToken(context, store.url)}` } });
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  };
  assert.deepEqual(await artwork(), { status: 200, bytes: logo });

  // Paid for, the order keeps the picture once the cart is empty.
  await page.goto(store.url + '/shipping');
  await fillShipping(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await page.getByRole('dialog', { name: 'Test payment' }).getByRole('button', { name: `Pay ${rupees} (test)` }).click();
  await page.waitForURL('**/order-confirmation', { timeout: 10_000 });
  const token = await sessionToken(context, store.url);
  const cartAfter = await (await fetch(`${store.url}/api/cart`, { headers: { authorization: `Bearer ${token}` } })).json();
  assert.equal(cartAfter.data.items.length, 0);
  assert.deepEqual(await artwork(), { status: 200, bytes: logo });

  // The studio's WebAssembly, its 3D viewer and the pages ran under the store's CSP.
  assert.deepEqual(context.cspViolations, []);
  await context.close();
});
