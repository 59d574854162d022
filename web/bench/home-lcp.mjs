// `just bench-home`: the home page's Largest Contentful Paint in headless Chromium, as a new visitor meets it
// (a new context each run: empty cache, no service worker), read with PerformanceObserver
// ('largest-contentful-paint', buffered) once the page has loaded. RUNS (default 7) runs; prints the median and
// the spread, and what the largest element was. THROTTLE=4 slows the CPU fourfold (DevTools' emulation).
import { launchBrowser, startStore } from '../e2e/harness.mjs';

const runs = Number(process.env.RUNS ?? 7);
const throttle = Number(process.env.THROTTLE ?? 1);
const store = await startStore();
const browser = await launchBrowser();
const samples = [];
const elements = new Map();
try {
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    // Each entry's element named as it arrives: home.html's own hero is replaced by React's soon after it paints.
    await context.addInitScript(() => {
      window.__lcpElements = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          const el = e.element;
          window.__lcpElements.push(el ? `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}` : '?');
        }
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await page.goto(`${store.url}/`, { waitUntil: 'load' });
    // LCP settles once the page stops painting larger things: the last entry after load and a quiet moment.
    const { time, element } = await page.evaluate(
      () =>
        new Promise((resolve) => {
          let last = null;
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) last = e;
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => {
            resolve({ time: last ? last.startTime : NaN, element: window.__lcpElements.at(-1) ?? '?' });
          }, 1_000);
        }),
    );
    if (!Number.isFinite(time)) throw new Error('no largest-contentful-paint entry');
    samples.push(time);
    elements.set(element, (elements.get(element) ?? 0) + 1);
    await context.close();
  }
} finally {
  await browser.close();
  await store.stop();
}
samples.sort((a, b) => a - b);
const median = samples[Math.floor(samples.length / 2)];
console.log(
  `home page LCP (CPU ×${throttle}): median ${median.toFixed(0)} ms, min ${samples[0].toFixed(0)} ms, ` +
    `max ${samples.at(-1).toFixed(0)} ms over ${runs} runs; largest element: ${[...elements].map(([e, n]) => `${e} ×${n}`).join(', ')}`,
);
