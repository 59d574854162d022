// The admin panel in a real Chromium against the real store: an admin made
// with the server's `create-admin` signs in with an e-mail code; runs orders
// (chart, search, filters, a status change, a refund on cancel, details,
// invoice print window and PDF, print files, deletion) and creates a product
// with a GLB model and two PNGs (the back one large enough to go in 5 MB
// parts), then finds it in Shop All and sees its model in the studio's 3D
// view. A customer is sent away from /admin.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import { browser, call, expectAccessible, latestCode, newContext, repo, screenshots, store, withStore } from './harness.mjs';

// Proofs off: the status menu moves a paid order straight to shipped (the
// proof gate has its own walk, proofs.test.mjs).
process.env.PROOF_REQUIRED = 'off';
withStore();

const ADMIN = 'admin@example.com';
const inr = (paise) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100);


/** A shopper registered through the API, with one order of 25 designed tees (paid when `pay`). */
async function customerWithOrder(name, pay) {
  const email = `${name}-${Date.now()}@example.com`;
  const { accessToken: token } = await call('POST', '/auth/register', undefined, { name: `${name} Customer`, email, password: 'correct horse battery' });
  const products = await call('GET', '/products');
  const tee = products.find((p) => p.name === 'T-Shirt Normal');
  const text = (t, size) => ({ text: t, font: 'Georgia', size, color: '#f97316', position: { x: 50, y: 50 } });
  const design = { version: 1, productId: tee._id, color: 'white', areas: { leftChest: { text: text('LT', 20) }, back: { text: text('Team Legacy', 32) } }, quantities: { m: 10, l: 15 } };
  await call('POST', '/cart/items', token, { design });
  const cart = await call('GET', '/cart', token);
  const address = { email, fullName: `${name} Customer`, phone: '9876543210', addressLine1: '12 Janpath', street: '12 Janpath', city: 'New Delhi', state: 'Delhi', zipCode: '110001', country: 'India' };
  const created = await call('POST', '/payments/create-order', token, { amount: cart.totalPrice, receipt: `r-${name}-${Date.now()}`, shippingAddress: address });
  if (pay) {
    // The test popup's signed outcome, verified as the checkout page does.
    const { razorpayOrderId, razorpayPaymentId, razorpaySignature } = await call('POST', '/payments/test/complete', token, { orderId: created.orderId });
    await call('POST', '/payments/verify', token, { razorpayOrderId, razorpayPaymentId, razorpaySignature });
  }
  const [order] = await call('GET', '/orders', token);
  assert.equal(order.isPaid, pay);
  return order;
}

/** Signs in through the login page with an e-mail code (an existing account: no registration step). */
async function signInAt(page, path, email) {
  await page.goto(store.url + path);
  await page.waitForURL('**/login');
  await page.getByRole('main').getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByText('OTP sent to your email').waitFor();
  await page.getByLabel('One-time code (OTP)').fill(await latestCode(store.url, email));
  await page.getByRole('button', { name: 'Verify and continue' }).click();
}

/** A valid RGB PNG of random pixels (random bytes do not compress: its size is about w × h × 3). */
function noisePng(width, height) {
  const chunk = (type, data) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let i = 0; i < rows.length; i++) rows[i] = (i * 2654435761) >>> 24;
  for (let y = 0; y < height; y++) rows[y * (width * 3 + 1)] = 0;
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows, { level: 0 })), chunk('IEND', Buffer.alloc(0))]);
}

test('a customer is sent away from /admin and sees no Admin Dashboard link', async () => {
  const email = `shopper-${Date.now()}@example.com`;
  await call('POST', '/auth/register', undefined, { name: 'Plain Shopper', email, password: 'correct horse battery' });
  const context = await newContext(browser, { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(store.url + '/login');
  await page.getByRole('main').getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByText('OTP sent to your email').waitFor();
  await page.getByLabel('One-time code (OTP)').fill(await latestCode(store.url, email));
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 10_000 });
  await page.goto(store.url + '/admin/orders');
  await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 });
  await page.getByRole('button', { name: /Plain/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
  await expectAccessible(page, 'home, user menu open');
  assert.equal(await page.getByRole('menuitem', { name: 'Admin Dashboard' }).count(), 0);
  await context.close();
});

