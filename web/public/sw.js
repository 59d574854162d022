// The store's service worker (registered by src/lib/serviceWorker.ts). When the
// server cannot be reached, the app still opens and the built-in catalogue and
// the studio keep working from what this browser has: the app shell and every
// page's scripts and styles (kept when a build is first seen), plus the engine,
// fonts, 3D viewer, garment pictures and 3D models it has loaded.
// Network first: while the server answers, everything comes from it as usual
// (through the HTTP cache); the copies here are used only when it does not.
// Nothing personal is kept: API answers other than product files never are.

const CACHE = 'store-offline-v1';
/** The app shell: every page of the app is index.html. */
const SHELL = '/index.html';
/** But `/` is home.html, the shell with the home page's first screen in its markup: kept apart, so that no other page
 * opened offline shows the home page's hero while the app starts. */
const HOME = '/';
/** A bound on the copies kept (each build adds files under new names); the least recently fetched go first. */
const MAX_ENTRIES = 250;

self.addEventListener('install', (event) => {
  // The page that registered this worker loaded before it was in charge: keep the app now.
  event.waitUntil(
    fetch(SHELL, { cache: 'no-cache' })
      .then((res) => (isPage(res) ? keepApp(res, SHELL) : undefined))
      .catch(() => {})
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((n) => n !== CACHE).map((n) => caches.delete(n))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && !url.pathname.startsWith('/api/')) {
    const page = url.pathname === '/' ? HOME : SHELL;
    event.respondWith(networkFirst(event, [page, SHELL], (res) => (isPage(res) ? keepApp(res, page) : undefined)));
  } else if (isKept(url)) {
    event.respondWith(networkFirst(event, [request], (res) => keep(request, res)));
  }
  // Anything else (the API, the health check) goes to the network untouched.
});

/** Same-origin files worth keeping: the built app's assets and the products' pictures and models. */
function isKept(url) {
  const p = url.pathname;
  return p.startsWith('/assets/') || p.startsWith('/api/catalogue/') || p === '/api/models/by-path' || p.startsWith('/api/files/');
}

/** A page of the app (a file opened in the tab is not the shell). */
function isPage(res) {
  return res.status === 200 && (res.headers.get('content-type') ?? '').startsWith('text/html');
}

/** The network's answer, else the first of `keys` kept here. */
async function networkFirst(event, keys, store) {
  try {
    const res = await fetch(event.request);
    if (res.status === 200 && res.type === 'basic') event.waitUntil(store(res.clone()).catch(() => {}));
    return res;
  } catch (error) {
    for (const key of keys) {
      const copy = await caches.match(key, { cacheName: CACHE, ignoreVary: true });
      if (copy) return copy;
    }
    throw error;
  }
}

/**
 * Keeps a page (the shell, or home.html under `/`) and, the first time a build is seen, its scripts and styles:
 * those index.html loads, and every page's (the entry script names each lazy
 * page's files, "assets/...", to preload them). The heavy studio files (engine,
 * fonts, three.js) are kept when the studio first loads them.
 */
async function keepApp(res, key) {
  const html = await res.clone().text();
  const cache = await caches.open(CACHE);
  await cache.put(key, res);
  const entry = html.match(/<script[^>]*\ssrc="(\/assets\/[^"]+\.js)"/)?.[1];
  const marker = `/sw-kept-build?${entry}`;
  if (!entry || (await cache.match(marker))) return;
  const files = new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]));
  const script = await (await fetch(entry)).text();
  for (const m of script.matchAll(/["'`](?:\/|\.\/)?(assets\/[\w.-]+\.(?:js|css))["'`]/g)) files.add(`/${m[1]}`);
  await cache.addAll([...files]);
  await cache.put(marker, new Response(''));
  await trim(cache);
}

async function keep(key, res) {
  const cache = await caches.open(CACHE);
  await cache.put(key, res);
  await trim(cache);
}

async function trim(cache) {
  const keys = await cache.keys();
  const pages = [SHELL, HOME].map((p) => new URL(p, self.location.origin).href);
  const extra = keys.length - MAX_ENTRIES;
  for (const old of keys.filter((k) => !pages.includes(k.url)).slice(0, Math.max(0, extra))) await cache.delete(old);
}
