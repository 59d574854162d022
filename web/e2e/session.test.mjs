// Sessions in a real Chromium against the real store: a refresh whose answer
// was lost (the server rotated the token, the page reloaded before the new
// cookie arrived) keeps the shopper signed in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browser, newContext, signUpWithCode, store, withStore } from './harness.mjs';

withStore();

test('a reload that cuts a refresh off keeps the shopper signed in', async () => {
  const context = await newContext(browser, { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signUpWithCode(page, store.url, { name: 'Ravi Reload', mobile: '9876500077' });
  // The refresh reaches the server, which rotates the token; its answer (the
  // new cookie) never reaches the browser, which keeps the spent one.
  const [spent] = (await context.cookies()).filter((c) => c.name === 'refresh_token');
  assert.ok(spent, 'signed in with a refresh cookie');
  const lost = await fetch(`${store.url}/api/auth/refresh`, {
    method: 'POST',
    headers: { cookie: `refresh_token=${spent.value}`, 'content-type': 'application/json' },
    body: '{}',
  });
  assert.equal(lost.status, 200);
  // The reload presents the spent token: still signed in, with a new cookie.
  await page.goto(store.url + '/user');
  await page.getByRole('heading', { name: 'Welcome back, Ravi Reload!' }).waitFor();
  assert.ok(page.url().endsWith('/user'), page.url());
  const [now] = (await context.cookies()).filter((c) => c.name === 'refresh_token');
  assert.notEqual(now.value, spent.value, 'the cookie rotated');
  // And the session goes on: another reload refreshes with the new cookie.
  await page.reload();
  await page.getByRole('heading', { name: 'Welcome back, Ravi Reload!' }).waitFor();
  await context.close();
});
