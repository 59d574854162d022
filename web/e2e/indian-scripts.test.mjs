// India's scripts in the studio, in a real Chromium against the real store:
// the studio's first load fetches only the five Latin font files it always
// did; a Hindi text set in Noto Sans Devanagari fetches that file, once, when
// it is added, and draws; on a 360 px phone the picker, grouped by script,
// fits and the page stays accessible.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { browser, call, expectAccessible, expectFits, newContext, screenshots, store, withStore } from './harness.mjs';

withStore();

const CANVAS = 'canvas[data-area="leftChest"]';
const FIRST = ['LiberationSans-Regular', 'LiberationSerif-Regular', 'LiberationMono-Regular', 'Gelasio-Regular', 'DejaVuSans'];

test('a Hindi text loads its script’s font only when it is added, and draws', async () => {
  const context = await newContext(browser, { viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  // The font files asked for, by their names without the build's hash.
  const fonts = [];
  page.on('request', (r) => {
    const m = /\/([A-Za-z]+(?:-Regular)?)-[\w-]{8}\.ttf$/.exec(new URL(r.url()).pathname);
    if (m) fonts.push(m[1]);
  });
  const product = (await call('GET', '/products')).find((p) => p.name === 'T-Shirt Normal');
  await page.goto(`${store.url}/design?productId=${product._id}&color=white`);
  await page.getByRole('heading', { name: /View Your T-Shirt Normal/ }).waitFor();
  // The text module and the first fonts, as before: the Latin five and nothing else.
  await page.getByRole('button', { name: 'Add Text' }).waitFor();
  await page.waitForFunction(() => !document.querySelector('button[aria-busy="true"]'));
  assert.deepEqual([...fonts].sort(), [...FIRST].sort());

  await page.getByRole('radio', { name: 'Left Chest' }).click();
  // Letters as people count them: कि is one letter of two code points, and 50 fit.
  const box = page.getByLabel('Text', { exact: true });
  await box.fill('कि'.repeat(50));
  await page.getByText('50/50').waitFor();
  // टी म ␣ क्ष त्रि य: six letters.
  await box.fill('टीम क्षत्रिय');
  await page.getByText('6/50').waitFor();
  const picker = page.getByLabel('Font', { exact: true });
  assert.deepEqual(await picker.locator('optgroup').evaluateAll((gs) => gs.map((g) => g.label)).then((l) => l.slice(0, 2)), ['Latin (English)', 'Devanagari (Hindi, Marathi)']);
  await picker.selectOption('Noto Sans Devanagari');
  assert.ok(!fonts.includes('NotoSansDevanagari-Regular'), 'not fetched before it is used');
  await page.getByRole('button', { name: 'Add Text' }).click();
  await page.getByText('Text added').waitFor();
  await page.waitForFunction((sel) => {
    const c = document.querySelector(sel);
    return c && c.getContext('2d').getImageData(0, 0, c.width, c.height).data.some((v, i) => i % 4 === 3 && v > 128);
  }, CANVAS);
  assert.deepEqual(fonts.filter((f) => !FIRST.includes(f)), ['NotoSansDevanagari-Regular']);
  await page.locator(CANVAS).screenshot({ path: join(screenshots, 'hindi-text.png') });
  await expectFits(page, 'studio: a Hindi text');
  await expectAccessible(page, 'studio: a Hindi text, 360 px');
  assert.deepEqual(context.cspViolations, []);
  await context.close();
});
