// Sessions in a real Chromium against the real store: a refresh whose answer
// was lost (the server rotated the token, the page reloaded before the new
// cookie arrived) keeps the shopper signed in, and so do page loads that cut
// each other's refresh off straight after a new customer's sign-up.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browser, latestCode, newContext, signUpWithCode, store, withStore } from './harness.mjs';

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

// A new customer who completes the details step and at once opens another
// page, three times in a row (each load starting its refresh while the last
// one's is in flight, or while the details step's answer is): still signed
// in, so the admin page sends them home rather than to /login.
for (const pause of [0, 1000]) {
  test(`pages opened ${pause ? 'a second' : 'at once'} after the details step keep a new customer signed in`, async () => {
    const context = await newContext(browser, { viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const seen = [];
    page.on('requestfinished', async (r) => {
      if (r.url().includes('/api/auth')) seen.push(`${r.method()} ${new URL(r.url()).pathname} ${(await r.response())?.status()}`);
    });
    page.on('requestfailed', (r) => {
      if (r.url().includes('/api/auth')) seen.push(`${r.method()} ${new URL(r.url()).pathname} failed ${r.failure()?.errorText}`);
    });
    page.on('framenavigated', (f) => f === page.mainFrame() && seen.push(`nav ${f.url()}`));
    const email = `rushed-${pause}-${Date.now()}@example.com`;
    await page.goto(store.url + '/login');
    await page.getByRole('main').getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.getByText('OTP sent to your email').waitFor();
    await page.getByLabel('One-time code (OTP)').fill(await latestCode(store.url, email));
    await page.getByRole('button', { name: 'Verify and continue' }).click();
    await page.getByText('Enter your details to continue').waitFor();
    await page.getByLabel('Full name').fill('Rushed Customer');
    await page.getByLabel('Mobile number').fill(`98765${String(10000 + pause).slice(-5)}`);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Registration successful! Logging you in...').waitFor();
    if (pause) await page.waitForTimeout(pause);
    for (let i = 0; i < 3; i++) await page.goto(store.url + '/admin/orders');
    await page.waitForURL((url) => !url.pathname.startsWith('/admin'), { timeout: 10_000 });
    await page.waitForLoadState('networkidle');
    assert.equal(new URL(page.url()).pathname, '/', `landed on ${page.url()}\n${seen.join('\n')}`);
    await context.close();
  });
}
