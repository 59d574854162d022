// Lighthouse (mobile defaults: its emulated phone and throttling) on the store's four first pages: the home page,
// the catalogue, the first product's page and the studio. Prints a Markdown table for docs/figures.md and writes
// each report's JSON beside it. Runs the system's Chromium (CHROME_PATH), never a downloaded browser.
//
//   node scripts/lighthouse/measure.mjs http://127.0.0.1:8080 [out-dir]
import { writeFile, mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const base = (process.argv[2] ?? 'http://127.0.0.1:8080').replace(/\/$/, '');
const out = process.argv[3] ?? '/tmp/lighthouse';
const chromePath = process.env.CHROME_PATH;
if (!chromePath) {
  console.error('CHROME_PATH must name the browser to run (e.g. /usr/bin/chromium)');
  process.exit(2);
}

const products = await (await fetch(`${base}/api/products`)).json();
const first = products.data[0]._id;
const pages = [
  ['/', '/'],
  ['/products', '/products'],
  ['/product/{id}', `/product/${first}`],
  ['/design?productId={id}', `/design?productId=${first}`],
];

await mkdir(out, { recursive: true });
const rows = [];
for (const [label, path] of pages) {
  // A fresh browser per page: no cache or storage carried from the one before (a first visit).
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  try {
    const result = await lighthouse(`${base}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'seo'],
    });
    const { categories, audits } = result.lhr;
    const score = (c) => Math.round(categories[c].score * 100);
    const name = label.replace(/[^a-z]+/gi, '-').replace(/^-|-$/g, '') || 'home';
    await writeFile(join(out, `${name}.json`), result.report);
    const failed = (c) =>
      categories[c].auditRefs
        .filter((r) => r.weight > 0 && audits[r.id].score !== null && audits[r.id].score < 1)
        .map((r) => r.id);
    rows.push([
      `\`${label}\``,
      score('performance'),
      score('accessibility'),
      score('seo'),
      audits['largest-contentful-paint'].displayValue,
      audits['total-blocking-time'].displayValue,
      audits['cumulative-layout-shift'].displayValue,
    ]);
    for (const c of ['accessibility', 'seo']) {
      if (failed(c).length) console.error(`${label} ${c}: ${failed(c).join(', ')}`);
    }
  } finally {
    await chrome.kill();
  }
}
const { version } = JSON.parse(await readFile(new URL('node_modules/lighthouse/package.json', import.meta.url), 'utf8'));
console.log(`Lighthouse ${version} (mobile defaults) on ${base}\n`);
console.log('| page | performance | accessibility | SEO | LCP | TBT | CLS |');
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
