// Group orders in a real Chromium against the real store: an organiser saves
// a design in the studio and starts a group order from it; three members open
// the link in their own browsers (one signs up on the way, one is on a 360 px
// phone and adds a second piece, as the organiser allows two each) and join
// with their sizes; one withdraws; the organiser tops up to
// the minimum of 25, closes the group and pays for the one cart line at
// checkout; the admin finds one order of 25 pieces. Then a team's design
// with names and numbers: the group asks for them, the engine's refusal of a
// name shows, and the admin's order carries the roster.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  browser,
  call,
  expectAccessible,
  expectFits,
  fillShipping,
  latestCode,
  newContext,
  openOrderDetails,
  registerAccount,
  screenshots,
  sessionToken,
  signedInContext,
  signInWithCode,
  store,
  withStore,
} from './harness.mjs';

withStore();

const shot = (page, name) => page.screenshot({ path: join(screenshots, name), fullPage: true, animations: 'disabled' });
const TITLE = 'Chess Club 2026';
const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const inr = (paise) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100);

/** The subjects of the e-mails the store sent an address (the dev outbox). */
async function subjects(to) {
  const res = await fetch(`${store.url}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await res.json()).data ?? []).map((m) => m.subject);
}

/** A member's browser on the group's link, signed in through it (an account made by the API) and brought back. */
async function memberAt(link, name, options, title = TITLE) {
  const email = `${name.split(' ')[0].toLowerCase()}-${Date.now()}@example.com`;
  await registerAccount(store.url, { name, email, password: 'correct horse battery' });
  const context = await newContext(browser, options);
  const page = await context.newPage();
  await page.goto(link);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  return { context, page, email, signIn: () => signInFromLink(page, link, email) };
}

async function signInFromLink(page, link, email) {
  await page.getByRole('link', { name: 'Sign in to join' }).click();
  await page.waitForURL('**/login');
  await signInWithCode(page, store.url, email);
  await page.waitForURL((u) => u.href === link, { timeout: 10_000 });
}

/** Joins with a size on the link page; the piece is then shown as the member's. */
async function joinWith(page, size) {
  const form = page.getByRole('form', { name: 'Join this group order' });
  await form.getByLabel('Size').selectOption(size);
  await form.getByRole('button', { name: 'Join' }).click();
  await page.getByText('You have joined the group order.').waitFor();
  assert.equal(await page.getByTestId('your-piece').textContent(), size);
}

test('a group order: start from a saved design, members join by the link, one withdraws, top up to 25, close, pay, the admin sees it', async () => {
  const organiserEmail = `captain-${Date.now()}@example.com`;
  await registerAccount(store.url, { name: 'Asha Verma', email: organiserEmail, password: 'correct horse battery' });
  const product = (await (await fetch(`${store.url}/api/products`)).json()).data.find((p) => p.name === 'T-Shirt Normal');

  // The organiser designs a tee in the studio and saves it.
  const organiser = await signedInContext(browser, store.url, '/user/saved-designs', organiserEmail, DESKTOP);
  const page = organiser.page;
  await page.goto(`${store.url}/design?productId=${product._id}&color=white`);
  await page.getByRole('heading', { name: /View Your T-Shirt Normal/ }).waitFor();
  await page.getByLabel('Text', { exact: true }).fill('Chess Club');
  await page.getByRole('button', { name: 'Add Text' }).click();
  await page.getByText('“Chess Club”', { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Save design' }).click();
  const naming = page.getByRole('dialog', { name: 'Save design' });
  await naming.getByLabel('Design name').fill('Club tee');
  await naming.getByRole('button', { name: 'Save' }).click();
  await page.getByTestId('save-state').filter({ hasText: 'Club tee · Saved' }).waitFor();

  // From its card on Saved Designs: Start a group order, the organiser pays (the first choice; e2e/group-payments.test.mjs has members paying).
  await page.goto(`${store.url}/user/saved-designs`);
  await page.getByTestId('design-card').filter({ hasText: 'Club tee' }).getByRole('button', { name: 'Start a group order' }).click();
  const start = page.getByRole('dialog', { name: 'Start a group order' });
  await start.getByLabel('Title').fill(TITLE);
  assert.equal(await start.getByLabel('I pay for everyone').isChecked(), true);
  assert.equal(await start.getByLabel('Each member pays for their own piece').isChecked(), false);
  await start.getByLabel('Pieces each member may add').selectOption('2');
  await expectAccessible(page, 'start a group order');
  await start.getByRole('button', { name: 'Start group order' }).click();
  await page.waitForURL(/\/account\/group-orders\/[0-9a-f]{24}$/);
  const groupPage = page.url();
  await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
  await page.getByText('Nobody has joined yet', { exact: false }).waitFor();
  const link = await page.getByLabel('Link for your group').inputValue();
  assert.match(link, /\/g\/[0-9a-f]{32}$/);
  assert.equal(await page.getByTestId('group-pieces-per-member').textContent(), 'Each member may add up to 2 pieces.');
  await expectAccessible(page, 'group order, organiser, nobody yet');

  // Member 1 has no account yet: signs up on the way and comes back to the link.
  const one = await newContext(browser, DESKTOP);
  const ravi = await one.newPage();
  await ravi.goto(link);
  await ravi.getByRole('heading', { level: 1, name: TITLE }).waitFor();
  await ravi.getByText('Asha is collecting sizes for one order of T-Shirt Normal.').waitFor();
  assert.equal(await ravi.getByTestId('group-price').textContent(), inr(product.price));
  const shown = await ravi.getByRole('main').textContent();
  assert.ok(!shown.includes('Verma') && !shown.includes(organiserEmail), 'nothing of the organiser but the first name');
  await ravi.getByTestId('thumb-leftChest').getByRole('img', { name: 'Left Chest design' }).waitFor();
  await expectAccessible(ravi, 'group link, a visitor');
  await ravi.getByRole('link', { name: 'Sign in to join' }).click();
  await ravi.waitForURL('**/login');
  const raviEmail = `ravi-${Date.now()}@example.com`;
  await ravi.getByRole('main').getByLabel('Email address').fill(raviEmail);
  await ravi.getByRole('button', { name: 'Send code' }).click();
  await ravi.getByLabel('One-time code (OTP)').fill(await latestCode(store.url, raviEmail));
  await ravi.getByRole('button', { name: 'Verify and continue' }).click();
  await ravi.getByText('Enter your details to continue').waitFor();
  await ravi.getByLabel('Full name').fill('Ravi Kumar');
  await ravi.getByLabel('Mobile number').fill('9876500011');
  await ravi.getByRole('button', { name: 'Create account' }).click();
  await ravi.waitForURL((u) => u.href === link, { timeout: 10_000 });
  await joinWith(ravi, 'L');
  // The 3D view on request: the engine's decals on the garment's model.
  await ravi.getByRole('button', { name: 'View in 3D' }).click();
  await ravi.getByTestId('garment-viewer').locator('canvas').waitFor();
  await expectAccessible(ravi, 'group link, joined');
  await shot(ravi, 'group-link-joined.png');

  // Member 2, on a 360 px phone: nothing scrolls sideways, before and after joining.
  const kiran = await memberAt(link, 'Kiran Rao', PHONE);
  await expectFits(kiran.page, 'group link on a phone');
  await expectAccessible(kiran.page, 'group link on a phone');
  await kiran.signIn();
  await joinWith(kiran.page, 'S');
  // A second piece (the organiser allows two each), then no more to add.
  await kiran.page.getByRole('button', { name: 'Add another piece' }).click();
  const second = kiran.page.getByRole('form', { name: 'Add another piece' });
  await second.getByLabel('Size').selectOption('XXL');
  await second.getByRole('button', { name: 'Add piece' }).click();
  await kiran.page.getByText('Piece added.').waitFor();
  assert.deepEqual(await kiran.page.getByTestId('your-piece').allTextContents(), ['S', 'XXL']);
  assert.equal(await kiran.page.getByRole('button', { name: 'Add another piece' }).count(), 0);
  await expectAccessible(kiran.page, 'group link on a phone, two pieces');
  await expectFits(kiran.page, 'group link on a phone, joined');
  await shot(kiran.page, 'group-link-phone.png');

  // Member 3 joins, changes their size, then withdraws.
  const meera = await memberAt(link, 'Meera Iyer', DESKTOP);
  await meera.signIn();
  await joinWith(meera.page, 'M');
  await meera.page.getByRole('button', { name: 'Change' }).click();
  await meera.page.getByLabel('Size').selectOption('XL');
  await meera.page.getByRole('button', { name: 'Save changes' }).click();
  await meera.page.getByText('Your piece was changed.').waitFor();
  assert.equal(await meera.page.getByTestId('your-piece').textContent(), 'XL');
  await meera.page.getByRole('button', { name: 'Withdraw' }).click();
  await meera.page.getByRole('dialog', { name: 'Withdraw' }).getByRole('button', { name: 'Withdraw' }).click();
  await meera.page.getByText('You have withdrawn from the group order.').waitFor();
  await meera.page.getByRole('form', { name: 'Join this group order' }).waitFor();
  assert.ok((await subjects(meera.email)).includes(`You have joined ${TITLE}`));

  // The organiser's page: three rows (two of them Kiran's), their sizes, 22 more needed.
  await page.goto(groupPage);
  const rows = page.getByTestId('group-row');
  await rows.nth(2).waitFor();
  assert.equal(await rows.count(), 3);
  assert.equal(await page.getByTestId('group-need-more').textContent(), '22 more pieces needed to reach the minimum of 25.');
  assert.match(await page.getByTestId('group-sizes').textContent(), /S 1.*L 1.*XXL 1/);
  await expectAccessible(page, 'group order, organiser, two members');
  // The organiser's page on a phone too: the roster scrolls in its own box, the page never sideways.
  await page.setViewportSize(PHONE.viewport);
  await expectFits(page, 'group order, organiser, on a phone');
  await shot(page, 'group-organiser-phone.png');
  await page.setViewportSize(DESKTOP.viewport);

  // Below the minimum, closing is refused with the engine's words.
  await page.getByRole('button', { name: 'Close and pay' }).click();
  await page.getByRole('alert').filter({ hasText: 'minimum' }).waitFor();
  await shot(page, 'group-organiser-below-minimum.png');

  // Top up 22 pieces in M (the form suggests what is missing), then close and pay.
  await page.getByLabel('Size').selectOption('M');
  assert.equal(await page.getByLabel('How many').inputValue(), '22');
  await page.getByRole('button', { name: 'Add pieces' }).click();
  await page.getByText('Added 22 pieces in M.').waitFor({ timeout: 30_000 });
  assert.equal(await page.getByTestId('group-need-more').textContent(), 'The minimum is reached.');
  assert.equal(await page.getByTestId('group-pieces').textContent(), '25 pieces so far');
  assert.ok((await subjects(organiserEmail)).includes(`${TITLE} has reached the minimum`));
  const total = await page.getByTestId('group-total').textContent();
  await shot(page, 'group-organiser.png');
  await page.getByRole('button', { name: 'Close and pay' }).click();
  await page.waitForURL('**/cart');
  await page.getByTestId('cart-total').waitFor();
  const cart = (await (await fetch(`${store.url}/api/cart`, { headers: { authorization: `Bearer ${await sessionToken(organiser.context, store.url)}` } })).json()).data;
  assert.equal(cart.items.length, 1);
  assert.equal(cart.itemCount, 25);
  assert.equal(inr(cart.items[0].lineTotal), total, 'the cart line is the total the group page showed');

  // A closed group takes no more rows: the link says so.
  await kiran.page.reload();
  await kiran.page.getByTestId('group-closed').filter({ hasText: 'This group order is closed: the organiser has placed it.' }).waitFor();
  assert.equal(await kiran.page.getByRole('button', { name: 'Withdraw' }).count(), 0);

  // Checkout: the one line, paid through the test provider.
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL('**/shipping');
  await fillShipping(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  const popup = page.getByRole('dialog', { name: 'Test payment' });
  await popup.getByRole('button', { name: /^Pay .* \(test\)$/ }).click();
  await page.waitForURL('**/order-confirmation', { timeout: 15_000 });
  const orderNumber = (await page.getByTestId('order-number').textContent()).trim();

  // The admin: one order, 25 pieces.
  const ADMIN = `admin-${Date.now()}@example.com`;
  store.createAdmin(ADMIN);
  const admin = await newContext(browser, { viewport: { width: 1360, height: 1000 } });
  const desk = await admin.newPage();
  await desk.goto(store.url + '/admin');
  await desk.waitForURL('**/login');
  await signInWithCode(desk, store.url, ADMIN);
  await desk.waitForURL('**/admin/orders', { timeout: 10_000 });
  await desk.getByTestId('admin-order-row').first().waitFor();
  assert.equal(await desk.getByTestId('admin-order-row').count(), 1);
  const details = await openOrderDetails(desk, orderNumber);
  assert.match(await details.textContent(), /S × 1, M × 22, L × 1, XXL × 1 \(25\)/);
  await shot(desk, 'group-admin-order.png');

  for (const c of [organiser.context, one, kiran.context, meera.context, admin]) {
    assert.deepEqual(c.cspViolations, []);
    await c.close();
  }
});

/** A saved tee with the club's name on the back and a name and a number under it; its id. */
async function teamDesign(token, productId) {
  const style = (height, y) => ({ font: 'Arial', height, color: '#111111', position: { x: 50, y } });
  const design = {
    version: 1,
    productId,
    color: 'white',
    areas: {
      leftChest: { text: null, image: null },
      back: { text: { text: 'Chess Club', font: 'Georgia', size: 24, color: '#111111', position: { x: 50, y: 15 } }, image: null, name: style(12, 35), number: style(45, 65) },
    },
    quantities: { s: 0, m: 0, l: 0, xl: 0, xxl: 0 },
    materialQuality: 'Premium',
    printQuality: 'High',
  };
  return (await call('POST', '/designs', token, { name: 'Team tee', design }))._id;
}

test('a team group order: names and numbers asked for, the engine’s refusal shown, the roster in the admin’s order', async () => {
  const organiserEmail = `coach-${Date.now()}@example.com`;
  await registerAccount(store.url, { name: 'Vikram Singh', email: organiserEmail, password: 'correct horse battery' });
  const product = (await call('GET', '/products')).find((p) => p.name === 'T-Shirt Normal');
  // Signed in first (a first e-mail proof starts the account afresh), then the design saved through the API.
  const organiser = await signedInContext(browser, store.url, '/user/saved-designs', organiserEmail, DESKTOP);
  const page = organiser.page;
  const accessToken = await sessionToken(organiser.context, store.url);
  await teamDesign(accessToken, product._id);
  await page.reload();

  // The form derives personalisation from the design: the server takes it.
  await page.getByTestId('design-card').filter({ hasText: 'Team tee' }).getByRole('button', { name: 'Start a group order' }).click();
  const start = page.getByRole('dialog', { name: 'Start a group order' });
  await start.getByLabel('Title').fill('Blues 2026');
  await start.getByRole('button', { name: 'Start group order' }).click();
  await page.waitForURL(/\/account\/group-orders\/[0-9a-f]{24}$/);
  const groupId = page.url().split('/').pop();
  const link = await page.getByLabel('Link for your group').inputValue();

  // A member on a phone: a name the engine will not print, in its words; then a good one.
  const member = await memberAt(link, 'Neha Gupta', PHONE, 'Blues 2026');
  // The design is drawn with a sample name and number until the member has their own.
  await member.page.getByTestId('thumb-back').getByRole('img', { name: 'Back design' }).waitFor();
  await member.page.getByText('Shown with a sample name and number.').waitFor();
  await member.signIn();
  const form = member.page.getByRole('form', { name: 'Join this group order' });
  await form.getByLabel('Size').selectOption('M');
  await form.getByLabel('Name on the shirt').fill('N3HA');
  await form.getByLabel('Number').fill('7');
  await form.getByRole('button', { name: 'Join' }).click();
  await member.page.getByRole('alert').filter({ hasText: `A name may use only the letters A to Z or of India's scripts, spaces, '.', '-' and apostrophes, not '3'` }).waitFor();
  await expectAccessible(member.page, 'group link on a phone, a name refused');
  await expectFits(member.page, 'group link on a phone, a name refused');
  await form.getByLabel('Name on the shirt').fill('NEHA');
  await form.getByRole('button', { name: 'Join' }).click();
  await member.page.getByText('You have joined the group order.').waitFor();
  assert.equal(await member.page.getByTestId('your-piece').textContent(), 'M · NEHA · 7');
  await member.page.getByText('Shown with your name and number.').waitFor();
  await member.page.getByTestId('thumb-back').getByRole('img', { name: 'Back design' }).waitFor();
  await shot(member.page, 'group-link-team-phone.png');

  // The organiser tops up one named piece on the page, the rest through the API, and sees the names and numbers.
  await page.reload();
  await page.getByLabel('Size').selectOption('L');
  await page.getByLabel('Name on the shirt').fill('VIKRAM');
  await page.getByLabel('Number').fill('1');
  await page.getByRole('button', { name: 'Add piece' }).click();
  await page.getByText('Added 1 piece in L.').waitFor();
  for (let n = 2; n <= 24; n++) await call('POST', `/group-orders/${groupId}/rows`, accessToken, { size: 'XL', name: 'PLAYER', number: String(n + 10) });
  await page.reload();
  await page.getByTestId('group-need-more').filter({ hasText: 'The minimum is reached.' }).waitFor();
  const neha = page.getByTestId('group-row').filter({ hasText: 'Neha Gupta' });
  assert.deepEqual(await neha.getByRole('cell').allTextContents().then((c) => c.slice(0, 4)), ['Neha Gupta', 'M', 'NEHA', '7']);
  await page.getByText('Names and numbers (25 ×', { exact: false }).waitFor();
  await expectAccessible(page, 'team group order, organiser, 25 pieces');
  await page.getByRole('button', { name: 'Close and pay' }).click();
  await page.waitForURL('**/cart');

  // Paid as checkout pays; the admin's order holds the 25 rows.
  const token = await sessionToken(organiser.context, store.url);
  const cart = await call('GET', '/cart', token);
  assert.equal(cart.itemCount, 25);
  const address = { email: organiserEmail, fullName: 'Vikram Singh', phone: '9876543210', addressLine1: '12 Janpath', city: 'New Delhi', state: 'Delhi', zipCode: '110001' };
  const created = await call('POST', '/payments/create-order', token, { amount: cart.totalPrice, receipt: `g-${Date.now()}`, shippingAddress: address, sameAsShipping: true });
  const paid = await call('POST', '/payments/test/complete', token, { orderId: created.orderId });
  await call('POST', '/payments/verify', token, { razorpayOrderId: paid.razorpayOrderId, razorpayPaymentId: paid.razorpayPaymentId, razorpaySignature: paid.razorpaySignature });
  const ADMIN = `admin2-${Date.now()}@example.com`;
  store.createAdmin(ADMIN);
  await call('POST', '/auth/otp/email/send', undefined, { email: ADMIN });
  const admin = await call('POST', '/auth/otp/email/verify', undefined, { email: ADMIN, code: await latestCode(store.url, ADMIN) });
  const [order] = await call('GET', '/orders', token);
  const seen = await call('GET', `/orders/${order._id}`, admin.accessToken);
  assert.equal(seen.orderItems.length, 1);
  assert.equal(seen.orderItems[0].itemCount, 25);
  const roster = seen.orderItems[0].design.roster;
  assert.equal(roster.length, 25);
  assert.ok(roster.some((r) => r.name === 'NEHA' && r.number === '7' && r.size === 'M'), JSON.stringify(roster.slice(0, 3)));

  for (const c of [organiser.context, member.context]) {
    assert.deepEqual(c.cspViolations, []);
    await c.close();
  }
});
