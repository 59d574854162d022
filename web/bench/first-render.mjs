// `just bench-studio`: the studio's first render in headless Chromium, as a
// new visitor meets it (empty cache): from navigation to the first print area
// drawn by the engine, and the bytes the engine's .wasm took on the wire.
// RUNS (default 7) fresh contexts; prints the median and the spread.
// THROTTLE=4 slows the CPU fourfold (Chromium's DevTools emulation);
// NETWORK=fast3g emulates DevTools' "Fast 3G" (562.5 ms latency, 1.44 Mbit/s down).
import { launchBrowser, startStore } from '../e2e/harness.mjs';

const runs = Number(process.env.RUNS ?? 7);
const throttle = Number(process.env.THROTTLE ?? 1);
const networks = { fast3g: { latency: 562.5, downloadThroughput: (1.6e6 * 0.9) / 8, uploadThroughput: (750e3 * 0.9) / 8 } };
const network = networks[process.env.NETWORK ?? ''];
if (process.env.NETWORK && !network) throw new Error(`NETWORK: one of ${Object.keys(networks).join(', ')}`);
const store = await startStore();
const browser = await launchBrowser();
const samples = [];
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
    await page.goto(`${store.url}/design?productId=64f1a2b3c4d5e6f708190a05`);
    const ms = await page.waitForFunction(
      () => {
        const drawn = [...document.querySelectorAll('canvas.area-canvas')].some((c) => c.width > 0);
        return drawn && performance.now();
      },
      null,
      { timeout: 120_000, polling: 'raf' },
    );
    samples.push(await ms.jsonValue());
    wasmBytes = [...sizes.values()].reduce((a, b) => a + b, 0);
    await context.close();
  }
} finally {
  await browser.close();
  await store.stop();
}
samples.sort((a, b) => a - b);
const median = samples[Math.floor(samples.length / 2)];
console.log(
  `studio first render (CPU ×${throttle}${network ? `, ${process.env.NETWORK}` : ''}): median ${median.toFixed(0)} ms, ` +
    `min ${samples[0].toFixed(0)} ms, max ${samples.at(-1).toFixed(0)} ms over ${runs} runs; ` +
    `.wasm on the wire ${(wasmBytes / 1024).toFixed(0)} KiB`,
);
