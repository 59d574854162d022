// A group order whose members pay for their own piece, in a real Chromium
// against the real store: the organiser starts it from a saved design with
// the address every piece ships to; two members open the link in their own
// browsers (one on a 360 px phone), join and pay through the test provider;
// the one on the phone withdraws after paying and is told of the refund; the
// organiser sees the paid markers, tops up the rest to 25, pays for the
// top-ups the same way, and closes: the group is placed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { browser, call, expectAccessible, expectFits, newContext, registerAccount, screenshots, sessionToken, signedInContext, signInWithCode, store, withStore } from './harness.mjs';

withStore();

const shot = (page, name) => page.screenshot({ path: join(screenshots, name), fullPage: true, animations: 'disabled' });
const TITLE = 'Chess Club 2026';
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const inr = (paise) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100);
const REFUNDED = 'You have withdrawn from the group order: your payment is being refunded';

/** A saved tee with the club's name on the back; its id. */
async function clubTee(token, productId) {
  const design = {
    version: 1,
    productId,
    color: 'white',
    areas: { leftChest: { text: null, image: null }, back: { text: { text: 'Chess Club', font: 'Georgia', size: 24, color: '#111111', position: { x: 50, y: 30 } }, image: null } },
    quantities: { s: 0, m: 0, l: 0, xl: 0, xxl: 0 },
    materialQuality: 'Premium',
    printQuality: 'High',
  };
  return (await call('POST', '/designs', token, { name: 'Club tee', design }))._id;
}

/** Phone, first address line and pincode in a contact-and-address group (its lookup fills city and state). */
async function fillAddress(group, page, { phone, line1, pincode, state }) {
  await group.getByLabel('Phone number').fill(phone);
  await group.getByLabel('Address line 1').fill(line1);
  await group.getByLabel('Pincode').pressSequentially(pincode);
  const id = await group.getByLabel('State').getAttribute('id');
  await page.waitForFunction(({ id, want }) => document.getElementById(id)?.value === want, { id, want: state }, { timeout: 5_000 });
  assert.notEqual(await group.getByLabel('City').inputValue(), '');
}

/** A member's browser on the link, signed in through it (the account made by the API) and brought back. */
async function memberAt(link, name, options) {
  const email = `${name.split(' ')[0].toLowerCase()}-${Date.now()}@example.com`;
  await registerAccount(store.url, { name, email, password: 'correct horse battery' });
  const context = await newContext(browser, options);
  const page = await context.newPage();
  await page.goto(link);
  await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
  return { context, page, email };
}

async function signInFromLink(page, link, email) {
  await page.getByRole('link', { name: 'Sign in to join' }).click();
  await page.waitForURL('**/login');
  await signInWithCode(page, store.url, email);
  await page.waitForURL((u) => u.href === link, { timeout: 10_000 });
}

/** Pays on a group page (the member's piece, or the organiser's top-ups): Pay, the billing details, the test provider. */
async function payOnPage(page, payLabel, address, check) {
  await page.getByRole('button', { name: payLabel }).click();
  const billing = page.getByRole('group', { name: 'Billing details' });
  await billing.getByLabel('Phone number').waitFor();
  await fillAddress(billing, page, address);
  await check?.('billing details');
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  const popup = page.getByRole('dialog', { name: 'Test payment' });
  await popup.waitFor();
  await check?.('the test provider');
  await popup.getByRole('button', { name: /^Pay .* \(test\)$/ }).click();
  await popup.waitFor({ state: 'detached', timeout: 15_000 });
}

