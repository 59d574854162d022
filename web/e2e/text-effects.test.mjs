// Text effects end to end in a real Chromium against the real store: a shopper
// types a team name in the studio, arches it (a radius too tight is refused
// with the engine's message), outlines it, and sees it in the 2D canvas (its
// pixels differ from the flat text's) and in the 3D view; adds 25 to the cart
// and pays. An admin then downloads the order's print files, and the left
// chest's 300 DPI PNG shows the arch: its middle letters stand higher than its
// end letters, where the flat text's tops are level.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { browser, call, expectAccessible, expectFits, newContext, openOrderDetails, screenshots, sessionToken, signUpWithCode, signedInContext, store, withStore } from './harness.mjs';

process.env.PROOF_REQUIRED = 'off';
withStore();

const ADMIN = 'effects-admin@example.com';

/** The 2D canvas's pixels, as the studio painted them from the engine's render. */
const canvasPixels = (page) =>
  page.locator('canvas[data-area="leftChest"]').evaluate((c) => Array.from(c.getContext('2d').getImageData(0, 0, c.width, c.height).data));

/** The canvas's pixels once at least `min` channel values differ from `before` (the repaint may wait for a frame). */
async function repaintedFrom(page, before, min = 1000) {
  let now = before;
  let changed = 0;
  for (let i = 0; i < 40 && changed < min; i++) {
    await page.waitForTimeout(50);
    now = await canvasPixels(page);
    changed = now.length === before.length ? now.filter((v, i) => v !== before[i]).length : Infinity;
  }
  assert.ok(changed >= min, `the 2D canvas changed (${changed} channel values)`);
  return now;
}

/** The PNG stored (uncompressed) in a zip under `name`. */
function pngFromZip(zip, name) {
  const at = zip.indexOf(Buffer.from(name));
  assert.ok(at > 0, `${name} is in the zip`);
  const start = zip.indexOf(Buffer.from([0x89, 0x50, 0x4e, 0x47]), at);
  const end = zip.indexOf(Buffer.from('IEND'), start) + 8;
  return zip.subarray(start, end);
}

/**
 * The topmost inked row of each column that has ink, of the studio's 2D canvas
 * (`selector`) or of a PNG (decoded by the browser, as any viewer of the file would).
 */
