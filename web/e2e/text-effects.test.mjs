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
import { browser, call, expectAccessible, newContext, openOrderDetails, screenshots, sessionToken, signUpWithCode, signedInContext, store, withStore } from './harness.mjs';

process.env.PROOF_REQUIRED = 'off';
withStore();

const ADMIN = 'effects-admin@example.com';

/** The 2D canvas's pixels, as the studio painted them from the engine's render. */
const canvasPixels = (page) =>
  page.locator('canvas[data-area="left_chest"]').evaluate((c) => Array.from(c.getContext('2d').getImageData(0, 0, c.width, c.height).data));

/** The PNG stored (uncompressed) in a zip under `name`. */
function pngFromZip(zip, name) {
  const at = zip.indexOf(Buffer.from(name));
  assert.ok(at > 0, `${name} is in the zip`);
  const start = zip.indexOf(Buffer.from([0x89, 0x50, 0x4e, 0x47]), at);
  const end = zip.indexOf(Buffer.from('IEND'), start) + 8;
  return zip.subarray(start, end);
}

/**
 * How much higher (in rows) the ink's top is in the middle third of the ink
 * than at its two ends: about 0 for flat text, large for an arch. Decoded by
 * the browser, as any viewer of the file would.
 */
function archRise(page, png) {
  return page.evaluate(async (b64) => {
    const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${b64}`)).blob());
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(bitmap, 0, 0);
    const { data, width, height } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
    const tops = [];
    for (let x = 0; x < width; x++) {
      let y = 0;
      while (y < height && data[(y * width + x) * 4 + 3] < 128) y++;
      if (y < height) tops.push(y);
    }
    const third = Math.floor(tops.length / 3);
    const ends = Math.min(Math.min(...tops.slice(0, third / 2)), Math.min(...tops.slice(-third / 2)));
    const middle = Math.min(...tops.slice(third, 2 * third));
    return { rise: ends - middle, width, height };
  }, png.toString('base64'));
}

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
  await page.getByLabel(/Font size/).fill('24');
  await page.getByRole('button', { name: 'Add Text' }).click();
  await page.getByText('“TEAM LEGACY”', { exact: true }).waitFor();
  const flat = await canvasPixels(page);

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
  const arched = await canvasPixels(page);
  assert.equal(arched.length, flat.length);
  const changed = arched.filter((v, i) => v !== flat[i]).length;
  assert.ok(changed > 1000, `the 2D canvas shows the arch (${changed} channel values changed)`);

  // Outline it: a width, then a colour.
  const width = page.getByLabel(/Outline width/);
  await width.fill('8');
  await width.press('Enter');
  await page.getByRole('radiogroup', { name: 'Outline colour' }).getByRole('radio', { name: '#000000' }).click();
  const outlined = await canvasPixels(page);
  assert.ok(outlined.filter((v, i) => v !== arched[i]).length > 1000, 'the 2D canvas shows the outline');
  await expectAccessible(page, 'studio: arched and outlined text');
  await page.screenshot({ path: join(screenshots, 'text-effects-2d.png') });

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
  const paid = await call('POST', '/payments/test/complete', token, { orderId: created.orderId });
  await call('POST', '/payments/verify', token, paid);
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
  const { rise, width: w, height: h } = await archRise(admin.page, png);
  assert.deepEqual([w, h], [1200, 1200], 'Left Chest at 300 DPI');
  assert.ok(rise > 60, `the print file's letters follow the arch (middle ${rise} rows above the ends)`);
  await admin.context.close();
});
