// The studio's first render of two or more builds of the web app, interleaved run by run in one sitting
// (`just bench-studio-ab DIST...`): on a machine whose speed drifts from minute to minute, consecutive runs of
// `just bench-studio` for each build compare the minutes more than the builds. One store per build,
// one Chromium, a new context per run; the first round warms up and is not counted. RUNS (default 15) runs each,
// THROTTLE as for bench-studio. Prints each build's median and spread of the first draw (firstDraw.mjs).
import { resolve } from 'node:path';
import { launchBrowser, startStore } from '../e2e/harness.mjs';
import { firstDraw, recordFirstDraw } from './firstDraw.mjs';

const dists = process.argv.slice(2).map((dist) => resolve(dist));
if (dists.length < 2) throw new Error('usage: node bench/first-render-ab.mjs DIST DIST...');
const runs = Number(process.env.RUNS ?? 15);
const throttle = Number(process.env.THROTTLE ?? 1);
const stores = [];
const browser = await launchBrowser();
const samples = dists.map(() => []);
try {
  for (const dist of dists) stores.push(await startStore({ webDir: dist }));
  for (let round = 0; round <= runs; round++) {
    for (const [i, store] of stores.entries()) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
      await recordFirstDraw(page);
      await page.goto(`${store.url}/design?productId=64f1a2b3c4d5e6f708190a05`);
      const ms = await firstDraw(page);
      if (round > 0) samples[i].push(ms);
      await context.close();
    }
  }
} finally {
  await browser.close();
  for (const store of stores) await store.stop();
}
for (const [i, dist] of dists.entries()) {
  const sorted = samples[i].sort((a, b) => a - b);
  console.log(
    `${dist}: studio first render (CPU ×${throttle}) median ${sorted[sorted.length >> 1].toFixed(0)} ms, ` +
      `min ${sorted[0].toFixed(0)} ms, max ${sorted.at(-1).toFixed(0)} ms over ${runs} runs`,
  );
}
