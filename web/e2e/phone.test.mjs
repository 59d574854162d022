// The store on a phone (360 × 780, touch, a 2× screen) in a real Chromium
// against the real store: a shopper browses, designs a shirt with the preview
// kept in view above the controls, drags the text with a finger (the page does
// not scroll), turns the 3D view with a finger, taps the size steppers, adds
// to the cart, pays and visits the customer area; an admin runs orders. Each
// page fits the screen and passes axe; the phone layouts are kept as
// screenshots (phone-*.png). Then the pages at 200% zoom, and reduced motion.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { browser, expectAccessible, expectFits, fillShipping, latestCode, newContext, repo, screenshots, signUpWithCode, store, withStore } from './harness.mjs';

withStore();

const PHONE = { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/**
 * Fits the phone, passes axe, and is kept as web/e2e/screenshots/phone-{name}.png:
 * the whole page, or (`screen`) what the shopper sees, where sticky parts stay put.
 */
async function phonePage(page, name, { screen = false } = {}) {
  await expectFits(page, `phone ${name}`);
  await expectAccessible(page, `phone ${name}`);
  await page.screenshot({ path: join(screenshots, `phone-${name}.png`), fullPage: !screen, animations: 'disabled' });
}

/** A finger dragged from one point to another in steps (real touch events, through DevTools). */
async function swipe(page, from, to, steps = 12) {
  const cdp = await page.context().newCDPSession(page);
  const point = (t) => ({ x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point(0)] });
  for (let i = 1; i <= steps; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point(i / steps)] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** The studio's success banner gone (its removal would move the page under a scroll check). */
const noBanner = (page) => page.locator('.studio .notice.ok').waitFor({ state: 'detached' });
const centre = (box) => ({ x: box.x + box.width / 2, y: box.y + box.height / 2 });
/** Whether a box lies inside the visible viewport. */
const inView = (page, box) => box.y >= 0 && box.y + box.height <= page.viewportSize().height;

test('on a phone a shopper designs with the preview in view, by touch, pays and visits the customer area', async () => {
  const context = await newContext(browser, PHONE);
  const page = await context.newPage();
  await page.goto(store.url + '/');
  await page.getByTestId('product-card').first().waitFor();
  await phonePage(page, 'home');
  await signUpWithCode(page, store.url, { name: 'Neha Phone', mobile: '9876500041' });
  await page.getByTestId('product-card').first().waitFor();
  await phonePage(page, 'shop-all');
  const tee = (await (await fetch(`${store.url}/api/products`)).json()).data.find((p) => p.name === 'T-Shirt Normal');
  await page.goto(`${store.url}/product/${tee._id}`);
  await page.getByRole('heading', { level: 1, name: 'T-Shirt Normal' }).waitFor();
  await phonePage(page, 'product');

  // The studio: the garment first, kept in view (under the navbar) while the controls below are used.
  await page.goto(`${store.url}/design?productId=${tee._id}&color=white`);
  await page.getByRole('heading', { name: /View Your T-Shirt Normal/ }).waitFor();
  const preview = page.getByTestId('print-area');
  await preview.waitFor();
  assert.ok(inView(page, await preview.boundingBox()), 'the preview is on the first screen');
  await page.getByLabel('Text', { exact: true }).fill('Team Legacy');
  await page.getByRole('button', { name: 'Add Text' }).tap();
  await page.getByText('“Team Legacy”', { exact: true }).waitFor();
  assert.ok(inView(page, await preview.boundingBox()), 'the preview stays in view while editing the text');
  await page.waitForFunction(() => [...document.querySelectorAll('.design-canvas img')].every((i) => i.complete && i.naturalWidth > 0));
  await phonePage(page, 'studio', { screen: true });

  // A finger drags the text; the page does not scroll under it.
  const description = page.getByTestId('design-description');
  await description.filter({ hasText: 'centred 50% across, 50% down' }).waitFor();
  const canvas = page.locator('canvas[data-area="leftChest"]');
  await noBanner(page);
  const from = centre(await canvas.boundingBox());
  const scrolled = await page.evaluate(() => scrollY);
  await swipe(page, from, { x: from.x - 12, y: from.y + 10 });
  await page.waitForFunction(() => !document.querySelector('[data-testid="design-description"]').textContent.includes('centred 50% across, 50% down'));
  assert.equal(await page.evaluate(() => scrollY), scrolled, 'the drag did not scroll the page');

  // An image on the Back, from the phone's picker.
  await page.getByRole('radio', { name: 'Back', exact: true }).tap();
  await page.getByLabel('Upload image').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: readFileSync(join(repo, 'design-engine/tests/fixtures/logo.png')) });
  await page.getByRole('button', { name: 'Add Image' }).tap();
  await page.getByText('logo.png', { exact: true }).waitFor();

  // The 3D view turns under a finger.
  await page.getByRole('radio', { name: '3D', exact: true }).tap();
  const viewer = page.getByTestId('garment-viewer');
  await viewer.locator('canvas').waitFor();
  await viewer.locator('.viewer-message').waitFor({ state: 'detached' });
  await page.waitForTimeout(500); // the colour's 300 ms settling, then a frame
  const still = await viewer.screenshot();
  await noBanner(page);
  const box = await viewer.boundingBox();
  const turnedAt = await page.evaluate(() => scrollY);
  await swipe(page, { x: box.x + box.width * 0.3, y: box.y + box.height / 2 }, { x: box.x + box.width * 0.8, y: box.y + box.height / 2 });
  await page.waitForTimeout(200);
  assert.equal(await page.evaluate(() => scrollY), turnedAt, 'turning the model did not scroll the page');
  assert.ok(!still.equals(await viewer.screenshot()), 'the model turned');
  await phonePage(page, 'studio-3d', { screen: true });

  // Sizes by tapping the steppers and typing; the price bar follows, and brings Add to Cart.
  await page.getByLabel('Quantity M').fill('24');
  await page.getByRole('button', { name: 'More L' }).tap();
  const bar = page.locator('.phone-bar');
  const total = (await page.getByTestId('studio-total').textContent()).trim();
  await bar.filter({ hasText: '25 items' }).waitFor();
  assert.equal(await bar.locator('strong').textContent(), total);
  assert.ok(inView(page, await bar.boundingBox()), 'the price bar is on screen');
  await page.evaluate(() => scrollTo(0, 0));
  await bar.tap();
  const addButton = page.getByTestId('add-to-cart');
  await page.waitForFunction(() => document.activeElement?.dataset.testid === 'add-to-cart');
  // Scrolled smoothly: in view once the scroll ends.
  await page.waitForFunction(() => {
    const r = document.activeElement.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight;
  });
  await phonePage(page, 'studio-sizes', { screen: true });
  await addButton.tap();
  await page.waitForURL('**/cart', { timeout: 10_000 });
  await page.getByTestId('cart-total').filter({ hasText: total }).waitFor();
  await page.getByTestId('thumb-back').waitFor();
  await phonePage(page, 'cart');

  // Checkout and the test provider's popup.
  await page.getByRole('button', { name: 'Proceed to Checkout' }).tap();
  await fillShipping(page);
  await phonePage(page, 'checkout');
  await page.getByRole('button', { name: 'Place Order' }).tap();
  const popup = page.getByRole('dialog', { name: 'Test payment' });
  await popup.waitFor();
  await phonePage(page, 'payment');
  await popup.getByRole('button', { name: `Pay ${total} (test)` }).tap();
  await page.waitForURL('**/order-confirmation', { timeout: 10_000 });
  await page.getByRole('heading', { name: 'Order Placed Successfully!' }).waitFor();
  await phonePage(page, 'confirmation');

  // The customer area.
  const menu = page.getByRole('navigation', { name: 'My Account' });
  await page.goto(store.url + '/user');
  await page.getByRole('heading', { name: 'Welcome back, Neha Phone!' }).waitFor();
  await phonePage(page, 'account');
  await menu.getByRole('link', { name: 'Orders', exact: true }).tap();
  await page.getByTestId('order-card').first().waitFor();
  await phonePage(page, 'orders');
  await menu.getByRole('link', { name: 'Addresses' }).tap();
  await page.getByRole('button', { name: 'Add New Address' }).tap();
  await page.getByRole('dialog').getByLabel('Street address').waitFor();
  await phonePage(page, 'address-dialog');
  await page.keyboard.press('Escape');
  await menu.getByRole('link', { name: 'Profile' }).tap();
  await page.getByLabel('Full name').waitFor();
  await phonePage(page, 'profile');
  assert.deepEqual(context.cspViolations, []);
  await context.close();
});

