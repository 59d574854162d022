// Saved designs in a real Chromium against the real store: a shopper designs a
// shirt (a text and an uploaded image), saves it with a name and finds it with
// its engine-drawn thumbnail; on another device (a fresh browser: no draft, no
// pictures) reopens it in the studio, changes the text and saves a new
// version; changes its quantity; shares it, and a visitor opens the link,
// sees it and starts their own copy in the studio; the owner turns sharing
// off (the link then says so), raises the quantity to 25 and moves it to the
// cart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { browser, expectAccessible, newContext, registerAccount, repo, screenshots, sessionToken, signedInContext, store, withStore } from './harness.mjs';

withStore();

const shot = (page, name) => page.screenshot({ path: join(screenshots, name), fullPage: true, animations: 'disabled' });
const logo = readFileSync(join(repo, 'design-engine/tests/fixtures/logo.png'));
const NAME = 'Team Legacy tee';

/** Waits until the locator's text matches. */
const textMatches = (locator, pattern) => locator.filter({ hasText: pattern }).waitFor();

/** Whether an <img> has loaded a picture (its natural width). */
const loadedWidth = async (img) => {
  await img.waitFor();
  await img.page().waitForFunction((el) => el.complete && el.naturalWidth > 0, await img.elementHandle());
  return img.evaluate((el) => el.naturalWidth);
};

