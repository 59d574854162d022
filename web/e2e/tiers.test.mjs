// Quantity tiers in a real Chromium against the real store: the studio shows
// the product's tiers with the current one marked and the engine's hint for
// the next; raising a line from 25 to 50 pieces drops the price per piece in
// the studio and, after adding it at 25, in the cart (priced by the server);
// checkout shows the tier. On a 360 px phone the table fits and is accessible.
// An admin sets a product's own tiers on the product form (the engine's
// refusal shown first) and the studio prices with them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { browser, expectAccessible, expectFits, newContext, registerAccount, screenshots, signInAdminToProducts, signedInContext, store, withStore } from './harness.mjs';

withStore();

const text = async (locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();

test('raising a line from 25 to 50 pieces drops the price per piece in the studio and in the cart', async () => {
  const email = `tiers-${Date.now()}@example.com`;
  await registerAccount(store.url, { name: 'Team Captain', email, password: 'correct horse battery' });
  const tee = (await (await fetch(`${store.url}/api/products`)).json()).data.find((p) => p.name === 'T-Shirt Normal');
  assert.equal(tee.price, 299_00);
  assert.deepEqual(tee.priceTiers[1], { minPieces: 50, discountBps: 500 });

  const { context, page } = await signedInContext(browser, store.url, '/cart', email);
  await page.goto(`${store.url}/design?productId=${tee._id}&color=white`);
  const tiers = page.getByTestId('price-tiers');
  const breakdown = page.getByTestId('price-breakdown');

  // 25 pieces: the base tier, and what 25 more would save.
  await page.getByLabel('Quantity M').fill('25');
  await tiers.waitFor();
  assert.equal(await text(tiers.getByTestId('current-tier')), '25+ (your tier) Base price ₹299.00');
  assert.equal(await text(page.getByTestId('next-tier')), 'Add 25 more for ₹14.95 less per piece');
  assert.match(await text(breakdown), /Garments \(25 × ₹299\.00\) ₹7,475\.00/);
  assert.equal(await tiers.getByRole('row').count(), 5, 'a header and the four default tiers');

  // 50 pieces: 5% off, ₹284.05 a piece.
  await page.getByLabel('Quantity M').fill('50');
  await breakdown.getByText('Garments (50 × ₹284.05)').waitFor();
  assert.equal(await text(tiers.getByTestId('current-tier')), '50+ (your tier) 5% off ₹284.05');
  assert.equal(await text(page.getByTestId('tier-discount')), 'Quantity tier (5% off ₹299.00) saves ₹747.50');
  assert.equal(await text(page.getByTestId('next-tier')), 'Add 50 more for ₹14.95 less per piece');
  // ₹14,202.50 + 2.5% (₹355.0625) = ₹14,557.56.
  assert.equal(await text(page.getByTestId('studio-total')), '₹14,557.56');
  await page.screenshot({ path: join(screenshots, 'tiers-studio.png'), fullPage: true });
  await expectAccessible(page, 'studio with quantity tiers');

  // Back to 25, into the cart at the base price.
  await page.getByLabel('Quantity M').fill('25');
  await breakdown.getByText('Garments (25 × ₹299.00)').waitFor();
  await page.getByTestId('add-to-cart').click();
  await page.waitForURL('**/cart', { timeout: 10_000 });
  const line = page.getByTestId('cart-line');
  await line.waitFor();
  assert.equal(await text(line.getByTestId('cart-unit-price')), '₹299.00');
  assert.equal(await text(line.getByTestId('cart-next-tier')), 'Add 25 more for ₹14.95 less per piece');
  assert.equal(await line.getByTestId('cart-tier').count(), 0);

  // The cart line raised to 50: the server prices it in the 50-piece tier.
  await line.getByLabel('Quantity M').fill('50');
  await line.getByRole('button', { name: 'Update to 50 items' }).click();
  await line.getByTestId('cart-tier').waitFor();
  assert.equal(await text(line.getByTestId('cart-unit-price')), '₹284.05');
  assert.equal(await text(line.getByTestId('cart-tier')), 'Quantity tier: 5% off ₹299.00: you save ₹747.50');
  assert.equal(await text(page.getByTestId('cart-total')), '₹14,557.56');
  await page.screenshot({ path: join(screenshots, 'tiers-cart.png'), fullPage: true });
  await expectAccessible(page, 'cart with a tier discount');

  // Checkout's summary names the tier and charges the same total.
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL('**/shipping');
  assert.equal(await text(page.getByTestId('summary-tier')), 'Quantity tier: 5% off: saves ₹747.50');
  assert.equal(await text(page.getByTestId('checkout-total')), '₹14,557.56');
  assert.deepEqual(context.cspViolations, []);
  await context.close();
});

test('on a 360 px phone the tier table fits and the hint is read from the keyboard path', async () => {
  const email = `tiers-phone-${Date.now()}@example.com`;
  await registerAccount(store.url, { name: 'Phone Captain', email, password: 'correct horse battery' });
  const tee = (await (await fetch(`${store.url}/api/products`)).json()).data.find((p) => p.name === 'T-Shirt Normal');
  const { context, page } = await signedInContext(browser, store.url, '/cart', email, { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
  await page.goto(`${store.url}/design?productId=${tee._id}&color=white`);
  const quantity = page.getByLabel('Quantity M');
  await quantity.fill('49');
  await page.getByTestId('price-tiers').waitFor();
  assert.equal(await text(page.getByTestId('next-tier')), 'Add 1 more for ₹14.95 less per piece');
  // One more from the keyboard: the stepper's plus button.
  await page.getByRole('button', { name: 'More M' }).focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('tier-discount').waitFor();
  assert.equal(await text(page.getByTestId('current-tier')), '50+ (your tier) 5% off ₹284.05');
  await page.getByTestId('price-tiers').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(screenshots, 'tiers-phone.png'), fullPage: true });
  await expectFits(page, 'studio tiers on a phone');
  await expectAccessible(page, 'studio tiers on a phone');
  await context.close();
});

test("an admin sets a product's own tiers on the product form, and the studio prices with them", async () => {
  const admin = 'tiers-admin@example.com';
  store.createAdmin(admin);
  const context = await newContext(browser, { viewport: { width: 1360, height: 1000 } });
  const page = await context.newPage();
  await signInAdminToProducts(page, store.url, admin);

  await page.getByRole('button', { name: 'Edit Shirt Full Sleeve' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Product' });
  const useDefaults = form.getByRole('checkbox', { name: "Use the store's default tiers" });
  assert.equal(await useDefaults.isChecked(), true);
  await useDefaults.uncheck();
  // A table the engine refuses: its message, and nothing saved.
  await form.getByLabel('Tier 2 from pieces').fill('20');
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await form.getByRole('alert').getByText('Failed to update product: Price tier 2: it must start at more pieces than the tier before').waitFor();
  await expectAccessible(page, 'product form with a refused tier table');
  await form.getByLabel('Tier 2 from pieces').fill('30');
  await form.getByLabel('Tier 2 discount (%)').fill('10');
  await form.getByRole('button', { name: 'Remove tier 4' }).click();
  await form.getByRole('button', { name: 'Remove tier 3' }).click();
  await page.screenshot({ path: join(screenshots, 'tiers-admin-form.png'), fullPage: true });
  await form.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('Product "Shirt Full Sleeve" updated successfully').waitFor();
  const shirt = (await (await fetch(`${store.url}/api/products`)).json()).data.find((p) => p.name === 'Shirt Full Sleeve');
  assert.deepEqual([shirt.priceTiers, shirt.customPriceTiers], [[{ minPieces: 25, discountBps: 0 }, { minPieces: 30, discountBps: 1000 }], true]);

  // The studio: 30 shirts at ₹649 less 10%, the last tier (no next one).
  await page.goto(`${store.url}/design?productId=${shirt._id}&color=${shirt.colors[0]}`);
  await page.getByLabel('Quantity M').fill('30');
  await page.getByTestId('tier-discount').waitFor();
  assert.equal(await text(page.getByTestId('current-tier')), '30+ (your tier) 10% off ₹584.10');
  assert.equal(await page.getByTestId('next-tier').count(), 0);
  assert.deepEqual(context.cspViolations, []);
  await context.close();
});
