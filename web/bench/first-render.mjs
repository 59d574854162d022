// `just bench-studio`: the studio's first render in headless Chromium, as a
// new visitor meets it (empty cache): from navigation to the first print area
// drawn by the engine at its size on screen, and the bytes the engine's .wasm took on the wire.
// Then, in the same page and under the same throttling, the engine's
// two-area re-render after a move (a text and an image on both print areas,
// both drawn 512 px wide and copied into each area's kept buffer, as the 3D view does
// (Studio3D's drawDecal); js-tests/bench.mjs times the same in Node), and a real
// drag in the page with snapping on: the work of each pointer move (snap, engine move, the area redrawn
// at the canvas's size, painted), read from window.__studioDragWork, the moves crossing the centre guide.
// RUNS (default 7) fresh contexts; prints the median and the spread.
// THROTTLE=4 slows the CPU fourfold (Chromium's DevTools emulation);
// NETWORK=fast3g emulates DevTools' "Fast 3G" (562.5 ms latency, 1.44 Mbit/s down).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, repo, startStore } from '../e2e/harness.mjs';
import { firstDraw, recordFirstDraw } from './firstDraw.mjs';

const runs = Number(process.env.RUNS ?? 7);
const throttle = Number(process.env.THROTTLE ?? 1);
const networks = { fast3g: { latency: 562.5, downloadThroughput: (1.6e6 * 0.9) / 8, uploadThroughput: (750e3 * 0.9) / 8 } };
const network = networks[process.env.NETWORK ?? ''];
if (process.env.NETWORK && !network) throw new Error(`NETWORK: one of ${Object.keys(networks).join(', ')}`);
const store = await startStore();
const browser = await launchBrowser();
const samples = [];
const rerenders = [];
const drags = [];
const logo = [...readFileSync(join(repo, 'design-engine/tests/fixtures/logo.png'))];
let wasmBytes = 0;
try {
  for (let i = 0; i < runs; i++) {
    // A new visitor: no service worker yet (its fetches would bypass the emulated network).
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    await cdp.send('Network.enable');
    if (network) await cdp.send('Network.emulateNetworkConditions', { offline: false, ...network });
    const sizes = new Map();
    cdp.on('Network.responseReceived', (e) => {
      if (e.response.url.endsWith('.wasm')) sizes.set(e.requestId, 0);
    });
    cdp.on('Network.loadingFinished', (e) => {
      if (sizes.has(e.requestId)) sizes.set(e.requestId, e.encodedDataLength);
    });
    await recordFirstDraw(page);
    await page.goto(`${store.url}/design?productId=64f1a2b3c4d5e6f708190a05`);
    samples.push(await firstDraw(page));
    // The page's own engine module (already loaded, with its text module and fonts once Add Text is ready).
    await page.getByRole('button', { name: 'Add Text' }).waitFor({ timeout: 120_000 });
    rerenders.push(
      ...(await page.evaluate(async (logoBytes) => {
        const url = performance.getEntriesByType('resource').find((e) => /\/design_engine-[^/]+\.js$/.test(e.name)).name;
        const { Studio } = await import(url);
        const studio = new Studio('64f1a2b3c4d5e6f708190a05', 'white');
        for (const area of ['leftChest', 'back']) {
          studio.setText(area, 'Legacy Threads 2026', 'Georgia', 32, '#F97316');
          studio.addImage(area, new Uint8Array(logoBytes), 'image/png', 'logo.png');
          studio.setImageSize(area, 40, 40);
        }
        const times = [];
        const kept = {};
        const decal = (area) => {
          const view = studio.renderAreaView(area, 512, undefined);
          (kept[area] ??= new Uint8ClampedArray(view.pixels.length)).set(view.pixels);
        };
        for (let i = 0; i < 25; i++) {
          const t0 = performance.now();
          studio.moveElement('leftChest', 'text', (i * 7) % 100, 40);
          decal('leftChest');
          decal('back');
          if (i >= 5) times.push(performance.now() - t0); // the first few warm the caches
        }
        studio.free();
        return times;
      }, logo)),
    );
    // The page's own drag: a text and an image on the Back, the text dragged to and fro across the centre guide.
    await page.getByRole('radio', { name: 'Back', exact: true }).click();
    await page.getByLabel('Upload image').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from(logo) });
    await page.getByRole('button', { name: 'Add Image' }).click();
    await page.getByText('logo.png', { exact: true }).waitFor();
    await page.getByLabel('Text', { exact: true }).fill('Legacy Threads 2026');
    await page.getByRole('button', { name: 'Add Text' }).click();
    await page.getByText('“Legacy Threads 2026”', { exact: true }).waitFor();
    await page.evaluate(() => (window.__studioDragWork = []));
    // The text starts at the centre, over the image: press near its right end, clear of the image's box.
    await page.locator('canvas[data-area="back"]').scrollIntoViewIfNeeded();
    const text = await page.locator('.element-handle[data-kind="text"]').boundingBox();
    const start = { x: text.x + text.width * 0.9, y: text.y + text.height / 2 };
    await page.mouse.move(start.x, start.y);
    await page.mouse.down();
    for (let i = 0; i < 60; i++) await page.mouse.move(start.x + 30 * Math.sin(i / 6), start.y + 25 * Math.sin(i / 9));
    await page.mouse.up();
    const work = await page.evaluate(() => window.__studioDragWork);
    if (work.length < 50) throw new Error(`the drag moved nothing (${work.length} moves measured)`);
    drags.push(...work.slice(5)); // the first few warm the caches
    wasmBytes = [...sizes.values()].reduce((a, b) => a + b, 0);
    await context.close();
  }
} finally {
  await browser.close();
  await store.stop();
}
samples.sort((a, b) => a - b);
rerenders.sort((a, b) => a - b);
const median = samples[Math.floor(samples.length / 2)];
console.log(
  `studio first render (CPU ×${throttle}${network ? `, ${process.env.NETWORK}` : ''}): median ${median.toFixed(0)} ms, ` +
    `min ${samples[0].toFixed(0)} ms, max ${samples.at(-1).toFixed(0)} ms over ${runs} runs; ` +
    `.wasm on the wire ${(wasmBytes / 1024).toFixed(0)} KiB`,
);
const p95 = (sorted) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))];
drags.sort((a, b) => a - b);
console.log(
  `two-area re-render after a move, 512 px (CPU ×${throttle}): median ${rerenders[rerenders.length >> 1].toFixed(1)} ms, ` +
    `p95 ${p95(rerenders).toFixed(1)} ms, max ${rerenders.at(-1).toFixed(1)} ms (${rerenders.length} moves over ${runs} runs)`,
);
console.log(
  `drag with snapping, each pointer move (snap, engine move, redraw, paint) (CPU ×${throttle}): median ${drags[drags.length >> 1].toFixed(1)} ms, ` +
    `p95 ${p95(drags).toFixed(1)} ms, max ${drags.at(-1).toFixed(1)} ms (${drags.length} moves over ${runs} runs)`,
);
