// The sign-in pages, the links from the store's e-mails and the customer's account pages in Hindi, in a real
// Chromium against the real store: each page's main part reads Hindi with no English word left (the customer's own
// name and e-mail, and the words kept as they are: OTP, SMS), and signing in by an e-mail code works in Hindi.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browser, expectAccessible, latestCode, newContext, registerAccount, store, withStore } from './harness.mjs';

withStore();

const KEPT = ['OTP', 'SMS', 'English'];

/** The Latin words of three letters or more left in the page's main part, except the allowed ones. */
async function englishLeft(page, allowed = []) {
  const text = await page.getByRole('main').evaluate((main) => {
    const texts = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) texts.push(walker.currentNode.textContent);
    for (const el of main.querySelectorAll('[aria-label], [placeholder], [alt], [title]'))
      for (const name of ['aria-label', 'placeholder', 'alt', 'title']) texts.push(el.getAttribute(name) ?? '');
    return texts.join(' ');
  });
  return (text.match(/[A-Za-z]{3,}/g) ?? []).filter((w) => ![...KEPT, ...allowed].includes(w));
}

/** A browser whose shopper chose Hindi (as the bar's switch keeps it). */
async function hindiContext() {
  const context = await newContext(browser, { viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => localStorage.setItem('store.language', 'hi'));
  return context;
}

test('a visitor reads the sign-in pages and the e-mailed links in Hindi', async () => {
  const context = await hindiContext();
  const page = await context.newPage();
  await page.goto(store.url + '/login');
  await page.getByRole('heading', { level: 1, name: 'साइन इन' }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'hi-IN');
  assert.deepEqual(await englishLeft(page), [], '/login');
  await expectAccessible(page, 'login in Hindi');
  await page.getByRole('button', { name: 'इसके बजाय फ़ोन कोड से साइन इन करें' }).click();
  await page.getByRole('button', { name: 'SMS से कोड भेजें' }).waitFor();
  assert.deepEqual(await englishLeft(page), [], '/login, phone');

  const pages = [
    ['/forgot-password', 'पासवर्ड भूल गए?'],
    ['/reset-password', 'नया पासवर्ड सेट करें'],
    ['/verify-email', 'ई-मेल पुष्ट नहीं हुआ'],
    ['/unlock-second-factor', 'दूसरा फ़ैक्टर अनलॉक नहीं हुआ'],
    ['/newsletter/confirm', 'सदस्यता की पुष्टि नहीं हुई'],
    ['/support/lookup', 'सहायता टिकट ट्रैक करें'],
    [`/g/${'b'.repeat(32)}`, 'यह ग्रुप ऑर्डर लिंक मान्य नहीं है'],
  ];
  for (const [path, heading] of pages) {
    await page.goto(store.url + path);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    // The unlock page names the command an admin runs on the server, as it is typed. The lookup's number is shown
    // in its own form (GRV/…); its e-mail field is the shared LookupForm's (translated with the order tracking).
    const allowed = {
      '/unlock-second-factor': ['api', 'reset', 'second', 'factor', 'email', 'unlock'],
      '/support/lookup': ['GRV', 'mail', 'address'],
    }[path] ?? [];
    assert.deepEqual(await englishLeft(page, allowed), [], path);
  }
  await context.close();
});

test('a customer signs in by an e-mail code in Hindi and reads the account pages in Hindi', async () => {
  const email = `meena-${Date.now()}@example.com`;
  await registerAccount(store.url, { name: 'Meena Iyer', email, password: 'correct horse battery' });
  const context = await hindiContext();
  const page = await context.newPage();
  await page.goto(store.url + '/user/profile');
  await page.waitForURL('**/login');
  await page.getByText('माँगा गया पेज देखने के लिए कृपया लॉग इन करें').waitFor();
  await page.getByRole('main').getByLabel('ई-मेल पता').fill(email);
  await page.getByRole('button', { name: 'कोड भेजें' }).click();
  await page.getByText('आपके ई-मेल पर OTP भेज दिया गया है').waitFor();
  await page.getByLabel('वन-टाइम कोड (OTP)').fill(await latestCode(store.url, email));
  await page.getByRole('button', { name: 'पुष्टि करें और आगे बढ़ें' }).click();
  await page.waitForURL((u) => u.pathname === '/user/profile', { timeout: 10_000 });

  const mine = ['Meena', 'Iyer', email.split('@')[0].split('-')[0], 'example', 'com'];
  await page.getByRole('heading', { level: 1, name: 'मेरी प्रोफ़ाइल' }).waitFor();
  assert.equal(await page.getByRole('radio', { name: 'हिन्दी' }).isChecked(), true);
  assert.deepEqual(await englishLeft(page, mine), [], '/user/profile');
  await expectAccessible(page, 'profile in Hindi');

  const pages = [
    ['/user', 'फिर से स्वागत है, Meena Iyer!'],
    ['/user/addresses', 'मेरे पते'],
    ['/user/saved-designs', 'सेव किए गए डिज़ाइन'],
    ['/user/quotes', 'कोटेशन'],
    ['/account/group-orders', 'ग्रुप ऑर्डर'],
    ['/account/support', 'सहायता'],
  ];
  for (const [path, heading] of pages) {
    await page.goto(store.url + path);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    // Each page's content has arrived (no loading text left).
    await page.getByRole('main').getByRole('status').filter({ hasText: 'लोड' }).waitFor({ state: 'detached' });
    assert.deepEqual(await englishLeft(page, mine), [], path);
  }

  // The profile's choice switches back to English at once.
  await page.goto(store.url + '/user/profile');
  await page.getByRole('radio', { name: 'English' }).check();
  await page.getByRole('heading', { level: 1, name: 'My Profile' }).waitFor();
  assert.equal(await page.evaluate(() => localStorage.getItem('store.language')), 'en');
  await context.close();
});
