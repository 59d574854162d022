/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import wasm from 'vite-plugin-wasm';

// The API (just run) serves the built app and /api on one port; in `vite dev`
// requests to /api go to it.
export default defineConfig({
  plugins: [react(), wasm()],
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