test('an admin runs orders: chart, search, filters, status, refund, details, invoice, print files, delete', async () => {
  const paid = await customerWithOrder('Priya', true);
  const pending = await customerWithOrder('Rahul', false);
  store.createAdmin(ADMIN);

  const context = await newContext(browser, { viewport: { width: 1360, height: 1000 }, acceptDownloads: true });
  const page = await context.newPage();
  // /admin asks for a sign-in, then lands on /admin/orders.
  await signInAt(page, '/admin', ADMIN);
  await page.waitForURL('**/admin/orders', { timeout: 10_000 });
  await page.getByRole('heading', { name: 'Orders Management' }).waitFor();
  await page.getByRole('navigation', { name: 'Admin Panel' }).getByRole('link', { name: 'Products' }).waitFor();
  const rows = page.getByTestId('admin-order-row');
  await rows.first().waitFor();
  assert.equal(await rows.count(), 2);
  await page.getByTestId('orders-chart').waitFor();
  assert.match(await page.getByTestId('orders-summary').textContent(), /^2 total orders · Last updated/);
  await expectAccessible(page, 'admin orders');

  // Search is over the loaded list; the status filter asks the server.
  await page.getByLabel('Search orders').fill(paid.orderNumber);
  assert.equal(await rows.count(), 1);
  await page.getByLabel('Search orders').fill('no such order');
  await page.getByText('No orders found').waitFor();
  await expectAccessible(page, 'admin orders, nothing found');
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await page.getByLabel('Filter by status').selectOption('pending');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="admin-order-row"]').length === 1);
  assert.match(await rows.first().textContent(), new RegExp(pending.orderNumber));
  await page.getByRole('button', { name: 'Clear Filters' }).click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="admin-order-row"]').length === 2);

  // A status change from the chip.
  const paidRow = rows.filter({ hasText: paid.orderNumber });
  await paidRow.getByRole('button', { name: /change the status/ }).click();
  await page.getByRole('menuitem', { name: 'Shipped' }).waitFor();
  await expectAccessible(page, 'admin orders, status menu open');
  await page.getByRole('menuitem', { name: 'Shipped' }).click();
  await page.getByText('Order status updated to shipped').waitFor();
  await paidRow.locator('.status-chip', { hasText: 'Shipped' }).waitFor();
  await page.screenshot({ path: join(screenshots, 'admin-orders.png'), fullPage: true });

  // Details: the summary, the history, the print files and the invoice PDF.
  await paidRow.getByRole('button', { name: `Actions for order ${paid.orderNumber}` }).click();
  await page.getByRole('menuitem', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: 'Order Details' });
  await details.getByText('Payment Gateway (2.5%)').waitFor();
  await details.getByText(/confirmed → shipped by Store Admin/).waitFor();
  await details.getByText(inr(paid.totalPrice)).first().waitFor();
  await page.screenshot({ path: join(screenshots, 'admin-order-details.png') });
  await expectAccessible(page, 'admin order details');
  const [zip] = await Promise.all([page.waitForEvent('download'), details.getByRole('button', { name: 'Download print files' }).click()]);
  assert.equal(zip.suggestedFilename(), `print-files-${paid.orderNumber}.zip`);
  const zipBytes = readFileSync(await zip.path());
  assert.equal(zipBytes.subarray(0, 2).toString(), 'PK');
  assert.ok(zipBytes.includes('manifest.json') && zipBytes.includes('line-1-back.png') && zipBytes.includes('line-1-left-chest.png'), 'both areas and the manifest');
  const [pdf] = await Promise.all([page.waitForEvent('download'), details.getByRole('button', { name: 'Download invoice PDF' }).click()]);
  assert.equal(readFileSync(await pdf.path()).subarray(0, 5).toString(), '%PDF-');

  // The print window: the invoice, with the server's figures.
  const [popup] = await Promise.all([context.waitForEvent('page'), details.getByRole('button', { name: 'Generate Performa Invoice' }).click()]);
  await popup.waitForLoadState();
  await popup.getByText(paid.orderNumber).first().waitFor();
  await popup.getByText('IGST (5%) included').waitFor();
  await popup.getByText('Place of supply: Delhi (07)').waitFor();
  await popup.getByText('Estimated dispatch: 30-45 days').waitFor();
  await popup.screenshot({ path: join(screenshots, 'admin-invoice.png'), fullPage: true });
  await expectAccessible(popup, 'admin invoice (print window)');
  await popup.close();
  await details.getByRole('button', { name: 'Close' }).click();

  // Cancelling a paid order asks first, then refunds it.
  await paidRow.getByRole('button', { name: /change the status/ }).click();
  await page.getByRole('menuitem', { name: 'Cancelled' }).click();
  const confirm = page.getByRole('dialog', { name: 'Mark as cancelled' });
  await confirm.getByText(`refunds ${inr(paid.totalPrice)}`).waitFor();
  await expectAccessible(page, 'admin refund confirmation');
  await confirm.getByRole('button', { name: 'Refund and mark cancelled' }).click();
  await page.getByText('Order status updated to cancelled').waitFor();
  await paidRow.locator('.status-chip', { hasText: 'Cancelled' }).waitFor();

  // Deleting an order asks first. One never paid is cancelled and stays listed (a late payment's refund shows on it).
  const pendingRow = rows.filter({ hasText: pending.orderNumber });
  await pendingRow.getByRole('button', { name: `Actions for order ${pending.orderNumber}` }).click();
  await page.getByRole('menuitem', { name: 'Delete Order' }).click();
  await page.getByText('Are you sure you want to delete this order? This action cannot be undone.').waitFor();
  await page.getByRole('dialog', { name: 'Delete order' }).getByRole('button', { name: 'Delete Order' }).click();
  await page.getByText('Order cancelled: it was never paid, so it stays listed as cancelled').waitFor();
  await pendingRow.locator('.status-chip', { hasText: 'Cancelled' }).waitFor();
  // A paid one leaves the list.
  await paidRow.getByRole('button', { name: `Actions for order ${paid.orderNumber}` }).click();
  await page.getByRole('menuitem', { name: 'Delete Order' }).click();
  await page.getByRole('dialog', { name: 'Delete order' }).getByRole('button', { name: 'Delete Order' }).click();
  await page.getByText('Order deleted successfully').waitFor();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="admin-order-row"]').length === 1);

  // Unknown admin paths go to the orders.
  await page.goto(store.url + '/admin/nothing-here');
  await page.waitForURL('**/admin/orders');
  assert.deepEqual(context.cspViolations, []);
  await context.close();
});

