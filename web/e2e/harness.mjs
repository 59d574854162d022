// Starts the store as `just run` serves it (the API binary serving the built
// web app, SQLite in a fresh data directory, test providers on) and a headless
// Debian Chromium driven by playwright-core. Nothing is downloaded.
import { spawn } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = fileURLToPath(new URL('.', import.meta.url));
export const repo = resolve(here, '../..');
export const screenshots = join(here, 'screenshots');

function freePort() {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
    srv.on('error', fail);
  });
}

/** The API binary (debug build by default, as `just e2e` builds it; API_BIN to override). */
function apiBinary() {
  const target = process.env.CARGO_TARGET_DIR ?? join(repo, 'target');
  return process.env.API_BIN ?? join(target, 'debug', 'api');
}

export async function startStore() {
  const dataDir = mkdtempSync(join(tmpdir(), 'store-e2e-'));
  const port = await freePort();
  const webDir = join(repo, 'web', 'dist');
  if (!existsSync(join(webDir, 'index.html'))) throw new Error('web/dist is missing: run `just web` first');
  const server = spawn(apiBinary(), ['serve'], {
    cwd: repo,
    env: { ...process.env, DATA_DIR: dataDir, LISTEN_ADDR: `127.0.0.1:${port}`, WEB_DIR: webDir, RUST_LOG: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (server.exitCode !== null) throw new Error(`the store exited with ${server.exitCode}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser() {
  mkdirSync(screenshots, { recursive: true });
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--use-gl=swiftshader', '--enable-unsafe-swiftshader'],
  });
}

/** The latest one-time code sent to an address (the dev outbox). */
export async function latestCode(storeUrl, to) {
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${storeUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const body = await res.json();
    const text = JSON.stringify(body.data ?? []);
    const m = text.match(/\b(\d{6})\b/);
    if (m) return m[1];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code for ${to}`);
}
