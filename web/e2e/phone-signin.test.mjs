// Sign-in by a phone code in a real Chromium against the real store (dev
// mode: the SMS is read back from the dev outbox, as e-mailed codes are; the
// MSG91 client itself is tested against its stand-in in api/tests/all/sms.rs).
// A customer proves a mobile number on their profile, then signs in with a
// code sent to it, on a desktop (a wrong code first) and on a phone; each new
// step passes axe and fits the phone. (Three sends: the number's limit.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { browser, call, expectAccessible, expectFits, latestCode, newContext, registerAccount, screenshots, store, withStore } from './harness.mjs';

withStore();

const MOBILE = '9812345670';
const PHONE = { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** An account whose profile holds MOBILE, proven with the code sent to it (as the profile page does it). */
async function customerWithMobile() {
  const email = `ravi-${Date.now()}@example.com`;
  const { accessToken } = await registerAccount(store.url, { name: 'Ravi Kumar', email, password: 'correct horse battery' });
  await call('POST', '/auth/otp/phone/send', undefined, { phone: MOBILE });
  const profile = await call('PUT', '/users/profile', accessToken, { name: 'Ravi Kumar', phone: MOBILE, phoneCode: await latestCode(store.url, MOBILE) });
  assert.equal(profile.phone, MOBILE);
  return email;
}

/** On /login: the phone form, the code from the outbox, and the way to /products. */
async function signInByPhone(page, state) {
  await page.goto(store.url + '/login');
  await page.getByRole('button', { name: 'Sign in with a phone code instead' }).click();
  const mobile = page.getByRole('main').getByLabel('Mobile number');
  await mobile.fill(`+91 ${MOBILE.slice(0, 5)} ${MOBILE.slice(5)}`);
  assert.equal(await mobile.inputValue(), MOBILE, 'the +91 and the spaces are dropped');
  await expectAccessible(page, `${state}: phone sign-in, the number`);
  if (state === 'phone') await expectFits(page, 'phone sign-in, the number');
  await page.getByRole('button', { name: 'Send code by SMS' }).click();
  await page.getByText('OTP sent to your phone').waitFor();
  await page.getByText(`+91 ${MOBILE}`).waitFor();
  await expectAccessible(page, `${state}: phone sign-in, the code`);
  if (state === 'phone') await expectFits(page, 'phone sign-in, the code');
  await page.screenshot({ path: join(screenshots, `phone-signin-${state}.png`), fullPage: true, animations: 'disabled' });
  const code = await latestCode(store.url, MOBILE);
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

test('a customer signs in with a code sent to their proven mobile number', async () => {
  const email = await customerWithMobile();
  for (const [state, options] of [
    ['desktop', { viewport: { width: 1280, height: 900 } }],
    ['phone', PHONE],
  ]) {
    const context = await newContext(browser, options);
    const page = await context.newPage();
    await signInByPhone(page, state);
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
