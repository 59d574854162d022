// No layout shift (issue 54): a first visit to the home page, the catalogue, a product and the studio, on a phone
// and on a desktop, with the browser's own record of every layout shift (PerformanceObserver 'layout-shift',
// buffered from the page's start, as Lighthouse's CLS counts them: shifts right after an input excluded). Each page
// is watched until its content is in and has been still for a second; the sum of its shifts stays at most 0.1
// (Core Web Vitals' "good"). The footer never moves while the page's data and code arrive.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browser, newContext, store, withStore } from './harness.mjs';

withStore();

const GOOD_CLS = 0.1;

/** Adds up every layout shift of the page from its start, and notes which elements moved. */
function recordShifts() {
  window.__shifts = { total: 0, moved: [] };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      window.__shifts.total += e.value;
      for (const s of e.sources ?? []) {
        const n = s.node;
        const name = n?.nodeType === 1 ? `${n.tagName.toLowerCase()}.${[...n.classList].join('.')}` : String(n?.nodeName);
        window.__shifts.moved.push(`${name} ${e.value.toFixed(3)}`);
      }
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

/** The page's shifts once `ready` is on screen and nothing has moved for a second. */
async function shiftsOf(page, url, ready) {
  await page.goto(url);
  await ready(page).waitFor();
  // The pictures fetched at once are in (lazy ones below the first screen wait for a scroll), then a quiet
  // second: what a shift would follow has happened.
  await page.waitForFunction(() => [...document.images].filter((i) => i.loading !== 'lazy').every((i) => i.complete));
  let last = -1;
  for (;;) {
    const now = await page.evaluate(() => window.__shifts.total);
    if (now === last) break;
    last = now;
    await page.waitForTimeout(1000);
  }
  return page.evaluate(() => window.__shifts);
}

for (const [device, viewport] of [
  ['phone', { width: 412, height: 823 }],
  ['desktop', { width: 1350, height: 940 }],
]) {
  test(`the four first pages do not shift on a ${device}`, async () => {
    const products = (await (await fetch(`${store.url}/api/products`)).json()).data;
    const tee = products.find((p) => p.name === 'T-Shirt Normal');
    const pages = [
      ['/', (p) => p.getByRole('heading', { level: 1 })],
      ['/products', (p) => p.getByTestId('product-card').first().locator('img')],
      [`/product/${tee._id}`, (p) => p.getByRole('heading', { level: 1, name: 'T-Shirt Normal' })],
      [`/design?productId=${tee._id}`, (p) => p.getByTestId('print-area')],
    ];
    for (const [path, ready] of pages) {
      // A fresh context each time: a first visit, nothing cached.
      const context = await newContext(browser, { viewport, deviceScaleFactor: device === 'phone' ? 2 : 1, isMobile: device === 'phone' });
      await context.addInitScript(recordShifts);
      const page = await context.newPage();
      const { total, moved } = await shiftsOf(page, store.url + path, ready);
      assert.ok(total <= GOOD_CLS, `${device} ${path}: layout shift ${total.toFixed(3)} > ${GOOD_CLS} (${moved.join(', ')})`);
      // The footer starts below the first screen, whatever the page loads.
      const footerTop = await page.locator('footer.footer').evaluate((f) => f.getBoundingClientRect().top + scrollY);
      assert.ok(footerTop >= viewport.height, `${device} ${path}: the footer's top ${footerTop} is on the first screen`);
      await context.close();
    }
  });
}
