// Sign-in by a phone code in a real Chromium against the real store (dev
// mode: the SMS is read back from the dev outbox, as e-mailed codes are; the
// production path, through MSG91's client, is phone-signin-production.test.mjs).
// A customer proves a mobile number on their profile, then signs in with a
// code sent to it, on a desktop (a wrong code first) and on a phone; each new
// step passes axe and fits the phone. (Three sends: the number's limit.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browser, customerWithMobile, latestCode, newContext, signInByPhone, store, withStore } from './harness.mjs';

withStore();

const MOBILE = '9812345670';
const PHONE = { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

test('a customer signs in with a code sent to their proven mobile number', async () => {
  const email = await customerWithMobile(MOBILE, () => latestCode(store.url, MOBILE));
  for (const [state, options] of [
    ['desktop', { viewport: { width: 1280, height: 900 } }],
    ['phone', PHONE],
  ]) {
    const context = await newContext(browser, options);
    const page = await context.newPage();
    await signInByPhone(page, { mobile: MOBILE, state, code: () => latestCode(store.url, MOBILE) });
    // Signed in as that account: its profile, with the number.
    await page.goto(store.url + '/user/profile');
    await page.getByTestId('member-since').waitFor();
    const main = page.getByRole('main');
    assert.equal(await main.getByLabel('Email', { exact: true }).inputValue(), email);
    assert.equal(await main.getByLabel('Mobile number').inputValue(), MOBILE);
    assert.deepEqual(context.cspViolations, []);
    await context.close();
  }
});
