// Starts the store as `just run` serves it (the API binary serving the built
// web app, SQLite in a fresh data directory, test providers on) and a headless
// Debian Chromium driven by playwright-core. Nothing is downloaded.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, existsSync, readFileSync, appendFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
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

/** The store and the browser of the test file that called `withStore()` (live bindings, set before its tests). */
export let store;
export let browser;

/**
 * Starts the store and a browser before this test file's tests, and stops them after.
 * `production: true` starts it as plain `api serve` runs (test providers off), with `env` on top.
 */
export function withStore(options) {
  before(async () => {
    store = await startStore(options);
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await store?.stop();
  });
}

export async function startStore({ production = false, env: extra = {}, webDir = process.env.WEB_DIST ?? join(repo, 'web', 'dist') } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'store-e2e-'));
  const port = await freePort();
  // webDir (WEB_DIST): another build of the web app (so parallel work need not share web/dist).
  if (!existsSync(join(webDir, 'index.html'))) throw new Error('web/dist is missing: run `just web` first');
  const launch = () =>
    spawn(apiBinary(), ['serve'], {
      cwd: repo,
      env: {
        ...process.env,
        TEST_PROVIDERS: production ? 'off' : 'on',
        ...extra,
        DATA_DIR: dataDir,
        LISTEN_ADDR: `127.0.0.1:${port}`,
        WEB_DIR: webDir,
        RUST_LOG: 'warn',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
  const url = `http://127.0.0.1:${port}`;
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', RUST_LOG: 'warn' };
  const up = async () => {
    for (let i = 0; i < 150; i++) {
      try {
        if ((await fetch(`${url}/api/health`)).ok) return;
      } catch {
        // not up yet
      }
      if (server.exitCode !== null) throw new Error(`the store exited with ${server.exitCode}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const halt = async () => {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
  };
  let server = launch();
  await up();
  return {
    url,
    /** Makes an admin account with the server's own `create-admin` command. */
    createAdmin(email) {
      const made = spawnSync(apiBinary(), ['create-admin', '--email', email, '--name', 'Store Admin'], { cwd: repo, env, encoding: 'utf8' });
      if (made.status !== 0) throw new Error(`create-admin failed: ${made.stderr}`);
    },
    /** Stops the server and keeps its data, as an outage would; `start()` brings it back at the same address. */
    halt,
    async start() {
      server = launch();
      await up();
    },
    async stop() {
      await halt();
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

/** Signs an admin in with an e-mailed code from /admin/products, and waits for the products page. */
export async function signInAdminToProducts(page, storeUrl, admin) {
  await page.goto(storeUrl + '/admin/products');
  await page.waitForURL('**/login');
  await page.getByRole('main').getByLabel('Email address').fill(admin);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByText('OTP sent to your email').waitFor();
  await page.getByLabel('One-time code (OTP)').fill(await latestCode(storeUrl, admin));
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await page.waitForURL('**/admin/products', { timeout: 10_000 });
}

/**
 * A browser context that records every Content-Security-Policy violation of
 * its pages in `context.cspViolations` (the store's own CSP header must let the
 * app, its WebAssembly and its 3D viewer run, and nothing else).
 */
export async function newContext(browser, options) {
  const context = await browser.newContext(options);
  context.cspViolations = [];
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`);
    });
  });
  context.on('console', (msg) => {
    if (msg.type() === 'error' && msg.text().startsWith('CSP violation')) context.cspViolations.push(msg.text());
  });
  return context;
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const a11yLog = join(screenshots, 'a11y.txt');
// One line per check, marked with its test file; this file's lines from an earlier run are dropped.
const suite = basename(process.argv[1] ?? 'e2e', '.test.mjs');
if (existsSync(a11yLog)) {
  const kept = readFileSync(a11yLog, 'utf8').split('\n').filter((l) => l && !l.startsWith(`[${suite}] `));
  writeFileSync(a11yLog, kept.map((l) => `${l}\n`).join(''));
}

/**
 * axe-core's WCAG 2.0/2.1 A and AA rules on the page as it is now (a page, a
 * dialog, an error state): fails on any serious or critical violation, or a
 * heading that skips a level, naming the rule and the elements. Every check is
 * listed in screenshots/a11y.txt.
 * axe is evaluated through DevTools, which the store's CSP does not govern.
 */
export async function expectAccessible(page, state) {
  // A page still fading in would have its colours measured half-transparent: wait until
  // no finite animation has run for 200 ms (a lazily loaded route starts its transition
  // some frames after the navigation resolves), 5 s at most.
  await page.evaluate(async () => {
    const deadline = performance.now() + 5000;
    let quietSince = performance.now();
    while (performance.now() - quietSince < 200 && performance.now() < deadline) {
      const running = document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity);
      if (running.length > 0) {
        await Promise.race([Promise.allSettled(running.map((a) => a.finished)), new Promise((r) => setTimeout(r, deadline - performance.now()))]);
        quietSince = performance.now();
      } else {
        await new Promise((r) => requestAnimationFrame(r));
      }
    }
  });
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const wcag = await window.axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    });
    // Headings that skip a level (a card's h3 straight after the page's h1) mislead a screen
    // reader's outline: a best practice, not WCAG, held here all the same.
    const headings = await window.axe.run(document, { runOnly: { type: 'rule', values: ['heading-order'] }, resultTypes: ['violations'] });
    return [...wcag.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'), ...headings.violations]
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
  mkdirSync(screenshots, { recursive: true });
  appendFileSync(a11yLog, `[${suite}] ${state} (${page.viewportSize()?.width ?? '?'} px): ${violations.length ? violations.join('; ') : 'no serious or critical violations, headings in order'}\n`);
  assert.deepEqual(violations, [], `accessibility of ${state}`);
}

