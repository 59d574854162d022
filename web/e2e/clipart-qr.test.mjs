// Something to design with, end to end in a real Chromium against the real
// store, on a 360 px phone: a shopper opens a starter template from the
// product page, adds a clip-art in the team colour and a QR code in the
// studio's Add Image panel, and the studio's draft holds both (axe clean at
// both widths on the way).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { browser, expectAccessibleAtBothWidths, newContext, screenshots, store, withStore } from './harness.mjs';

withStore();

const PRODUCT = '64f1a2b3c4d5e6f708190a05';
const draft = async (page) => JSON.parse(await page.evaluate((id) => localStorage.getItem(`studio-draft:${id}`), PRODUCT));

test('a template, a clip-art in the team colour and a QR code on a 360 px phone', async () => {
  const context = await newContext(browser, { viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto(`${store.url}/product/${PRODUCT}`);
  await page.getByText('Start from a template').click();
  await page.getByRole('button', { name: 'Cricket club' }).waitFor();
  await expectAccessibleAtBothWidths(page, 'product page: the templates');
  await page.getByRole('button', { name: 'Cricket club' }).click();
  await page.waitForURL('**/design?**');
  await page.getByRole('heading', { name: 'Add Image' }).waitFor({ timeout: 60_000 });
  const opened = await draft(page);
  assert.equal(opened.areas.back.text.text, 'ROYAL STRIKERS');
  assert.equal(opened.areas.back.image.clipart.id, 'sports-trophy-filled');

  // A clip-art from the library, in the team's colour, on the left chest.
  await page.getByRole('radio', { name: 'Left Chest' }).click();
  await page.getByRole('radio', { name: 'Clip-art' }).click();
  await page.getByLabel('Category').selectOption('indian-motifs');
  await page.getByLabel('Search clip-art').fill('diya');
  await page.getByRole('button', { name: 'Add Diya 1' }).waitFor();
  await page.getByLabel('Clip-art colour').fill('#f97316');
  await expectAccessibleAtBothWidths(page, 'studio: the clip-art library');
  await page.getByRole('button', { name: 'Add Diya 1' }).click();
  await page.getByText('Diya 1 added').waitFor();
  await page.waitForFunction((id) => JSON.parse(localStorage.getItem(`studio-draft:${id}`))?.areas?.leftChest?.image?.clipart, PRODUCT);
  assert.deepEqual((await draft(page)).areas.leftChest.image.clipart, { id: 'indian-motifs-diya-1', color: '#f97316' });

  // A QR code on the back, in place of the template's picture.
  await page.getByRole('radio', { name: 'Back' }).click();
  await page.getByRole('radio', { name: 'QR code' }).click();
  await page.getByLabel('QR code text or link').fill('https://example.in/team/royal-strikers');
  await page.getByText('38 of 300 bytes').waitFor();
  await expectAccessibleAtBothWidths(page, 'studio: a QR code');
  await page.getByRole('button', { name: 'Add QR code' }).click();
  await page.getByText('QR code added').waitFor();
  await page.waitForFunction((id) => JSON.parse(localStorage.getItem(`studio-draft:${id}`))?.areas?.back?.image?.qr, PRODUCT);
  assert.deepEqual((await draft(page)).areas.back.image.qr, { text: 'https://example.in/team/royal-strikers', color: '#000000' });
  await page.screenshot({ path: join(screenshots, 'clipart-qr-360.png'), fullPage: true });
  await context.close();
});
