// Something to design with, end to end in a real Chromium against the real
// store, on a 360 px phone: a shopper opens a starter template from the
// product page, types its line again in Hindi (the Devanagari font fetched
// then, and drawn), adds a clip-art in the team colour and a QR code in the
// studio's Add Image panel, and the studio's draft holds all three (axe clean
// at both widths on the way, back to the phone after each check).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { browser, expectAccessibleAtBothWidths, newContext, screenshots, store, withStore } from './harness.mjs';

withStore();

const PRODUCT = '64f1a2b3c4d5e6f708190a05';
const PHONE = { width: 360, height: 740 };
const HINDI = 'क्षत्रिय';
const BACK = 'canvas[data-area="back"]';
const draft = async (page) => JSON.parse(await page.evaluate((id) => localStorage.getItem(`studio-draft:${id}`), PRODUCT));

test('a template, its line in Hindi, a clip-art in the team colour and a QR code on a 360 px phone', async () => {
  const context = await newContext(browser, { viewport: PHONE });
  const page = await context.newPage();
  // The axe checks end on a desktop width: the shopper's phone again after each.
  const accessible = async (state) => {
    await expectAccessibleAtBothWidths(page, state);
    await page.setViewportSize(PHONE);
  };
  const fonts = [];
  page.on('request', (r) => /\.ttf$/.test(r.url()) && fonts.push(new URL(r.url()).pathname));
  await page.goto(`${store.url}/product/${PRODUCT}`);
  await page.getByText('Start from a template').click();
  await page.getByRole('button', { name: 'Cricket club' }).waitFor();
  await accessible('product page: the templates');
  await page.getByRole('button', { name: 'Cricket club' }).click();
  await page.waitForURL('**/design?**');
  await page.getByRole('heading', { name: 'Add Image' }).waitFor({ timeout: 60_000 });
  const opened = await draft(page);
  assert.equal(opened.areas.back.text.text, 'ROYAL STRIKERS');
  assert.equal(opened.areas.back.image.clipart.id, 'sports-trophy-filled');

  // The team's line typed again in Hindi: क्ष and त्रि are conjuncts, three letters as people count them.
  await page.getByRole('radio', { name: 'Back', exact: true }).click();
  const box = page.getByLabel('Text', { exact: true });
  await box.pressSequentially(HINDI);
  await page.getByText('3/50').waitFor();
  await page.getByLabel('Font', { exact: true }).selectOption('Noto Sans Devanagari');
  assert.ok(!fonts.some((f) => f.includes('NotoSansDevanagari')), 'the Devanagari font is not fetched before it is used');
  // Dark ink on the back: none in the template (its line is blue), the Hindi line's black once drawn
  // (about 50 pixels on the phone's 90 px canvas). 0 while fewer than `atLeast`, so it can be waited on.
  const darkInk = ({ sel, atLeast }) => {
    const c = document.querySelector(sel);
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 0; i < d.length; i += 4) if (d[i + 3] > 100 && d[i] < 60 && d[i + 1] < 60 && d[i + 2] < 60) n++;
    return n >= atLeast ? n : 0;
  };
  assert.equal(await page.evaluate(darkInk, { sel: BACK, atLeast: 0 }), 0);
  const fontFetched = page.waitForResponse((r) => /\/NotoSansDevanagari-Regular-[\w-]{8}\.ttf$/.test(new URL(r.url()).pathname) && r.ok());
  await page.getByRole('button', { name: 'Add Text' }).click();
  await fontFetched;
  await page.getByText('Text added').waitFor();
  await page.waitForFunction(darkInk, { sel: BACK, atLeast: 20 });
  await page.waitForFunction((id) => JSON.parse(localStorage.getItem(`studio-draft:${id}`))?.areas?.back?.text?.font === 'Noto Sans Devanagari', PRODUCT);
  const hindi = (await draft(page)).areas.back.text;
  assert.deepEqual([hindi.text, hindi.font], [HINDI, 'Noto Sans Devanagari']);
  await page.locator(BACK).screenshot({ path: join(screenshots, 'clipart-qr-hindi.png') });
  await accessible('studio: a Hindi line');

  // A clip-art from the library, in the team's colour, on the left chest.
  await page.getByRole('radio', { name: 'Left Chest' }).click();
  await page.getByRole('radio', { name: 'Clip-art' }).click();
  await page.getByLabel('Category').selectOption('indian-motifs');
  await page.getByLabel('Search clip-art').fill('diya');
  await page.getByRole('button', { name: 'Add Diya 1' }).waitFor();
  await page.getByLabel('Clip-art colour').fill('#f97316');
  await accessible('studio: the clip-art library');
  await page.getByRole('button', { name: 'Add Diya 1' }).click();
  await page.getByText('Diya 1 added').waitFor();
  await page.waitForFunction((id) => JSON.parse(localStorage.getItem(`studio-draft:${id}`))?.areas?.leftChest?.image?.clipart, PRODUCT);
  assert.deepEqual((await draft(page)).areas.leftChest.image.clipart, { id: 'indian-motifs-diya-1', color: '#f97316' });

  // A QR code on the back, in place of the template's picture.
  await page.getByRole('radio', { name: 'Back', exact: true }).click();
  await page.getByRole('radio', { name: 'QR code' }).click();
  await page.getByLabel('QR code text or link').fill('https://example.in/team/royal-strikers');
  await page.getByText('38 of 300 bytes').waitFor();
  await accessible('studio: a QR code');
  await page.getByRole('button', { name: 'Add QR code' }).click();
  await page.getByText('QR code added').waitFor();
  await page.waitForFunction((id) => JSON.parse(localStorage.getItem(`studio-draft:${id}`))?.areas?.back?.image?.qr, PRODUCT);
  assert.deepEqual((await draft(page)).areas.back.image.qr, { text: 'https://example.in/team/royal-strikers', color: '#000000' });
  // The Hindi line stays beside the code; the font file was asked for once.
  assert.equal((await draft(page)).areas.back.text.text, HINDI);
  assert.equal(fonts.filter((f) => f.includes('NotoSansDevanagari')).length, 1);
  assert.equal(page.viewportSize().width, 360);
  await page.screenshot({ path: join(screenshots, 'clipart-qr-360.png'), fullPage: true });
  await context.close();
});
