// The studio in Hindi in a real Chromium against the real store, with the real engine (wasm): a shopper who chose
// Hindi reads the studio's panels, summary and price in Hindi, and the engine's refusals (a text too long, a cart
// with no pieces, a quantity below the minimum) come in Hindi with their figures, from the catalogue's engine.<CODE>.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browser, newContext, store, withStore } from './harness.mjs';

withStore();

const PRODUCT = '64f1a2b3c4d5e6f708190a05';

/** Latin words of 3+ letters in the studio's own panels, their lists of fonts and colours aside. */
const latinWords = (page) =>
  page.evaluate(() => {
    const parts = [...document.querySelectorAll('.studio section.panel, .studio aside.panel dl, [data-testid="price-breakdown"], .studio h1')];
    return parts.flatMap((part) => {
      const copy = part.cloneNode(true);
      copy.querySelectorAll('select, .size-steppers, [data-testid="size-chart-beside"]').forEach((s) => s.remove());
      // Words run together where the page puts no space between two elements ("Left Chest" then "Back"): split at capitals.
      return copy.textContent.match(/[A-Z]?[a-z]{2,}|[A-Z]{3,}/g) ?? [];
    });
  });

test('the studio in Hindi, with the engine refusing in Hindi', async () => {
  const context = await newContext(browser, { viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => localStorage.setItem('store.language', 'hi'));
  const page = await context.newPage();
  await page.goto(`${store.url}/design?productId=${PRODUCT}`);
  await page.getByRole('heading', { level: 1, name: /देखें$/ }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'hi-IN');
  const addText = page.getByRole('button', { name: 'टेक्स्ट जोड़ें' });
  await addText.waitFor({ timeout: 60_000 });
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'), null, { timeout: 60_000 }).catch(() => {});

  // Nothing to add yet: the engine's NO_ITEMS, in Hindi.
  await page.getByTestId('add-to-cart').click();
  await page.getByText('कार्ट में जोड़ने से पहले कृपया कम से कम एक आइटम चुनें।').waitFor();

  // A text of 51 letters: the engine's TEXT_TOO_LONG, in Hindi.
  await page.getByLabel('टेक्स्ट', { exact: true }).fill('A'.repeat(51));
  await addText.click();
  await page.getByText('टेक्स्ट ज़्यादा से ज़्यादा 50 अक्षरों का हो सकता है').waitFor();

  // A text the engine takes, then 10 pieces: below the minimum of 25, the engine's BELOW_MINIMUM with its figures.
  await page.getByLabel('टेक्स्ट', { exact: true }).fill('TEAM LEGACY');
  await addText.click();
  await page.getByText('टेक्स्ट जुड़ गया').waitFor();
  const quantity = page.locator('aside.panel input').nth(1);
  await quantity.fill('10');
  await quantity.blur();
  await page.getByTestId('add-to-cart').getByText('कार्ट में जोड़ें (15 और चाहिए)').waitFor();
  await page.getByTestId('add-to-cart').click();
  await page.getByText('न्यूनतम मात्रा पूरी नहीं हुई। हर रंग के कम से कम 25 पीस के लिए आपको 15 और आइटम चाहिए।').waitFor();

  // The studio's own words are Hindi: what stays in Latin letters is the product's data, fonts and the gateway's name.
  const data = /^(TEAM|LEGACY|Shirt|Normal|Tee|white|black|Left|Chest|Back|Front|Right|Sleeve|Arial|Payment|Gateway|JPG|PNG|GIF|SVG|Ctrl|Shift|Alt)$/;
  const left = (await latinWords(page)).filter((w) => !data.test(w));
  assert.deepEqual(left, [], 'no English left in the studio');
  await context.close();
});