/**
 * The page fits its viewport's width (a phone, or a desktop at 200% zoom): no
 * horizontal scrolling, and nothing sticking out past the right edge unless a
 * scrolling or clipping box holds it (a carousel's next slide, a wide table).
 */
export async function expectFits(page, state) {
  const out = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const held = (el) => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) if (getComputedStyle(a).overflowX !== 'visible') return true;
      return false;
    };
    const sticking = [...document.body.querySelectorAll('*')].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && (r.right > width + 1 || r.left < -1) && getComputedStyle(el).position !== 'fixed' && !held(el);
    });
    return { scroll: document.documentElement.scrollWidth - width, sticking: sticking.slice(0, 5).map((el) => `${el.tagName.toLowerCase()}.${el.className}`) };
  });
  assert.deepEqual(out, { scroll: 0, sticking: [] }, `${state} fits ${page.viewportSize().width} px`);
}

/**
 * axe on the page as it is now on a desktop and at 360 px (where it must also fit the phone's width), back at
 * `desktop` after.
 */
export async function expectAccessibleAtBothWidths(page, state, desktop = { width: 1280, height: 900 }) {
  await page.setViewportSize(desktop);
  await expectAccessible(page, `${state}, desktop`);
  await page.setViewportSize({ width: 360, height: 740 });
  await expectFits(page, state);
  await expectAccessible(page, `${state}, 360 px`);
  await page.setViewportSize(desktop);
}

/**
 * A fresh access token for the signed-in page's session, taken as the page
 * would after a reload: from the HttpOnly refresh cookie the context holds
 * (context.request shares the context's cookies, so the page's next renewal
 * uses the rotated one).
 */
export async function sessionToken(context, storeUrl) {
  const res = await context.request.post(`${storeUrl}/api/auth/refresh`, { data: {} });
  const body = await res.json();
  if (!res.ok()) throw new Error(`refresh failed: ${JSON.stringify(body)}`);
  return body.data.accessToken;
}

/** A field of the checkout's shipping address. */
export const shippingField = (page, label) => page.getByRole('group', { name: 'Shipping address' }).getByLabel(label);

/** Fills the shipping form; the pincode lookup must fill city and state by itself. */
export async function fillShipping(page) {
  await page.getByRole('button', { name: 'Place Order' }).waitFor();
  // As pasted from a contact card: the +91 and the space are dropped.
  await shippingField(page, 'Phone number').fill('+91 98765 43210');
  await shippingField(page, 'Address line 1').fill('12 Janpath');
  await shippingField(page, 'Address line 2 (optional)').fill('Connaught Place');
  await shippingField(page, 'Pincode').pressSequentially('110001');
  await page.waitForFunction(() => (document.getElementById('shipping-city')?.value ?? '') !== '', null, { timeout: 5_000 });
  assert.equal(await shippingField(page, 'City').inputValue(), 'New Delhi');
  assert.equal(await shippingField(page, 'State').inputValue(), 'Delhi');
  assert.equal(await shippingField(page, 'Phone number').inputValue(), '9876543210');
}