test('members pay for their own piece: two pay, one withdraws and is refunded, the organiser pays for the top-ups and closes: placed', async () => {
  const organiserEmail = `captain-${Date.now()}@example.com`;
  await registerAccount(store.url, { name: 'Asha Verma', email: organiserEmail, password: 'correct horse battery' });
  const product = (await call('GET', '/products')).find((p) => p.name === 'T-Shirt Normal');
  const organiser = await signedInContext(browser, store.url, '/user/saved-designs', organiserEmail, DESKTOP);
  const page = organiser.page;
  await clubTee(await sessionToken(organiser.context, store.url), product._id);
  await page.reload();

  // Start it: each member pays, every piece ships to the organiser's address.
  await page.getByTestId('design-card').filter({ hasText: 'Club tee' }).getByRole('button', { name: 'Start a group order' }).click();
  const start = page.getByRole('dialog', { name: 'Start a group order' });
  await start.getByLabel('Title').fill(TITLE);
  await start.getByLabel('Each member pays for their own piece').check();
  const shipTo = start.getByRole('group', { name: 'Ship every piece to' });
  assert.equal(await shipTo.getByLabel('Email').inputValue(), organiserEmail);
  // Without an address: checkout's message, nothing started.
  await start.getByRole('button', { name: 'Start group order' }).click();
  await start.getByRole('alert').filter({ hasText: 'Please fill in all required shipping fields' }).waitFor();
  await expectAccessible(page, 'start a members-pay group order, the address missing');
  await fillAddress(shipTo, page, { phone: '9876543210', line1: '12 Janpath', pincode: '110001', state: 'Delhi' });
  await start.getByRole('button', { name: 'Start group order' }).click();
  await page.waitForURL(/\/account\/group-orders\/[0-9a-f]{24}$/);
  const groupPage = page.url();
  await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
  assert.match(await page.getByTestId('group-ship-to').textContent(), /Asha Verma12 Janpath, New Delhi, Delhi 110001, India/);
  const link = await page.getByLabel('Link for your group').inputValue();
  await expectAccessible(page, 'members-pay group, organiser, nobody yet');

  // Member 1 (desktop): sees their price, joins, pays.
  const ravi = await memberAt(link, 'Ravi Kumar', DESKTOP);
  await ravi.page.getByText('You pay per piece').waitFor();
  assert.equal(await ravi.page.getByTestId('group-price').textContent(), inr(product.price));
  await expectAccessible(ravi.page, 'members-pay group link, a visitor');
  await signInFromLink(ravi.page, link, ravi.email);
  const join1 = ravi.page.getByRole('form', { name: 'Join this group order' });
  await join1.getByLabel('Size').selectOption('L');
  await join1.getByRole('button', { name: 'Join' }).click();
  const unpaid = ravi.page.getByTestId('piece-unpaid');
  await unpaid.waitFor();
  const share = (await unpaid.textContent()).match(/₹[\d,.]+/)[0];
  await expectAccessible(ravi.page, 'members-pay group link, joined, not paid');
  await payOnPage(ravi.page, `Pay ${share}`, { phone: '9876500011', line1: '4 MG Road', pincode: '560001', state: 'Karnataka' }, (state) => expectAccessible(ravi.page, `members-pay group link, ${state}`));
  const paid1 = ravi.page.getByTestId('piece-paid');
  await paid1.filter({ hasText: /Paid — order LT-/ }).waitFor({ timeout: 15_000 });
  await ravi.page.getByText(/Payment received: order LT-.* is paid\./).waitFor();
  assert.equal(await ravi.page.getByRole('button', { name: 'Change' }).count(), 0, 'a paid piece cannot change');
  await expectAccessible(ravi.page, 'members-pay group link, paid');
  await shot(ravi.page, 'group-pay-member-paid.png');

  // Member 2, on a 360 px phone: joins and pays, nothing scrolls sideways; then withdraws and is refunded.
  const kiran = await memberAt(link, 'Kiran Rao', PHONE);
  await expectFits(kiran.page, 'members-pay group link on a phone');
  await signInFromLink(kiran.page, link, kiran.email);
  const join2 = kiran.page.getByRole('form', { name: 'Join this group order' });
  await join2.getByLabel('Size').selectOption('S');
  await join2.getByRole('button', { name: 'Join' }).click();
  await kiran.page.getByTestId('piece-unpaid').waitFor();
  await expectFits(kiran.page, 'members-pay group link on a phone, joined');
  await payOnPage(kiran.page, `Pay ${share}`, { phone: '9876500022', line1: '7 Park Street', pincode: '700016', state: 'West Bengal' }, async (state) => {
    await expectFits(kiran.page, `members-pay group link on a phone, ${state}`);
    await expectAccessible(kiran.page, `members-pay group link on a phone, ${state}`);
    if (state === 'billing details') await shot(kiran.page, 'group-pay-phone-billing.png');
  });
  await kiran.page.getByTestId('piece-paid').filter({ hasText: /Paid — order LT-/ }).waitFor({ timeout: 15_000 });
  await expectFits(kiran.page, 'members-pay group link on a phone, paid');
  await shot(kiran.page, 'group-pay-phone-paid.png');
  await kiran.page.getByRole('button', { name: 'Withdraw' }).click();
  const confirm = kiran.page.getByRole('dialog', { name: 'Withdraw' });
  await confirm.getByText('withdrawing it refunds your payment', { exact: false }).waitFor();
  await expectAccessible(kiran.page, 'members-pay group link on a phone, withdrawing a paid piece');
  await confirm.getByRole('button', { name: 'Withdraw' }).click();
  await kiran.page.getByRole('status').filter({ hasText: REFUNDED }).waitFor();
  await kiran.page.getByRole('form', { name: 'Join this group order' }).waitFor();
  await expectFits(kiran.page, 'members-pay group link on a phone, withdrawn');
  await expectAccessible(kiran.page, 'members-pay group link on a phone, withdrawn and refunded');
  // Their order is refunded (the refund is made as the row goes).
  const kiranToken = await sessionToken(kiran.context, store.url);
  let kiranOrder;
  for (let i = 0; i < 50 && kiranOrder?.status !== 'refunded'; i++) {
    [kiranOrder] = await call('GET', '/orders', kiranToken);
    if (kiranOrder?.status !== 'refunded') await new Promise((r) => setTimeout(r, 200));
  }
  assert.equal(kiranOrder?.status, 'refunded', JSON.stringify(kiranOrder?.status));

  // The organiser: one paid row, 24 paid pieces still needed; closing now is refused in the engine's words.
  await page.goto(groupPage);
  const rows = page.getByTestId('group-row');
  await rows.first().waitFor();
  assert.equal(await rows.count(), 1);
  assert.equal(await rows.first().getByTestId('row-paid').textContent(), 'Paid');
  assert.equal(await page.getByTestId('group-paid-pieces').textContent(), '1 paid');
  assert.equal(await page.getByTestId('group-need-more').textContent(), '24 more paid pieces needed to reach the minimum of 25.');
  await page.getByRole('button', { name: 'Close and place order' }).click();
  await page.getByRole('alert').filter({ hasText: 'minimum' }).waitFor();
  await expectAccessible(page, 'members-pay group, organiser, one paid, closing refused');

  // Top up 24 in M: not paid until the organiser pays for them, as a member pays.
  await page.getByLabel('Size').selectOption('M');
  assert.equal(await page.getByLabel('How many').inputValue(), '24');
  await page.getByRole('button', { name: 'Add pieces' }).click();
  await page.getByText('Added 24 pieces in M.').waitFor({ timeout: 30_000 });
  assert.equal(await page.getByTestId('group-pieces').textContent(), '25 pieces so far');
  assert.equal(await page.getByTestId('group-paid-pieces').textContent(), '1 paid');
  assert.deepEqual([...new Set(await page.getByTestId('row-paid').allTextContents())].sort(), ['Not paid', 'Paid']);
  const payTopUps = page.getByRole('button', { name: /^Pay ₹[\d,.]+ for your 24 top-up pieces$/ });
  const topUpLabel = await payTopUps.textContent();
  await expectAccessible(page, 'members-pay group, organiser, top-ups to pay');
  await page.setViewportSize(PHONE.viewport);
  await expectFits(page, 'members-pay group, organiser, on a phone');
  await shot(page, 'group-pay-organiser-phone.png');
  await page.setViewportSize(DESKTOP.viewport);
  await payOnPage(page, topUpLabel, { phone: '9876543210', line1: '12 Janpath', pincode: '110001', state: 'Delhi' }, (state) => expectAccessible(page, `members-pay group, organiser, ${state}`));
  await page.getByText(/Payment received: order LT-.* pays for your top-up pieces\./).waitFor({ timeout: 15_000 });
  await page.getByTestId('group-paid-pieces').filter({ hasText: '25 paid' }).waitFor();
  assert.deepEqual([...new Set(await page.getByTestId('row-paid').allTextContents())], ['Paid']);
  assert.equal(await page.getByTestId('group-need-more').textContent(), 'The minimum of paid pieces is reached.');
  assert.equal(await page.getByRole('button', { name: /top-up pieces$/ }).count(), 0);

  // Close: the group is placed at once (no cart, no checkout).
  await page.getByRole('button', { name: 'Close and place order' }).click();
  await page.getByTestId('group-placed').waitFor();
  await page.getByText('Group order · Placed: its pieces go to print').waitFor();
  assert.equal(new URL(page.url()).pathname, new URL(groupPage).pathname);
  await expectAccessible(page, 'members-pay group, organiser, placed');
  await shot(page, 'group-pay-organiser-placed.png');
  const token = await sessionToken(organiser.context, store.url);
  assert.equal((await call('GET', `/group-orders/${new URL(groupPage).pathname.split('/').pop()}`, token)).status, 'placed');
  assert.equal((await call('GET', '/cart', token)).items.length, 0, 'nothing went to the organiser’s cart');

  // The member's link says it is placed, and still shows their paid piece.
  await ravi.page.reload();
  await ravi.page.getByTestId('group-closed').waitFor();
  await ravi.page.getByTestId('piece-paid').filter({ hasText: /Paid — order LT-/ }).waitFor();
  assert.equal(await ravi.page.getByRole('button', { name: 'Withdraw' }).count(), 0);

  for (const c of [organiser.context, ravi.context, kiran.context]) {
    assert.deepEqual(c.cspViolations, []);
    await c.close();
  }
});
