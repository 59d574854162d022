// WhatsApp updates for a shopper who reads Hindi, in a real Chromium on a 360 px phone against the real store:
// she switches to Hindi from the menu, designs a shirt in the studio, checks out with WhatsApp updates ticked for
// the number shown, and pays; the admin sends a proof; the WhatsApp message (the dev outbox's, in Hindi) carries a
// link that opens the proof without signing in, approves it once, and refuses a second use. axe finds nothing on
// the Hindi pages at 360 px, and no English word is left on them but the data's own.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { browser, call, expectAccessible, expectFits, newContext, screenshots, sessionToken, signedInContext, signUpWithCode, store, withStore } from './harness.mjs';

withStore();

const PRODUCT = '64f1a2b3c4d5e6f708190a05';
const MOBILE = '9876500072';
const ADMIN = 'admin@example.com';
const PHONE = { viewport: { width: 360, height: 740 } };

/** English words (three Latin letters or more) in the page's main part and its labels, `allowed` aside. */
async function englishOn(page, allowed) {
  const words = await page.evaluate(() => {
    const main = document.querySelector('main');
    const texts = [main.innerText];
    for (const el of main.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) texts.push(el.getAttribute(name) ?? '');
    }
    return texts.join(' ').match(/[A-Za-z]{3,}/g) ?? [];
  });
  return [...new Set(words.filter((w) => !allowed.test(w)))];
}

