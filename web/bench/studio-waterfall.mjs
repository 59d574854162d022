// The studio's first render for a new visitor as a waterfall: when each request started and ended, the page's long
// tasks, DOMContentLoaded, and the first print area drawn (as `just bench-studio` detects it), in ms from
// navigation. RUNS (default 3) fresh contexts. Run it from web/ after `just web` and `cargo build -p api`.
import { launchBrowser, startStore } from '../e2e/harness.mjs';
import { firstDraw, recordFirstDraw } from './firstDraw.mjs';

const runs = Number(process.env.RUNS ?? 3);
const store = await startStore();
const browser = await launchBrowser();
try {
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => window.__longTasks.push(...list.getEntries().map((e) => [e.startTime, e.duration]))).observe({ type: 'longtask', buffered: true });
      // When each stage of the page first showed: checked on every frame.
      window.__stages = {};
      const stages = {
        'app rendered': () => document.querySelector('#root > *'),
        'Loading product...': () => document.body?.innerText.includes('Loading product...'),
        'Loading the studio...': () => document.body?.innerText.includes('Loading the studio...'),
        'studio heading': () => document.querySelector('.studio h1'),
        'area canvas': () => document.querySelector('canvas.area-canvas'),
        'picture loaded': () => [...document.querySelectorAll('.design-canvas img')].some((i) => i.complete && i.naturalWidth > 0),
      };
      const check = () => {
        for (const [name, seen] of Object.entries(stages)) if (!(name in window.__stages) && seen()) window.__stages[name] = performance.now();
        requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
    await recordFirstDraw(page);
    await page.goto(`${store.url}/design?productId=64f1a2b3c4d5e6f708190a05`);
    const drawn = await firstDraw(page);
    const report = await page.evaluate(() => ({
      dcl: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
      resources: performance.getEntriesByType('resource').map((e) => [e.name.replace(location.origin, ''), e.startTime, e.responseEnd]),
      longTasks: window.__longTasks,
      stages: window.__stages,
    }));
    console.log(`run ${i + 1}: drawn at ${drawn.toFixed(0)} ms, DOMContentLoaded ${report.dcl.toFixed(0)} ms`);
    for (const [name, start, end] of report.resources.filter(([, s]) => s < drawn)) console.log(`  ${start.toFixed(0).padStart(5)}-${end.toFixed(0).padEnd(5)} ${name.slice(0, 90)}`);
    for (const [name, at] of Object.entries(report.stages)) console.log(`  ${at.toFixed(0).padStart(5)}       ${name}`);
    for (const [start, duration] of report.longTasks) console.log(`  long task at ${start.toFixed(0)} ms, ${duration.toFixed(0)} ms`);
    await context.close();
  }
} finally {
  await browser.close();
  await store.stop();
}
