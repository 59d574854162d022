/// <reference types="vitest/config" />
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import wasm from 'vite-plugin-wasm';

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

// The API (just run) serves the built app and /api on one port; in `vite dev`
// requests to /api go to it.
export default defineConfig({
  plugins: [react(), wasm(), precompress()],
  build: {
    // Top-level await (the engine's wasm start-up) needs ES2022.
    target: 'es2022',
    // three.js (the lazily loaded 3D view) is one chunk of about 1 MB on purpose.
    chunkSizeWarningLimit: 1100,
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
  },
});