// The orders are the phone shopper's, from the test above.
test('on a phone an admin runs orders', async () => {
  const email = `phone-admin-${Date.now()}@example.com`;
  store.createAdmin(email);
  const context = await newContext(browser, PHONE);
  const page = await context.newPage();
  await page.goto(store.url + '/admin/orders');
  await page.waitForURL('**/login');
  await page.getByRole('main').getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send code' }).tap();
  await page.getByText('OTP sent to your email').waitFor();
  await page.getByLabel('One-time code (OTP)').fill(await latestCode(store.url, email));
  await page.getByRole('button', { name: 'Verify and continue' }).tap();
  await page.waitForURL('**/admin/orders', { timeout: 10_000 });
  const row = page.getByTestId('admin-order-row').first();
  await row.waitFor();
  await phonePage(page, 'admin-orders');
  await row.getByRole('button', { name: /^Actions for order/ }).tap();
  await page.getByRole('menuitem', { name: 'View Details' }).tap();
  await page.getByRole('dialog', { name: 'Order Details' }).getByText('Payment Gateway (2.5%)').waitFor();
  await phonePage(page, 'admin-order-details');
  await page.getByRole('dialog', { name: 'Order Details' }).getByRole('button', { name: 'Close' }).tap();
  await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Products' }).tap();
  await page.getByTestId('admin-product-card').first().waitFor();
  await phonePage(page, 'admin-products');
  await context.close();
});

test('at 200% zoom (a 1280 × 900 screen) every page reflows, and reduced motion stops the page transition', async () => {
  const context = await newContext(browser, { viewport: { width: 640, height: 450 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await signUpWithCode(page, store.url, { name: 'Zoe Zoom', mobile: '9876500042' });
  const tee = (await (await fetch(`${store.url}/api/products`)).json()).data.find((p) => p.name === 'T-Shirt Normal');
  const pages = {
    '/': 'Design Your Legacy',
    '/products': 'Shop All',
    [`/product/${tee._id}`]: 'T-Shirt Normal',
    [`/design?productId=${tee._id}`]: 'View Your T-Shirt Normal',
    '/cart': 'Your cart is empty',
    '/user': 'Welcome back, Zoe Zoom!',
    '/user/orders': 'My Orders',
    '/user/profile': 'My Profile',
  };
  for (const [path, heading] of Object.entries(pages)) {
    await page.goto(store.url + path);
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    await expectFits(page, `200% zoom ${path}`);
    // The session renewal this load started has finished (a reload in the middle of one signs out).
    await page.waitForLoadState('networkidle');
  }
  // A route change plays no animation when the system asks for reduced motion.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('banner').getByRole('link', { name: 'Products' }).click();
  await page.waitForURL('**/products');
  assert.equal(await page.evaluate(() => document.querySelector('main').getAnimations().length), 0);
  await context.close();
});
