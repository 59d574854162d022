// `just bench`, WebAssembly half: the engine's hot paths timed in Node (V8,
// the browser's engine), plus the size of the .wasm the web app downloads.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import * as engine from './engine.mjs';
import { newStudio, fixtures, pricingOf } from './scenario.mjs';

function time(label, iterations, fn) {
  for (let i = 0; i < Math.min(5, iterations); i++) fn(i); // warm up
  const samples = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    fn(i);
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const pct = (p) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))];
  const fmt = (ms) => (ms < 0.1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(2)} ms`);
  console.log(`${label.padEnd(48)} median ${fmt(pct(0.5)).padStart(10)}   p95 ${fmt(pct(0.95)).padStart(10)}   (${iterations} runs)`);
}

const product = engine.catalogue()[0];
const studio = newStudio(product._id, 'white');
const logo = fixtures('logo.png');
for (const area of ['leftChest', 'back']) {
  studio.setText(area, 'Legacy Threads 2026', 'Georgia', 32, '#F97316');
  studio.addImage(area, logo, 'image/png', 'logo.png');
  studio.setImageSize(area, 40, 40);
}
studio.setQuantity('M', 30);

time('text decal 512x512 (layout + raster)', 200, (i) => {
  studio.setText('back', `Legacy Threads ${i}`, 'Georgia', 48, '#1e293b');
  studio.textDecal('back');
});
studio.setText('back', 'Legacy Threads 2026', 'Georgia', 32, '#F97316');
time('two-area re-render 512px after a move', 300, (i) => {
  studio.moveElement('leftChest', 'text', (i * 7) % 100, 40);
  studio.renderArea('leftChest', 512).pixels;
  studio.renderArea('back', 512).pixels;
});
const kept = {};
time('the same, views copied into kept buffers (the 3D view)', 300, (i) => {
  studio.moveElement('leftChest', 'text', (i * 7) % 100, 40);
  for (const area of ['leftChest', 'back']) {
    const view = studio.renderAreaView(area, 512, undefined);
    (kept[area] ??= new Uint8ClampedArray(view.pixels.length)).set(view.pixels);
  }
});
time('two-area re-render 512px after a text edit', 200, (i) => {
  studio.setText('leftChest', `Legacy ${i}`, 'Georgia', 32, '#F97316');
  studio.renderArea('leftChest', 512).pixels;
  studio.renderArea('back', 512).pixels;
});
// A team Back: choosing another roster row lays out and draws its name and number anew.
studio.setPersonal('back', 'name', 'Verdana', 10, '#1e293b');
studio.setPersonal('back', 'number', 'Verdana', 45, '#1e293b');
const teamNames = ['Sharma', "O'Brien", 'Iyer', 'De Souza', 'Raghunathan'];
time('roster row preview: Back 512px, another row', 300, (i) => {
  studio.renderAreaForRow('back', { size: 'M', name: teamNames[i % 5], number: String(i % 100) }, 512).pixels;
});
time('quote (line + order)', 5000, () => studio.orderQuote(pricingOf(product), 250));
time('export Back at 300 DPI (3600x4200 PNG)', 5, () => studio.exportAreaPng('back'));
const size = 1000;
const logo1000 = new Uint8Array(size * size * 4);
for (let y = 0; y < size; y++) {
  for (let x = 0; x < size; x++) {
    const inside = (x - 500) ** 2 + (y - 500) ** 2 < 400 ** 2;
    logo1000.set(inside ? [220, 40, 30, 255] : [250, 250, 248, 255], (y * size + x) * 4);
  }
}
time('background removal 1000x1000', 20, () => engine.removeBackgroundRgba(logo1000, size, size, 40));

for (const name of ['design_engine_bg.wasm', 'design_text_bg.wasm']) {
  const wasm = readFileSync(new URL(`../pkg/${name}`, import.meta.url));
  console.log(`${`${name} size`.padEnd(48)} raw ${(wasm.length / 1024).toFixed(0)} KiB   gzip ${(gzipSync(wasm, { level: 9 }).length / 1024).toFixed(0)} KiB`);
}