async function getJson(path, token) {
  const res = await fetch(`${store.url}/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: res.status, body: await res.json() };
}

test('save, reopen on another device, edit, share, copy, turn off sharing, move to cart', async () => {
  const email = `designer-${Date.now()}@example.com`;
  await registerAccount(store.url, { name: 'Meera Iyer', email, password: 'correct horse battery' });
  const product = (await getJson('/products')).body.data.find((p) => p.name === 'T-Shirt Normal');

  // Device 1: nothing saved yet; design a shirt in the studio and save it with a name.
  const one = await signedInContext(browser, store.url, '/user/saved-designs', email);
  await one.page.getByRole('heading', { name: 'No Saved Designs' }).waitFor();
  await expectAccessible(one.page, 'saved designs, none');
  await one.page.goto(`${store.url}/design?productId=${product._id}&color=white`);
  const studio = one.page;
  await studio.getByRole('heading', { name: /View Your T-Shirt Normal/ }).waitFor();
  await textMatches(studio.getByTestId('save-state'), 'Not saved yet');
  await studio.getByLabel('Text', { exact: true }).fill('Team Legacy');
  await studio.getByRole('button', { name: 'Add Text' }).click();
  await studio.getByText('“Team Legacy”', { exact: true }).waitFor();
  await studio.getByRole('radio', { name: 'Back', exact: true }).click();
  await studio.getByLabel('Upload image').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo });
  await studio.getByRole('button', { name: 'Add Image' }).click();
  await studio.getByText('logo.png', { exact: true }).waitFor();
  await studio.getByLabel('Quantity M').fill('22');

  await studio.getByRole('button', { name: 'Save design' }).click();
  const prompt = studio.getByRole('dialog', { name: 'Save design' });
  assert.equal(await prompt.getByLabel('Design name').inputValue(), 'Custom Design');
  await prompt.getByLabel('Design name').fill(NAME);
  await prompt.getByRole('button', { name: 'Save' }).click();
  await textMatches(studio.getByTestId('save-state'), `${NAME} · Saved`);
  const id = new URL(studio.url()).searchParams.get('savedDesign');
  assert.match(id, /^[0-9a-f]{24}$/);

  // The saved designs page: the card with the thumbnail the server drew.
  await studio.goto(`${store.url}/user/saved-designs`);
  const card = (page) => page.getByTestId('design-card').filter({ hasText: NAME });
  assert.equal(await loadedWidth(card(studio).getByRole('img', { name: `${NAME} thumbnail` })), 320);
  await textMatches(studio.getByTestId('designs-summary'), '1 item saved');
  assert.equal(await card(studio).getByTestId('item-count').textContent(), '22');
  await shot(studio, 'saved-designs.png');
  assert.deepEqual(one.context.cspViolations, []);
  await one.context.close();

  // Device 2: no draft and no pictures here; Edit in studio brings both from the server.
  const { context, page } = await signedInContext(browser, store.url, '/user/saved-designs', email);
  await card(page).getByRole('link', { name: 'Edit in studio' }).click();
  await page.waitForURL(`**/design?**savedDesign=${id}`);
  await page.getByText('“Team Legacy”', { exact: true }).waitFor();
  await page.getByText('logo.png', { exact: true }).waitFor();
  assert.equal(await page.getByLabel('Quantity M').inputValue(), '22');
  await textMatches(page.getByTestId('save-state'), `${NAME} · Saved`);
  await page.getByRole('radio', { name: 'Left Chest', exact: true }).click();
  await page.getByLabel('Text', { exact: true }).fill('Team Legacy 2026');
  await page.getByRole('button', { name: 'Add Text' }).click();
  await page.getByText('“Team Legacy 2026”', { exact: true }).waitFor();
  await textMatches(page.getByTestId('save-state'), 'Unsaved changes');
  await shot(page, 'studio-reopened.png');
  await expectAccessible(page, 'studio, a saved design reopened and changed');
  await page.getByRole('button', { name: 'Save design' }).click();
  await textMatches(page.getByTestId('save-state'), `${NAME} · Saved`);
  const stored = (await getJson(`/designs/${id}`, await sessionToken(context, store.url))).body.data;
  assert.equal(stored.version, 2);
  assert.equal(stored.design.areas.leftChest.text.text, 'Team Legacy 2026');

  // Quantity: plus raises M, minus lowers it; below 25 the cart refuses it with the engine's words.
  await page.goto(`${store.url}/user/saved-designs`);
  const count = card(page).getByTestId('item-count');
  await loadedWidth(card(page).getByRole('img', { name: `${NAME} thumbnail` }));
  await card(page).getByRole('button', { name: 'More items' }).click();
  await textMatches(count, '23');
  await card(page).getByRole('button', { name: 'Fewer items' }).click();
  await textMatches(count, '22');
  await card(page).getByRole('button', { name: 'Move to cart' }).click();
  await page.getByRole('alert').getByText('Minimum quantity requirement not met. You need 3 more items to reach the minimum of 25 per color.').waitFor();
  await expectAccessible(page, 'saved designs with an error');
  assert.equal(await card(page).count(), 1);

  // Share: the link, for a visitor in another browser.
  await card(page).getByRole('button', { name: 'Share' }).click();
  const link = await card(page).getByLabel('Share link').inputValue();
  assert.match(link, /\/d\/[0-9a-f]{32}$/);
  const visitor = await newContext(browser, { viewport: { width: 1280, height: 900 } });
  const guest = await visitor.newPage();
  await guest.goto(link);
  await guest.getByRole('heading', { level: 1, name: NAME }).waitFor();
  await guest.getByText('T-Shirt Normal').waitFor();
  assert.equal(await loadedWidth(guest.getByRole('img', { name: `${NAME} thumbnail` })), 320);
  const shown = await guest.getByRole('main').textContent();
  assert.ok(!shown.includes('Meera') && !shown.includes(email), 'nothing of the owner is shown');
  await shot(guest, 'shared-design.png');
  await expectAccessible(guest, 'shared design');
  await guest.getByRole('button', { name: 'Start my own copy' }).click();
  await guest.waitForURL(`**/design?productId=${product._id}&color=white`);
  await guest.getByText('“Team Legacy 2026”', { exact: true }).waitFor();
  await guest.getByText('logo.png', { exact: true }).waitFor();
  assert.equal(await guest.getByLabel('Quantity M').inputValue(), '22');
  await guest.getByRole('link', { name: 'Log in to save your design' }).waitFor();

  // Sharing off: the link no longer works.
  await card(page).getByRole('button', { name: 'Turn off sharing' }).click();
  await card(page).getByRole('button', { name: 'Share' }).waitFor();
  await guest.goto(link);
  await guest.getByRole('heading', { name: 'This link is not valid or was turned off' }).waitFor();
  await expectAccessible(guest, 'shared design, link turned off');
  assert.deepEqual(visitor.cspViolations, []);
  await visitor.close();

  // 25 items: Move to cart moves it (gone from saved designs, in the cart, the badge counts it).
  for (const n of [23, 24, 25]) {
    await card(page).getByRole('button', { name: 'More items' }).click();
    await textMatches(count, String(n));
  }
  await card(page).getByRole('button', { name: 'Move to cart' }).click();
  await page.getByText(`“${NAME}” was moved to your cart.`).waitFor();
  await page.getByRole('heading', { name: 'No Saved Designs' }).waitFor();
  await textMatches(page.getByTestId('cart-badge'), '25');
  const token = await sessionToken(context, store.url);
  assert.equal((await getJson('/designs', token)).body.data.length, 0);
  const cart = (await getJson('/cart', token)).body.data;
  assert.equal(cart.items.length, 1);
  assert.equal(cart.items[0].design.areas.leftChest.text.text, 'Team Legacy 2026');
  await page.goto(`${store.url}/cart`);
  await page.getByTestId('cart-total').waitFor();
  assert.deepEqual(context.cspViolations, []);
  await context.close();
});
