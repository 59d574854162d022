// Phone sign-in as production runs it: the store started as plain `api serve`
// (test providers off, so no dev outbox), SMS_PROVIDER=msg91 pointed at a
// local stand-in of MSG91's Flow API. The real client sends the codes; the
// customer proves a number on their profile and signs in with a code on a
// phone, in Chromium, reading the codes where MSG91 would deliver them.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { browser, customerWithMobile, newContext, signInByPhone, store, withStore } from './harness.mjs';
import { AUTH_KEY, TEMPLATE_ID, startMsg91 } from './msg91-standin.mjs';

const MOBILE = '9812345671';
const sms = await startMsg91();
after(() => sms.close());

withStore({
  production: true,
  env: {
    SMS_PROVIDER: 'msg91',
    MSG91_AUTH_KEY: AUTH_KEY,
    MSG91_TEMPLATE_ID: TEMPLATE_ID,
    MSG91_API_BASE: sms.base,
    COMPANY_NAME: 'Legacy Threads',
    COMPANY_ADDRESS: '12 MG Road, Bengaluru, Karnataka 560001, India',
    COMPANY_GSTIN: '29ABCDE1234F1ZW',
  },
});

test('in production a customer signs in with a code MSG91 delivered', async () => {
  // Production: the dev outbox does not exist.
  assert.equal((await fetch(`${store.url}/api/dev/outbox?to=${MOBILE}`)).status, 404);
  const email = await customerWithMobile(MOBILE, () => sms.codeFor(MOBILE));
  const context = await newContext(browser, { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const page = await context.newPage();
  await signInByPhone(page, { mobile: MOBILE, state: 'production', code: () => sms.codeFor(MOBILE) });
  await page.goto(store.url + '/user/profile');
  await page.getByTestId('member-since').waitFor();
  assert.equal(await page.getByRole('main').getByLabel('Email', { exact: true }).inputValue(), email);
  assert.deepEqual(context.cspViolations, []);
  await context.close();
  // Two messages through MSG91's shape (the profile's proof, the sign-in), a fresh code each, nothing refused.
  assert.equal(sms.accepted.length, 2);
  assert.equal(sms.refused, 0);
  assert.notEqual(sms.accepted[0].recipients[0].otp, sms.accepted[1].recipients[0].otp);
  assert.ok(sms.accepted.every((b) => b.recipients[0].mobiles === `91${MOBILE}` && /^\d{6}$/.test(b.recipients[0].otp)));
});