/**
 * Registers a new shopper through the login page (e-mail, the code from the
 * dev outbox, name and mobile) and waits for the redirect to /products. Each
 * shopper needs their own mobile number.
 */
export async function signUpWithCode(page, storeUrl, { name, mobile }) {
  const email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Date.now()}@example.com`;
  await page.goto(storeUrl + '/login');
  await page.getByRole('main').getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByText('OTP sent to your email').waitFor();
  await page.getByLabel('One-time code (OTP)').fill(await latestCode(storeUrl, email));
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await page.getByText('Enter your details to continue').waitFor();
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Mobile number').fill(mobile);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/products', { timeout: 10_000 });
  return email;
}

/** Creates an account through the API (name, e-mail, password); the server mails a verification link. */
export async function registerAccount(storeUrl, { name, email, password }) {
  const res = await fetch(`${storeUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, email, password }),
  });
  const body = await res.json();
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

/** Signs an existing account in on the login page the browser is on, with an e-mail code from the dev outbox. */
export async function signInWithCode(page, storeUrl, email) {
  await page.getByRole('main').getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByText('OTP sent to your email').waitFor();
  await page.getByLabel('One-time code (OTP)').fill(await latestCode(storeUrl, email));
  await page.getByRole('button', { name: 'Verify and continue' }).click();
}

/**
 * The link the store last e-mailed to an address for `path` ('/verify-email'
 * or '/reset-password'), as path and query (the mail's base URL, if any, dropped).
 */