function inkTops(page, { selector, png }) {
  return page.evaluate(
    async ({ selector, b64 }) => {
      let image;
      if (selector) {
        const c = document.querySelector(selector);
        image = c.getContext('2d').getImageData(0, 0, c.width, c.height);
      } else {
        const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${b64}`)).blob());
        const ctx = new OffscreenCanvas(bitmap.width, bitmap.height).getContext('2d');
        ctx.drawImage(bitmap, 0, 0);
        image = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
      }
      const { data, width, height } = image;
      const tops = [];
      for (let x = 0; x < width; x++) {
        let y = 0;
        while (y < height && data[(y * width + x) * 4 + 3] < 128) y++;
        if (y < height) tops.push(y);
      }
      return { tops, width, height };
    },
    { selector, b64: png?.toString('base64') },
  );
}

/** How many rows higher the ink's top is in its middle third than at its ends: about 0 for flat text, large for an arch. */
function rise(tops) {
  const third = Math.floor(tops.length / 3);
  const ends = Math.min(Math.min(...tops.slice(0, third / 2)), Math.min(...tops.slice(-third / 2)));
  return ends - Math.min(...tops.slice(third, 2 * third));
}

const CANVAS = 'canvas[data-area="leftChest"]';

test('an arched, outlined team name: studio 2D and 3D, cart, payment, and the print file', async () => {
  const context = await newContext(browser, { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const email = await signUpWithCode(page, store.url, { name: 'Arch Captain', mobile: '9876501234' });
  await page.getByTestId('product-card').filter({ hasText: 'T-Shirt Normal' }).getByRole('button', { name: 'Start Customizing' }).click();
  await page.getByRole('button', { name: 'With Logo/Design' }).click();
  await page.waitForURL('**/design?**');

  // No text yet: the effects wait for one.
  await page.getByRole('radio', { name: 'Left Chest' }).click();
  await page.getByText('Add a text to curve or outline it.').waitFor();
  await page.getByLabel('Text', { exact: true }).fill('TEAM LEGACY');
  // Size 24 from the keyboard (the slider starts at 16).
  const size = page.getByLabel(/Font size/);
  await size.focus();
  for (let i = 0; i < 8; i++) await size.press('ArrowRight');
  assert.equal(await size.inputValue(), '24');
  await page.getByRole('button', { name: 'Add Text' }).click();
  await page.getByText('“TEAM LEGACY”', { exact: true }).waitFor();
  // The flat text, once painted.
  await page.waitForFunction((sel) => {
    const c = document.querySelector(sel);
    return c && c.getContext('2d').getImageData(0, 0, c.width, c.height).data.some((v, i) => i % 4 === 3 && v > 128);
  }, CANVAS);
  const flat = await canvasPixels(page);
  const { tops: flatTops, width: canvasWidth } = await inkTops(page, { selector: CANVAS });

  // Arch it from the keyboard.
  const arc = page.getByLabel('Arc', { exact: true });
  await arc.focus();
  await arc.selectOption('up');
  const radius = page.locator('#studio-arc-radius-value');
  assert.equal(await radius.inputValue(), '60');
  // Too tight for this text: the engine's message, and the design keeps its arc.
  await radius.fill('12');
  await radius.press('Enter');
  const refusal = page.locator('#text-effects-error');
  await refusal.getByText(/This text is too long for that arc: use a radius of at least \d+ so it bends at most a half circle/).waitFor();
  assert.equal(await radius.inputValue(), '60');
  await expectAccessible(page, 'studio: an arc refused');
  await radius.fill('40');
  await radius.press('Enter');
  await refusal.waitFor({ state: 'detached' });
  const arched = await repaintedFrom(page, flat, 100);
  // The 2D canvas shows the arch: level tops before, the middle well above the ends now.
  const archedRise = rise((await inkTops(page, { selector: CANVAS })).tops);
  assert.ok(rise(flatTops) <= 2 && archedRise >= canvasWidth / 40, `2D: flat ${rise(flatTops)}, arched ${archedRise} rows on a ${canvasWidth} px canvas`);

  // Outline it: a width, then a colour.
  const width = page.getByLabel(/Outline width/);
  await width.fill('8');
  await width.press('Enter');
  await page.getByRole('radiogroup', { name: 'Outline colour' }).getByRole('radio', { name: '#000000' }).click();
  await repaintedFrom(page, arched, 100);
  await expectAccessible(page, 'studio: arched and outlined text');
  await page.screenshot({ path: join(screenshots, 'text-effects-2d.png') });
  // The new controls fit a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.locator('#text-effects').scrollIntoViewIfNeeded();
  await expectFits(page, 'studio: text effects');
  await page.setViewportSize({ width: 1280, height: 900 });

  // 3D: the same engine render on the garment.
  await page.getByRole('radio', { name: '3D', exact: true }).click();
  const viewer = page.locator('[data-testid="garment-viewer"] canvas');
  await viewer.waitFor();
  await page.waitForTimeout(500);
  await viewer.screenshot({ path: join(screenshots, 'text-effects-3d.png') });

  // 25 garments, to the cart, paid.
  await page.getByLabel('Quantity M').fill('25');
  await page.getByTestId('add-to-cart').click();
  await page.waitForURL('**/cart', { timeout: 10_000 });
  const token = await sessionToken(context, store.url);
  const cart = await call('GET', '/cart', token);
  const text = cart.items[0].design.areas.leftChest.text;
  assert.deepEqual([text.arc, text.outline], [{ direction: 'up', radius: 40 }, { width: 8, color: '#000000' }]);
  const address = { email, fullName: 'Arch Captain', phone: '9876501234', addressLine1: '12 Janpath', city: 'New Delhi', state: 'Delhi', zipCode: '110001' };
  const created = await call('POST', '/payments/create-order', token, { amount: cart.totalPrice, receipt: `r-arch-${Date.now()}`, shippingAddress: address, sameAsShipping: true });
  const { razorpayOrderId, razorpayPaymentId, razorpaySignature } = await call('POST', '/payments/test/complete', token, { orderId: created.orderId });
  await call('POST', '/payments/verify', token, { razorpayOrderId, razorpayPaymentId, razorpaySignature });
  const [order] = await call('GET', '/orders', token);
  assert.equal(order.isPaid, true);
  await context.close();

  // The admin's print files: the left chest's PNG shows the arch.
  store.createAdmin(ADMIN);
  const admin = await signedInContext(browser, store.url, '/admin/orders', ADMIN);
  const details = await openOrderDetails(admin.page, order.orderNumber);
  const [download] = await Promise.all([admin.page.waitForEvent('download'), details.getByRole('button', { name: 'Download print files' }).click()]);
  const zip = readFileSync(await download.path());
  const png = pngFromZip(zip, 'line-1-left-chest.png');
  const printed = await inkTops(admin.page, { png });
  assert.deepEqual([printed.width, printed.height], [1200, 1200], 'Left Chest at 300 DPI');
  const printedRise = rise(printed.tops);
  assert.ok(printedRise > 60, `the print file's letters follow the arch (middle ${printedRise} rows above the ends)`);
  await admin.context.close();
});
