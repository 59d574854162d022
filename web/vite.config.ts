/// <reference types="vitest/config" />
import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { availableParallelism } from 'node:os';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import wasm from 'vite-plugin-wasm';
import { colorImage, productPath } from './src/api/pictures';

// Vite's hashed assets never change under their name: the server sends them
// pre-compressed (brotli, else gzip) instead of compressing on every request.
function precompress(): Plugin {
  const compressible = /\.(js|mjs|css|wasm|svg|json|ttf|glb|html|txt)$/;
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const dir = join(outDir, 'assets');
      const names = (await readdir(dir)).filter((n) => compressible.test(n));
      await Promise.all(
        names.map(async (name) => {
          const path = join(dir, name);
          if ((await stat(path)).size < 1024) return;
          const bytes = await readFile(path);
          const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length };
          const [b, g] = await Promise.all([br(bytes, { params }), gz(bytes, { level: 9 })]);
          // A variant that is not smaller is left out: the original is served.
          if (b.length < bytes.length) await writeFile(`${path}.br`, b);
          if (g.length < bytes.length) await writeFile(`${path}.gz`, g);
        }),
      );
    },
  };
}

// A new visitor's studio (/design) opens on the garment's picture (StudioShell, in the app's main code), but the app
// asks for the product only once its own code has loaded and run. A tiny async module beside the app's asks for the
// studio's product at once (the product query takes the answer: src/lib/routeData.ts) and, once that is in, preloads
// the garment picture the studio opens on (the left chest is on the front). The studio's code and the engine's .wasm
// are not asked for here: they load once the picture has loaded (StudioRoute), so as not to share a slow
// connection with it. An external file: the CSP allows no inline script.
function routePreload(): Plugin {
  let outDir = 'dist';
  let file: { name: string; source: string } | null = null;
  return {
    name: 'route-preload',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const source =
          `// Written by vite.config.ts (routePreload): what the studio shows first, asked for before the app's code has run.\n` +
          // The app's own functions (src/api/pictures.ts), so the path and the picture are the ones it asks for.
          `${productPath.toString()}\n${colorImage.toString()}\n` +
          `const query = new URLSearchParams(location.search);\n` +
          `const productId = location.pathname === '/design' && query.get('productId');\n` +
          `if (productId) {\n` +
          `  const path = productPath(productId);\n` +
          // The API's envelope ({ data }) unwrapped, as the app's unwrap() does.
          `  const product = fetch(path).then((r) => (r.ok ? r.json() : null)).then((body) => body?.data ?? null).catch(() => null);\n` +
          `  const entry = { answer: product };\n` +
          `  window.__routeData = { [path]: entry };\n` +
          `  product.then((p) => {\n` +
          `    entry.value = p;\n` +
          `    const picture = p?.colorImages && colorImage(p, query.get('color') ?? p.defaultColor);\n` +
          `    if (!picture) return;\n` +
          `    const link = document.createElement('link');\n` +
          `    link.rel = 'preload';\n` +
          `    link.as = 'image';\n` +
          `    link.href = picture;\n` +
          `    document.head.append(link);\n` +
          `  });\n` +
          `}\n`;
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        file = { name: `assets/route-preload-${hash}.js`, source };
        // After the app's script (the service worker reads the first one as the entry), `async`: it runs once
        // loaded, not after the app's script and its imports as an ordered module script would.
        return html.replace(/(<script type="module"[^>]*><\/script>)/, `$1\n    <script type="module" async src="/${file.name}"></script>`);
      },
    },
    async closeBundle() {
      if (file) await writeFile(join(outDir, file.name), file.source);
    },
  };
}

// The home page's first screen paints with the HTML, before the app's code has loaded and run (issue 33: the largest
// contentful paint). home.html is the built index.html with that screen's markup in its root
// (src/features/home/first-screen.html: the navigation bar and the hero); the API sends it for `/` only, and every
// other route gets index.html. React replaces it with the same markup when it starts.
function homePage(): Plugin {
  let root = '.';
  let outDir = 'dist';
  let page: string | null = null;
  return {
    name: 'home-page',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = config.build.outDir;
    },
    transformIndexHtml: {
      // After routePreload: home.html names exactly the files index.html does.
      order: 'post',
      async handler(html) {
        const screen = await readFile(join(root, 'src/features/home/first-screen.html'), 'utf8');
        if (!html.includes('<div id="root"></div>')) throw new Error('home-page: index.html has no empty root');
        page = html.replace('<div id="root"></div>', `<div id="root">\n${screen}    </div>`);
        return html;
      },
    },
    async closeBundle() {
      if (page) await writeFile(join(outDir, 'home.html'), page);
    },
  };
}

// The API (just run) serves the built app and /api on one port; in `vite dev`
// requests to /api go to it.
export default defineConfig(({ command }) => ({
  plugins: [react(), wasm(), routePreload(), homePage(), precompress()],
  resolve: {
    // react-router 7's package exports name only its development build (remix-run/react-router#14102): its dev
    // warnings and checks ran on every page of the built app. The build takes the production one beside it.
    alias:
      command === 'build'
        ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) }]
        : [],
  },
  build: {
    // Top-level await (the engine's wasm start-up) needs ES2022.
    target: 'es2022',
    // three.js (the lazily loaded 3D view) is one chunk of about 1 MB on purpose.
    chunkSizeWarningLimit: 1100,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What more than one page uses (React, the router, the API client, the shared components: 27 files of
            // 0.2 to 95 KB each) as one file: a browser asks a server for at most 6 files at once over HTTP/1.1,
            // and the studio's first render waited on that queue. three.js, the 3D view's own modules and the
            // engine's package stay out: they load later. Path segments, so that no checkout's folder name matches.
            { name: 'shared', test: (id) => !/\/node_modules\/(three|@react-three)\/|\/src\/components\/three\/|\/design-engine\/pkg\//.test(id), minShareCount: 2 },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
    fs: { allow: ['..'] },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // A hang guard, not a speed check: page tests that type into forms take
    // about 1 s alone but several while CI runs the fuzzer and the browser beside them.
    testTimeout: 30_000,
    // Vitest's default is a worker per core but one, which on a 2-core machine (CI's) ran the 67 files one at a time:
    // 115 s where two workers take 71 s, the same CPU time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // One module graph per worker, not one per file: each file's setup and imports (React, the router, the query
    // client, jsdom's globals) were most of the suite's CPU (95 files: setup 64 s and imports 42 s summed, against 2 s
    // and 6 s shared; 305 s against 65-79 s on a loaded 2-core machine). src/test/setup.ts resets what a test leaves
    // (the DOM, the session, storage, the language, stubbed globals), so files stay independent.
    isolate: false,
  },
}));