export async function mailedLink(storeUrl, to, path) {
  const pattern = new RegExp(`${path.replace(/[/-]/g, '\\$&')}\\?token=[0-9A-Za-z_-]+`);
  for (let i = 0; i < 50; i++) {
    const res = await fetch(`${storeUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`);
    const messages = (await res.json()).data ?? [];
    for (const m of messages) {
      const found = String(m.body ?? '').match(pattern);
      if (found) return found[0];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no ${path} link mailed to ${to}`);
}

/**
 * A new browser context for an existing account, signed in on the way to
 * `path`: the page is sent to /login, signs in with an e-mail code and is
 * brought back to `path`.
 */
export async function signedInContext(browser, storeUrl, path, email, options = { viewport: { width: 1280, height: 900 } }) {
  const context = await newContext(browser, options);
  const page = await context.newPage();
  await page.goto(storeUrl + path);
  await page.waitForURL('**/login');
  await signInWithCode(page, storeUrl, email);
  await page.waitForURL((u) => u.pathname === path, { timeout: 10_000 });
  return { context, page };
}

/** A call to the running store's API (the bearer token when given): its `data`, or a failed assertion naming the answer. */
export async function call(method, path, token, body) {
  const res = await fetch(`${store.url}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await res.json();
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/**
 * An order of 25 plain tees (size M) in `color` to 12 Janpath, New Delhi,
 * paid through the test provider's signed outcome and verified as the
 * checkout page does; the order as GET /orders lists it.
 */
export async function payForTees(token, { email, fullName, color = 'white' }) {
  const tee = (await call('GET', '/products')).find((p) => p.name === 'T-Shirt Normal');
  await call('POST', '/cart/items', token, { productId: tee._id, color, quantity: { m: 25 } });
  const cart = await call('GET', '/cart', token);
  const address = { email, fullName, phone: '9876543210', addressLine1: '12 Janpath', city: 'New Delhi', state: 'Delhi', zipCode: '110001' };
  const created = await call('POST', '/payments/create-order', token, { amount: cart.totalPrice, receipt: `r-${Date.now()}-${color}`, shippingAddress: address, sameAsShipping: true });
  const { razorpayOrderId, razorpayPaymentId, razorpaySignature } = await call('POST', '/payments/test/complete', token, { orderId: created.orderId });
  await call('POST', '/payments/verify', token, { razorpayOrderId, razorpayPaymentId, razorpaySignature });
  const [order] = await call('GET', '/orders', token);
  return order;
}

/** A shopper registered through the API with one paid order of 25 tees: their e-mail, token and the order. */
export async function shopperWithPaidOrder(fullName) {
  const email = `${fullName.split(' ')[0].toLowerCase()}-${Date.now()}@example.com`;
  const { accessToken: token } = await registerAccount(store.url, { name: fullName, email, password: 'correct horse battery' });
  const order = await payForTees(token, { email, fullName });
  return { email, token, order };
}

/** Opens an order's details from the admin's orders list, reloaded (fresh from the server); the dialog. */
export async function openOrderDetails(page, number) {
  await page.reload();
  const row = page.getByTestId('admin-order-row').filter({ hasText: number });
  await row.getByRole('button', { name: `Actions for order ${number}` }).click();
  await page.getByRole('menuitem', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: 'Order Details' });
  await details.getByRole('heading', { name: 'Proof' }).waitFor();
  return details;
}

/**
 * On /login: the phone form for `mobile`, the code `code()` reads (the dev outbox, or an SMS provider's stand-in),
 * and the way to /products. `state` names the screenshots and checks; 'phone' checks the 360 px fit, 'desktop'
 * tries a wrong code first.
 */
export async function signInByPhone(page, { mobile, state, code: readCode }) {
  await page.goto(store.url + '/login');
  await page.getByRole('button', { name: 'Sign in with a phone code instead' }).click();
  const field = page.getByRole('main').getByLabel('Mobile number');
  await field.fill(`+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`);
  assert.equal(await field.inputValue(), mobile, 'the +91 and the spaces are dropped');
  await expectAccessible(page, `${state}: phone sign-in, the number`);
  if (state === 'phone') await expectFits(page, 'phone sign-in, the number');
  await page.getByRole('button', { name: 'Send code by SMS' }).click();
  await page.getByText('OTP sent to your phone').waitFor();
  await page.getByText(`+91 ${mobile}`).waitFor();
  await expectAccessible(page, `${state}: phone sign-in, the code`);
  if (state === 'phone') await expectFits(page, 'phone sign-in, the code');
  await page.screenshot({ path: join(screenshots, `phone-signin-${state}.png`), fullPage: true, animations: 'disabled' });
  const code = await readCode();
  if (state === 'desktop') {
    // A wrong code first: the server's message, still on the code step, nobody signed in.
    await page.getByLabel('One-time code (OTP)').fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    assert.equal(await alert.textContent(), 'Wrong OTP');
    await expectAccessible(page, 'phone sign-in, a wrong code');
    assert.equal(new URL(page.url()).pathname, '/login');
  }
  await page.getByLabel('One-time code (OTP)').fill(code);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await page.getByText('Login successful').waitFor();
  await page.waitForURL('**/products', { timeout: 10_000 });
}

/** An account whose profile holds `mobile`, proven with the code `code()` reads, as the profile page does it; its e-mail. */
export async function customerWithMobile(mobile, readCode) {
  const email = `ravi-${Date.now()}@example.com`;
  const { accessToken } = await registerAccount(store.url, { name: 'Ravi Kumar', email, password: 'correct horse battery' });
  await call('POST', '/auth/otp/phone/send', undefined, { phone: mobile });
  const profile = await call('PUT', '/users/profile', accessToken, { name: 'Ravi Kumar', phone: mobile, phoneCode: await readCode() });
  assert.equal(profile.phone, mobile);
  return email;
}

/**
 * Presses Tab (Shift+Tab with `back`) until `target` has the focus, as a
 * keyboard user would, and checks that the focus can be seen (an outline or a ring).
 */
export async function tabTo(page, target, { back = false } = {}) {
  const el = await target.elementHandle();
  for (let i = 0; i < 80; i++) {
    if (await el.evaluate((e) => e === document.activeElement)) {
      // A ring on the element, or on the box around it (a phone number's +91 prefix and field).
      const visible = await el.evaluate((e) => {
        const ring = (n) => {
          const s = getComputedStyle(n);
          return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none';
        };
        return e.matches(':focus-visible') && (ring(e) || ring(e.parentElement));
      });
      assert.ok(visible, `the focus on ${await target.evaluate((e) => e.outerHTML.slice(0, 120))} is visible`);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}
