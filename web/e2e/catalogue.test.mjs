// The merchant's own catalogue in Chromium (issue 48): an admin creates a
// hoodie in the product form (a 3 × 4 inch left sleeve beside the front and
// back, sizes to 4XL with surcharges, two colours of its own with swatches, a
// size chart); a shopper on a 360 px phone designs on its sleeve, sees the
// size chart and the surcharge, and orders.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { browser, expectAccessible, expectFits, fillShipping, newContext, registerAccount, repo, screenshots, signInAdminToProducts, signedInContext, store, withStore } from './harness.mjs';

withStore();

const text = async (locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();
const model = join(repo, 'assets', 'catalogue', 'models', 'tshirt-normal.glb');

async function createHoodie() {
  const admin = 'catalogue-admin@example.com';
  store.createAdmin(admin);
  const context = await newContext(browser, { viewport: { width: 1360, height: 1000 } });
  const page = await context.newPage();
  await signInAdminToProducts(page, store.url, admin);
  await page.getByRole('button', { name: 'Add Product' }).click();
  const form = page.getByRole('dialog', { name: 'Create Product' });
  await form.getByLabel('Name *').fill('Pullover Hoodie');
  await form.getByLabel('Price (₹) *').fill('799');
  await form.getByLabel('HSN code').fill('6110');
  await form.getByLabel('Country of origin').fill('Bangladesh');
  await form.getByLabel('Number of colors').fill('2');
  const colours = [['Maroon', '#800000'], ['Mustard', '#e1ad01']];
  for (const [i, [name, hex]] of colours.entries()) {
    const entry = form.getByRole('group', { name: `Color ${i + 1}` });
    await entry.getByLabel('Color name').fill(name);
    await entry.getByLabel(`Swatch for ${name.toLowerCase()}`).fill(hex);
    await entry.getByLabel(/^3D model/).setInputFiles(model);
  }
  // Sizes: the built-in five, then 3XL and 4XL at ₹50 and ₹75 more.
  for (const [n, label, extra] of [[6, '3XL', '50'], [7, '4XL', '75']]) {
    await form.getByRole('button', { name: 'Add size' }).click();
    await form.getByLabel(`Size ${n} label`).fill(label);
    await form.getByLabel(`Size ${n} extra ₹`).fill(extra);
  }
  // A chart: the chest of every size.
  await form.getByRole('button', { name: 'Add measurement' }).click();
  await form.getByLabel('Measurement 1 name').fill('Chest');
  for (const [i, size] of ['S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL'].entries()) {
    await form.getByLabel(`${size} Chest`, { exact: true }).fill(String(38 + 2 * i));
  }
  // The left sleeve: 3 × 4 inches, on the front, its box moved by keyboard.
  await form.getByRole('button', { name: 'Add print area' }).click();
  await form.getByLabel('Print area 3 key').fill('leftSleeve');
  await form.getByLabel('Print area 3 label').fill('Left Sleeve');
  await form.getByLabel('Print area 3 width (in)').fill('3');
  await form.getByLabel('Print area 3 height (in)').fill('4');
  const box = form.getByRole('button', { name: /^Left Sleeve box/ });
  await box.focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');
  await page.screenshot({ path: join(screenshots, 'catalogue-admin-form.png'), fullPage: true });
  await expectAccessible(page, 'the product form with a sleeve area');
  await form.getByRole('button', { name: 'Create Product' }).click();
  await form.waitFor({ state: 'detached', timeout: 20_000 });
  assert.deepEqual(context.cspViolations, []);
  await context.close();

  const hoodie = (await (await fetch(`${store.url}/api/products`)).json()).data.find((p) => p.name === 'Pullover Hoodie');
  assert.ok(hoodie, 'the hoodie is in the catalogue');
  assert.deepEqual(hoodie.sizes, ['S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL']);
  assert.deepEqual(hoodie.sizePrices, { '3XL': 5000, '4XL': 7500 });
  assert.deepEqual(hoodie.colorHex, { maroon: '#800000', mustard: '#E1AD01' });
  const sleeve = hoodie.printAreas.find((a) => a.key === 'leftSleeve');
  assert.deepEqual([sleeve.label, sleeve.widthInches, sleeve.heightInches, sleeve.side], ['Left Sleeve', 3, 4, 'front']);
  assert.equal(hoodie.sizeChart.rows['4XL'][0], 50);
  assert.equal(hoodie.countryOfOrigin, 'Bangladesh');
  return hoodie;
}

test('an admin creates a hoodie with a sleeve print in the form; a shopper on a phone designs on the sleeve, sees the size chart and orders', async () => {
  const hoodie = await createHoodie();
  const email = `hoodie-${Date.now()}@example.com`;
  await registerAccount(store.url, { name: 'Meera Iyer', email, password: 'correct horse battery' });
  const { context, page } = await signedInContext(browser, store.url, '/cart', email, { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });
  await page.goto(`${store.url}/design?productId=${hoodie._id}&color=maroon`);
  const picker = page.getByRole('radiogroup', { name: 'Print area' });
  await picker.getByRole('radio', { name: 'Left Sleeve' }).click();
  await page.getByLabel('Left Sleeve print area').waitFor();
  await page.getByLabel('Text', { exact: true }).fill('RAO');
  await page.getByRole('button', { name: 'Add Text' }).click();
  await page.getByTestId('design-description').getByText('Left Sleeve: text “RAO”', { exact: false }).waitFor();

  // Sizes from the product, with the surcharge and the size chart beside them.
  const summary = page.getByRole('complementary', { name: 'Summary' });
  await summary.getByLabel('Quantity M').fill('20');
  await summary.getByLabel('Quantity 3XL').fill('5');
  await summary.getByTestId('size-surcharges').getByText('₹250.00').waitFor();
  const chart = summary.getByTestId('size-chart-beside');
  await chart.locator('summary').click();
  await chart.getByRole('table', { name: 'Size chart (inches)' }).waitFor();
  await page.screenshot({ path: join(screenshots, 'catalogue-studio-phone.png'), fullPage: true });
  await expectFits(page, 'the hoodie studio on a phone');
  await expectAccessible(page, 'the hoodie studio on a phone');

  await page.getByTestId('add-to-cart').click();
  await page.waitForURL('**/cart', { timeout: 10_000 });
  const line = page.getByTestId('cart-line');
  await line.waitFor();
  // 25 × ₹799 + 5 × ₹50 = ₹20,225.00, and 2.5% = ₹505.63: ₹20,730.63.
  assert.equal(await text(page.getByTestId('cart-total')), '₹20,730.63');
  await expectAccessible(page, 'the cart with a hoodie line');

  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL('**/shipping');
  await fillShipping(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  const popup = page.getByRole('dialog', { name: 'Test payment' });
  await popup.waitFor();
  await popup.getByRole('button', { name: 'Pay ₹20,730.63 (test)' }).click();
  await page.waitForURL('**/order-confirmation', { timeout: 15_000 });
  await page.getByRole('heading', { name: 'Order Placed Successfully!' }).waitFor();
  await expectAccessible(page, 'the hoodie order placed');
  assert.deepEqual(context.cspViolations, []);
  await context.close();
});
