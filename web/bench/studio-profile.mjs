// A CPU profile of the studio's first render (one new visitor): the main thread's self time by function, and by
// 20 ms window (from the profile's start, just before the navigation) what ran most. For looking into `just bench-studio`'s figure.
import { launchBrowser, startStore } from '../e2e/harness.mjs';
import { firstDraw, recordFirstDraw } from './firstDraw.mjs';

const store = await startStore();
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await recordFirstDraw(page);
  await page.goto(`${store.url}/design?productId=64f1a2b3c4d5e6f708190a05`);
  const drawn = await firstDraw(page);
  const { profile } = await cdp.send('Profiler.stop');
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const name = (n) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
  const self = new Map();
  const windows = new Map();
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i];
    // From the profile's start, just before the navigation: close to the page's own clock.
    const ms = (t - profile.startTime) / 1000;
    const n = byId.get(id);
    const key = name(n);
    if (key.startsWith('(idle)') || key.startsWith('(program)')) return;
    self.set(key, (self.get(key) ?? 0) + profile.timeDeltas[i] / 1000);
    const w = Math.floor(ms / 20) * 20;
    const m = windows.get(w) ?? new Map();
    m.set(key, (m.get(key) ?? 0) + profile.timeDeltas[i] / 1000);
    windows.set(w, m);
  });
  console.log(`drawn at ${drawn.toFixed(0)} ms`);
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${v.toFixed(1).padStart(7)} ms  ${k}`);
  for (const [w, m] of [...windows].sort((a, b) => a[0] - b[0])) {
    const total = [...m.values()].reduce((a, b) => a + b, 0);
    const top = [...m].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(' | ');
    console.log(`${String(w).padStart(5)} ms: busy ${total.toFixed(1).padStart(5)}  ${top}`);
  }
} finally {
  await browser.close();
  await store.stop();
}