/** The messages the dev outbox holds for `to` on `channel`, newest first. */
async function outbox(to, channel) {
  const res = await fetch(`${store.url}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return (await res.json()).data.filter((m) => m.channel === channel);
}

test('a shopper in Hindi designs, checks out with WhatsApp updates and approves the proof from its link', async () => {
  // India's quiet hours (21:00-09:00) would hold the messages: the store's clock stands at noon in India.
  const now = Date.now();
  const noonIst = new Date(now + 5.5 * 3_600_000);
  noonIst.setUTCHours(12, 0, 0, 0);
  const offsetMs = noonIst.getTime() - 5.5 * 3_600_000 - now;
  await fetch(`${store.url}/api/dev/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ offsetMs }) });

  const context = await newContext(browser, PHONE);
  const page = await context.newPage();
  await signUpWithCode(page, store.url, { name: 'Meena Rawat', mobile: MOBILE });

  // Hindi, from the menu a phone keeps the links in.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: /Read in Hindi/ }).click();
  await page.getByRole('heading', { name: 'सभी उत्पाद' }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'hi-IN');

  // The studio: a text, then 25 pieces of size M.
  await page.goto(`${store.url}/design?productId=${PRODUCT}`);
  const addText = page.getByRole('button', { name: 'टेक्स्ट जोड़ें' });
  await addText.waitFor({ timeout: 60_000 });
  await page.getByLabel('टेक्स्ट', { exact: true }).fill('RAWAT XI');
  await addText.click();
  await page.getByText('टेक्स्ट जुड़ गया').waitFor();
  const quantity = page.locator('aside.panel input').nth(1);
  await quantity.fill('25');
  await quantity.blur();
  await page.getByTestId('add-to-cart').click();
  await page.waitForURL('**/cart', { timeout: 30_000 });
  await page.getByRole('heading', { name: 'आपका कार्ट' }).waitFor();

  // Checkout: the WhatsApp box, unticked, names the number the updates go to.
  await page.getByRole('button', { name: 'चेकआउट करें' }).click();
  await page.getByRole('heading', { name: 'चेकआउट' }).waitFor();
  await page.locator('#shipping-phone').fill(MOBILE);
  await page.locator('#shipping-addressLine1').fill('12 Janpath');
  await page.locator('#shipping-pincode').pressSequentially('110001');
  await page.waitForFunction(() => (document.getElementById('shipping-city')?.value ?? '') !== '', null, { timeout: 5_000 });
  const whatsapp = page.getByRole('checkbox', { name: new RegExp(`व्हाट्सऐप पर ${MOBILE}`) });
  assert.equal(await whatsapp.isChecked(), false, 'no consent unless ticked');
  await whatsapp.check();
  await expectAccessible(page, 'checkout in Hindi with WhatsApp updates, 360 px');
  await expectFits(page, 'checkout in Hindi, 360 px');
  await page.getByRole('button', { name: 'ऑर्डर करें' }).click();
  const popup = page.getByRole('dialog', { name: 'टेस्ट भुगतान' });
  await popup.getByRole('button', { name: /का भुगतान करें \(टेस्ट\)/ }).click();
  await page.getByRole('heading', { name: 'ऑर्डर सफलतापूर्वक हो गया!' }).waitFor();
  const number = (await page.getByTestId('order-number').textContent()).trim();

  // The confirmation goes by WhatsApp, in Hindi (the worker sends within seconds).
  let confirmed = [];
  for (let i = 0; i < 60 && confirmed.length === 0; i++) {
    confirmed = (await outbox(MOBILE, 'whatsapp')).filter((m) => m.body.includes(number));
    if (confirmed.length === 0) await new Promise((r) => setTimeout(r, 500));
  }
  assert.ok(confirmed.length === 1 && /[\u0900-\u097F]/.test(confirmed[0].body), JSON.stringify(confirmed));

  // The admin sends a proof; the WhatsApp message carries its link.
  store.createAdmin(ADMIN);
  const admin = await signedInContext(browser, store.url, '/admin/orders', ADMIN);
  const adminToken = await sessionToken(admin.context, store.url);
  const shopperToken = await sessionToken(context, store.url);
  const order = (await call('GET', '/orders', shopperToken)).find((o) => o.orderNumber === number);
  await call('POST', `/orders/${order._id}/proofs`, adminToken, { note: 'नाम सामने बाईं ओर' });
  let link;
  for (let i = 0; i < 60 && !link; i++) {
    const proofReady = (await outbox(MOBILE, 'whatsapp')).find((m) => m.body.includes('/proof/'));
    // PUBLIC_URL's origin before it in production; this store has none set.
    link = proofReady?.body.match(/\/proof\/[A-Za-z0-9_.-]+[A-Za-z0-9]/)?.[0];
    if (!link) await new Promise((r) => setTimeout(r, 500));
  }
  assert.ok(link, 'the proof-ready message carries a link');
  await admin.context.close();

  // The link opens on a phone that is signed in to nothing, in Hindi, and approves once.
  const visitor = await newContext(browser, PHONE);
  await visitor.addInitScript(() => localStorage.setItem('store.language', 'hi'));
  const proof = await visitor.newPage();
  await proof.goto(store.url + link);
  await proof.getByRole('heading', { name: 'आपका प्रूफ़' }).waitFor();
  await proof.getByText('नाम सामने बाईं ओर', { exact: false }).waitFor();
  await expectAccessible(proof, 'the proof link in Hindi, 360 px');
  await expectFits(proof, 'the proof link in Hindi, 360 px');
  const data = new RegExp(`^(${number.split(/[^A-Za-z]+/).filter(Boolean).join('|') || 'LT'}|PDF)$`);
  assert.deepEqual(await englishOn(proof, data), [], 'no English on the proof page');
  await proof.screenshot({ path: join(screenshots, 'proof-link-hindi-phone.png'), fullPage: true });
  await proof.getByRole('button', { name: 'प्रूफ़ स्वीकार करें' }).click();
  await proof.getByText('प्रूफ़ स्वीकार हो गया। आपका ऑर्डर छपाई में जाता है।').waitFor();
  assert.deepEqual(await englishOn(proof, data), [], 'no English once approved');

  // The order is approved; the link does not work twice.
  const proofs = await call('GET', `/orders/${order._id}/proofs`, shopperToken);
  assert.equal(proofs.proofState, 'approved');
  await proof.reload();
  await proof.getByText('यह लिंक पहले ही इस्तेमाल हो चुका है। अपना ऑर्डर देखने के लिए साइन इन करें।').waitFor();
  await visitor.close();
  await context.close();
});
