// An admin's second factor in a real Chromium against the real store, as in
// production (ADMIN_TOTP=on; dev mode leaves it off): made with the server's
// `create-admin`, the admin signs in with an e-mail code, sets up an
// authenticator app from the QR code's key (the code made here as the app
// makes it, RFC 6238), keeps the recovery codes and reaches the admin panel;
// the next sign-in takes a recovery code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { join } from 'node:path';
import { browser, expectAccessible, newContext, screenshots, signInWithCode, store, withStore } from './harness.mjs';

process.env.ADMIN_TOTP = 'on';
withStore();

const ADMIN = 'boss@example.com';

function base32(secret) {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out = [];
  for (const c of secret.replace(/[\s=]/g, '').toUpperCase()) {
    value = (value << 5) | alphabet.indexOf(c);
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out.push((value >>> bits) & 0xff);
      value &= (1 << bits) - 1;
    }
  }
  return Buffer.from(out);
}

/** The authenticator app's code now (SHA-1, 6 digits, 30 s). */
function appCode(secret) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const at = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(at) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

test('an admin sets up an authenticator app on the first sign-in, then signs in with a recovery code', async () => {
  store.createAdmin(ADMIN);
  const context = await newContext(browser, { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${store.url}/admin/orders`);
  await page.waitForURL('**/login');
  await signInWithCode(page, store.url, ADMIN);
  await page.getByText('Set up your authenticator app to finish signing in').waitFor();
  assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Second factor');
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();

  const qr = page.getByRole('img', { name: /QR code for setting up your authenticator app/ });
  await qr.waitFor();
  const drawn = await qr.evaluate((img) => img.complete && img.naturalWidth > 0);
  assert.ok(drawn, 'the QR code is drawn');
  const secret = (await page.getByLabel('Setup key').textContent()).replace(/\s/g, '');
  assert.match(secret, /^[A-Z2-7]{32}$/);
  const recovery = await page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
  assert.equal(recovery.length, 10);
  await page.screenshot({ path: join(screenshots, 'second-factor-enrol.png'), fullPage: true });
  await expectAccessible(page, 'second factor, enrolment');

  await page.getByLabel('6-digit code from your app').fill('000000' === appCode(secret) ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await page.getByText('Wrong code.', { exact: false }).waitFor();
  await page.getByLabel('6-digit code from your app').fill(appCode(secret));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await page.waitForURL('**/admin/orders');
  await page.getByRole('heading', { name: /Orders/ }).first().waitFor();
  await context.close();

  // The next sign-in asks for a code; a recovery code does, once.
  const again = await newContext(browser, { viewport: { width: 390, height: 844 } });
  const phone = await again.newPage();
  await phone.goto(`${store.url}/admin/orders`);
  await phone.waitForURL('**/login');
  await signInWithCode(phone, store.url, ADMIN);
  await phone.getByText('Enter the code from your authenticator app').waitFor();
  await expectAccessible(phone, 'second factor, code');
  await phone.getByLabel('Authentication code').fill(recovery[0]);
  await phone.screenshot({ path: join(screenshots, 'second-factor-code.png'), fullPage: true });
  await phone.getByRole('button', { name: 'Verify and sign in' }).click();
  await phone.getByText('Login successful. You have 9 recovery codes left.').waitFor();
  await phone.waitForURL('**/admin/orders');
  await again.close();
});