test('an admin creates a product with a model and two pictures, and shoppers can design on it', async () => {
  store.createAdmin(ADMIN);
  const context = await newContext(browser, { viewport: { width: 1360, height: 1000 } });
  const page = await context.newPage();
  await signInAt(page, '/admin/products', ADMIN);
  await page.waitForURL('**/admin/products', { timeout: 10_000 });
  await page.getByTestId('admin-product-card').first().waitFor();

  await page.getByRole('button', { name: 'Add Product' }).click();
  const form = page.getByRole('dialog', { name: 'Create Product' });
  // The specification's checks, in order.
  await form.getByRole('button', { name: 'Create Product' }).click();
  await form.getByText('Please enter a product name').waitFor();
  await expectAccessible(page, 'admin product form with an error');
  await form.getByLabel('Name *').fill('Studio Polo');
  await form.getByLabel('Price (₹) *').fill('abc');
  await form.getByRole('button', { name: 'Create Product' }).click();
  await form.getByText('Please enter a valid price').waitFor();
  await form.getByLabel('Price (₹) *').fill('499');
  await form.getByRole('button', { name: 'Create Product' }).click();
  await form.getByText('Please enter a color name for color 1').waitFor();
  await form.getByLabel('Color name').fill('Navy');
  await form.getByRole('button', { name: 'Create Product' }).click();
  await form.getByText('Please upload a GLB file for color 1').waitFor();
  await form.getByLabel('Category').fill('Polo');
  await form.getByLabel('Stock').fill('12');

  const glb = readFileSync(join(repo, 'assets/catalogue/models/tshirt-normal.glb'));
  const front = noisePng(64, 64);
  const back = noisePng(1400, 1300); // about 5.5 MB: two 5 MB parts
  assert.ok(back.length > 5 * 1024 * 1024);
  await form.getByLabel('3D model (.glb)').setInputFiles({ name: 'polo.glb', mimeType: 'model/gltf-binary', buffer: glb });
  await form.getByLabel('Front image (.png)').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: front });
  await form.getByLabel('Back image (.png)').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: back });
  const parts = [];
  page.on('request', (r) => r.method() === 'PUT' && /partNumber=/.test(r.url()) && parts.push(r.url()));
  await form.getByRole('button', { name: 'Create Product' }).click();
  await form.getByRole('status').filter({ hasText: /Uploading to AWS S3...|Creating product...|Preparing files.../ }).first().waitFor();
  await page.getByText('Product "Studio Polo" created successfully').waitFor({ timeout: 60_000 });
  await form.waitFor({ state: 'detached' });
  assert.equal(parts.length, 2, `the large picture went in parts: ${parts.join(', ')}`);
  const card = page.getByTestId('admin-product-card').filter({ hasText: 'Studio Polo' });
  await card.getByText('₹499.00').waitFor();
  assert.match(await card.locator('.stock').getAttribute('class'), /stock-low/);
  await page.screenshot({ path: join(screenshots, 'admin-products.png'), fullPage: true });
  await expectAccessible(page, 'admin products');

  // Shop All lists it, and its uploaded model loads in the studio's 3D view.
  await page.goto(store.url + '/products');
  const shopCard = page.getByTestId('product-card').filter({ hasText: 'Studio Polo' });
  await shopCard.waitFor();
  const product = (await call('GET', '/products')).find((p) => p.name === 'Studio Polo');
  assert.match(product.models.navy, /^\/api\/files\/models\//);
  await page.goto(`${store.url}/design?productId=${product._id}`);
  const model = page.waitForResponse((r) => r.url().includes(product.models.navy) && r.status() === 200);
  await page.getByRole('radio', { name: '3D', exact: true }).click();
  const glbBack = await (await model).body();
  assert.ok(glbBack.equals(glb), 'the studio loaded the uploaded model, byte for byte');
  await page.locator('[data-testid="garment-viewer"] canvas').waitFor();
  assert.equal(await page.locator('.viewer-message.error').count(), 0);
  // And a design on it: a text on the Left Chest, drawn on the new garment.
  await page.getByRole('radio', { name: 'Left Chest' }).click();
  await page.getByLabel('Text', { exact: true }).fill('Polo Club');
  await page.getByRole('button', { name: 'Add Text' }).click();
  await page.getByText('“Polo Club”', { exact: true }).waitFor();
  await page.screenshot({ path: join(screenshots, 'admin-product-3d.png') });
  assert.deepEqual(context.cspViolations, []);
  await context.close();
});
