// A shopper who uses only the keyboard, in a real Chromium against the real
// store: signs up with a code, opens the studio from Shop All (the dialog
// takes focus, Escape gives it back), places a text on the Left Chest and an
// uploaded image on the Back with the arrow keys, resizes the image, sets
// 25 shirts, adds them to the cart, checks out and pays in the test provider's
// popup. Every control is reached with Tab and shows where the focus is; axe
// checks each state on the way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { browser, expectAccessible, latestCode, newContext, repo, shippingField, store, tabTo, withStore } from './harness.mjs';

withStore();

/** Tabs to a field and types into it (after selecting what it held). */
async function typeInto(page, field, text) {
  await tabTo(page, field);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(text);
}

const focused = (page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent);

test('a keyboard-only shopper designs a shirt, places text and image with the arrow keys, and pays', async () => {
  const context = await newContext(browser, { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const email = `keys-${Date.now()}@example.com`;

  // Sign up: each step's field has the focus when it appears; Enter submits.
  await page.goto(store.url + '/login');
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await expectAccessible(page, 'login');
  await typeInto(page, page.getByRole('main').getByLabel('Email address'), email);
  await page.keyboard.press('Enter');
  await page.getByText('OTP sent to your email').waitFor();
  await page.keyboard.type(await latestCode(store.url, email));
  await page.keyboard.press('Enter');
  await page.getByText('Enter your details to continue').waitFor();
  await page.keyboard.type('Kavya Menon');
  await typeInto(page, page.getByLabel('Mobile number'), '9876500031');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/products', { timeout: 10_000 });

  // Shop All → the design-type dialog: it takes the focus, Escape closes it and gives the focus back.
  const start = page.getByTestId('product-card').filter({ hasText: 'T-Shirt Normal' }).getByRole('button', { name: 'Start Customizing' });
  await tabTo(page, start);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Choose Design Type' });
  await dialog.waitFor();
  assert.equal(await focused(page), 'With Logo/Design');
  await expectAccessible(page, 'design-type dialog');
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
  assert.ok(await start.evaluate((e) => e === document.activeElement), 'the focus is back on Start Customizing');
  await page.keyboard.press('Enter');
  await dialog.waitFor();
  await page.keyboard.press('Enter');
  await page.waitForURL('**/design?**');
  await page.getByRole('heading', { name: /View Your T-Shirt Normal/ }).waitFor();

  // A text on the Left Chest (the area chosen at first), then moved: 3 × 1% right, 10% down.
  const description = page.getByTestId('design-description');
  await typeInto(page, page.getByLabel('Text', { exact: true }), 'Team Legacy');
  await tabTo(page, page.getByRole('button', { name: 'Add Text' }));
  await page.keyboard.press('Enter');
  await page.getByText('“Team Legacy”', { exact: true }).waitFor();
  const textHandle = page.getByRole('button', { name: /^Text on Left Chest/ });
  await tabTo(page, textHandle);
  await description.filter({ hasText: 'centred 50% across, 50% down' }).waitFor();
  for (const key of ['ArrowRight', 'ArrowRight', 'ArrowRight', 'Shift+ArrowDown']) await page.keyboard.press(key);
  await description.filter({ hasText: /Left Chest: text “Team Legacy” .* centred 53% across, 60% down/ }).waitFor();
  await page.getByText(/^Text “Team Legacy” .* centred 53% across, 60% down$/).waitFor(); // announced
  await expectAccessible(page, 'studio: a text placed with the keyboard');

  // The Back, chosen with the arrow keys in the print-area radio group; an image uploaded, placed and resized.
  // Listening for the file chooser well before Space opens it, so the browser already intercepts choosers
  // then: with the listener and the key press sent together, some full runs (2 of 8 here) never saw one.
  const chosen = new Promise((resolve, reject) => {
    page.once('filechooser', resolve);
    setTimeout(() => reject(new Error('no file chooser within 60 s')), 60_000).unref();
  });
  await tabTo(page, page.getByRole('radio', { name: 'Left Chest' }), { back: true });
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.getByRole('radio', { name: 'Back', exact: true }).getAttribute('aria-checked'), 'true');
  await tabTo(page, page.getByLabel('Upload image'));
  await page.keyboard.press('Space');
  const chooser = await chosen;
  await chooser.setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: readFileSync(join(repo, 'design-engine/tests/fixtures/logo.png')) });
  await tabTo(page, page.getByRole('button', { name: 'Add Image' }));
  await page.keyboard.press('Enter');
  await page.getByText('logo.png', { exact: true }).waitFor();
  const imageHandle = page.getByRole('button', { name: /^Image on Back/ });
  await tabTo(page, imageHandle);
  const before = (await description.textContent()).match(/Back: image logo\.png, (\d+)% wide and (\d+)% high, centred (\d+)% across, (\d+)% down/).slice(1).map(Number);
  for (const key of ['Shift+ArrowLeft', 'ArrowUp', 'ArrowUp', '+']) await page.keyboard.press(key);
  const [w, h, x, y] = before;
  await description.filter({ hasText: `Back: image logo.png, ${w + 5}% wide and ${h + 5}% high, centred ${x - 10}% across, ${y - 2}% down` }).waitFor();
  assert.match(await imageHandle.getAttribute('aria-label'), new RegExp(`${w + 5}% wide`));
  await expectAccessible(page, 'studio: an image placed and resized with the keyboard');

  // 25 shirts in M; the engine's total is announced as it changes.
  await typeInto(page, page.getByLabel('Quantity M'), '25');
  await page.getByText(/^Total ₹.* for 25 items$/).waitFor();
  const addButton = page.getByTestId('add-to-cart');
  await tabTo(page, addButton);
  assert.equal((await addButton.textContent()).trim(), 'Add to Cart');
  const total = (await page.getByTestId('studio-total').textContent()).trim();
  await page.keyboard.press('Enter');
  await page.waitForURL('**/cart', { timeout: 10_000 });
  await page.getByTestId('cart-total').filter({ hasText: total }).waitFor();
  await expectAccessible(page, 'cart with a designed line');

  // Checkout from the keyboard: the pincode fills city and state.
  await tabTo(page, page.getByRole('button', { name: 'Proceed to Checkout' }));
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Place Order' }).waitFor();
  await typeInto(page, shippingField(page, 'Phone number'), '9876543210');
  await typeInto(page, shippingField(page, 'Address line 1'), '12 Janpath');
  await typeInto(page, shippingField(page, 'Pincode'), '110001');
  await page.waitForFunction(() => document.getElementById('shipping-city')?.value === 'New Delhi', null, { timeout: 5_000 });
  await expectAccessible(page, 'checkout form filled');
  await tabTo(page, page.getByRole('button', { name: 'Place Order' }));
  await page.keyboard.press('Enter');

  // The test provider's popup has the focus on Pay; Enter pays.
  const popup = page.getByRole('dialog', { name: 'Test payment' });
  await popup.waitFor();
  assert.equal(await focused(page), `Pay ${total} (test)`);
  await expectAccessible(page, 'test payment dialog');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/order-confirmation', { timeout: 10_000 });
  await page.getByRole('heading', { name: 'Order Placed Successfully!' }).waitFor();
  assert.equal((await page.getByTestId('order-total').textContent()).trim(), total);
  await expectAccessible(page, 'order confirmation');
  assert.deepEqual(context.cspViolations, []);
  await context.close();
});
