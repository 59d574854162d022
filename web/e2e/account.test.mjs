// The customer area and the account e-mails in a real Chromium against the
// real store: a visitor's deep link to /user/addresses survives the sign-in;
// saved addresses (pincode autofill, edit, default, delete with confirmation)
// and checkout's choice of them; the dashboard and profile; a customer is sent
// away from /admin; the password-reset and verification links from the dev
// outbox, and signing in with the new password.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { browser, call, expectAccessible, mailedLink, newContext, registerAccount, screenshots, sessionToken, shippingField, signInWithCode, store, withStore } from './harness.mjs';

withStore();

const shot = (page, name) => page.screenshot({ path: join(screenshots, name), fullPage: true, animations: 'disabled' });
const unique = (name) => `${name}-${Date.now()}@example.com`;

/** A customer (registered through the API) who opens a signed-in page, is sent to /login, signs in with a code and is brought back. */
async function customerAt(path, name) {
  const email = unique(name.split(' ')[0].toLowerCase());
  await registerAccount(store.url, { name, email, password: 'correct horse battery' });
  const context = await newContext(browser, { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(store.url + path);
  await page.waitForURL('**/login');
  await page.getByText('Please log in to access the requested page').waitFor();
  await signInWithCode(page, store.url, email);
  await page.waitForURL((u) => u.pathname === path, { timeout: 10_000 });
  return { context, page, email };
}


test('a visitor on /user/addresses signs in and comes back; addresses are added, edited, made default and deleted', async () => {
  const { context, page } = await customerAt('/user/addresses', 'Asha Verma');
  const dialog = page.getByRole('dialog');
  const cards = page.getByTestId('address-card');

  // The first address: the pincode fills city and state; the required fields are checked first.
  await page.getByRole('main').getByText('No saved addresses').waitFor();
  await expectAccessible(page, 'addresses, none yet');
  await page.getByRole('button', { name: 'Add New Address' }).click();
  assert.equal(await dialog.getByLabel('Country').inputValue(), 'India');
  await dialog.getByRole('button', { name: 'Add Address' }).click();
  await dialog.getByText('Please fill in all required fields').waitFor();
  await expectAccessible(page, 'address dialog with an error');
  await dialog.getByLabel('Street address').fill('12 Janpath, Connaught Place');
  await dialog.getByLabel('Pincode').pressSequentially('110001');
  await dialog.getByText('Found: New Delhi, Delhi').waitFor();
  assert.equal(await dialog.getByLabel('City').inputValue(), 'New Delhi');
  assert.equal(await dialog.getByLabel('State').inputValue(), 'Delhi');
  await dialog.getByRole('button', { name: 'Add Address' }).click();
  await page.getByText('Address added successfully!').waitFor();
  assert.equal(await cards.count(), 1);
  await cards.first().getByText('Default', { exact: true }).waitFor(); // the first address is the default

  // A second one, at work in Mumbai.
  await page.getByRole('button', { name: 'Add New Address' }).click();
  await dialog.getByLabel('Address type').selectOption('work');
  await dialog.getByLabel('Street address').fill('1 Marine Drive');
  await dialog.getByLabel('Pincode').pressSequentially('400001');
  await dialog.getByText('Found: Mumbai, Maharashtra').waitFor();
  await dialog.getByLabel('Phone (optional)').fill('+91 98765 43210');
  await dialog.getByRole('button', { name: 'Add Address' }).click();
  // The first add's banner may still show (3 s): wait for the new card itself.
  await cards.filter({ hasText: '1 Marine Drive' }).waitFor();
  assert.equal(await cards.count(), 2);

  // Edit it.
  const work = cards.filter({ hasText: 'Marine Drive' });
  await work.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('dialog', { name: 'Edit Address' }).waitFor();
  await dialog.getByLabel('Street address').fill('2 Marine Drive, Churchgate');
  await dialog.getByRole('button', { name: 'Save Address' }).click();
  await page.getByText('Address updated successfully!').waitFor();
  await cards.filter({ hasText: '2 Marine Drive, Churchgate' }).waitFor();

  // Make it the default (it moves to the top).
  await work.getByRole('button', { name: 'Set as Default' }).click();
  await page.getByText('Default address updated successfully!').waitFor();
  await cards.first().filter({ hasText: 'Churchgate' }).getByText('Default', { exact: true }).waitFor();
  await shot(page, 'addresses.png');
  await expectAccessible(page, 'addresses');

  // Delete the other one: asked first; Cancel keeps it.
  const home = cards.filter({ hasText: 'Janpath' });
  await home.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByText('Are you sure you want to delete this address?').waitFor();
  await expectAccessible(page, 'delete-address confirmation');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  assert.equal(await cards.count(), 2);
  await home.getByRole('button', { name: 'Delete' }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await page.getByText('Address deleted successfully!').waitFor();
  assert.equal(await cards.count(), 1);

  // Kept on the server.
  await page.reload();
  await cards.first().waitFor();
  assert.equal(await cards.count(), 1);
  assert.match(await cards.first().textContent(), /2 Marine Drive, Churchgate.*Mumbai, Maharashtra 400001.*Phone: 9876543210/s);
  assert.deepEqual(context.cspViolations, []);
  await context.close();
});

test('checkout preselects the default saved address and offers the others', async () => {
  const { context, page } = await customerAt('/user', 'Ravi Kumar');
  const token = await sessionToken(context, store.url);
  await call('POST', '/users/addresses', token, { street: '12 Janpath', zipCode: '110001', city: 'New Delhi', state: 'Delhi' });
  await call('POST', '/users/addresses', token, { type: 'work', street: '1 Marine Drive', zipCode: '400001', city: 'Mumbai', state: 'Maharashtra', phone: '9876500011', isDefault: true });
  const tee = (await (await fetch(`${store.url}/api/products`)).json()).data.find((p) => p.name === 'T-Shirt Normal');
  await call('POST', '/cart/items', token, { productId: tee._id, color: 'white', quantity: { s: 0, m: 10, l: 15, xl: 0, xxl: 0 } });

  await page.goto(store.url + '/shipping');
  await page.getByRole('button', { name: 'Place Order' }).waitFor();
  const picker = page.getByRole('group', { name: 'Shipping address' }).getByLabel('Saved address');
  await page.waitForFunction(() => document.getElementById('shipping-addressLine1')?.value === '1 Marine Drive');
  assert.match(await picker.locator('option:checked').textContent(), /^Work: 1 Marine Drive, Mumbai, Maharashtra 400001 \(default\)$/);
  assert.equal(await shippingField(page, 'Pincode').inputValue(), '400001');
  assert.equal(await shippingField(page, 'City').inputValue(), 'Mumbai');
  assert.equal(await shippingField(page, 'Phone number').inputValue(), '9876500011');

  await picker.selectOption({ label: 'Home: 12 Janpath, New Delhi, Delhi 110001' });
  assert.equal(await shippingField(page, 'Address line 1').inputValue(), '12 Janpath');
  assert.equal(await shippingField(page, 'State').inputValue(), 'Delhi');
  await context.close();
});

test('the dashboard greets the customer, the profile keeps a new name, and /admin sends a customer home', async () => {
  const { context, page } = await customerAt('/user', 'Meera Nair');
  await page.getByRole('heading', { name: 'Welcome back, Meera Nair!' }).waitFor();
  for (const button of ['View Orders', 'View Designs', 'Edit Profile', 'Manage Addresses']) await page.getByRole('link', { name: button }).waitFor();
  await shot(page, 'dashboard.png');
  await expectAccessible(page, 'dashboard');

  await page.getByRole('link', { name: 'Edit Profile' }).click();
  await page.waitForURL('**/user/profile');
  const email = page.getByLabel('Email', { exact: true });
  assert.equal(await email.getAttribute('readonly'), '');
  await page.getByText('✓ Verified').waitFor();
  await page.getByLabel('Full name').fill('Meera N. Iyer');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('Profile updated successfully!').waitFor();
  await shot(page, 'profile.png');
  await expectAccessible(page, 'profile, saved');
  await page.getByText('Profile updated successfully!').waitFor({ state: 'detached', timeout: 5_000 });

  await page.reload();
  await page.getByLabel('Full name').waitFor();
  assert.equal(await page.getByLabel('Full name').inputValue(), 'Meera N. Iyer');
  await page.getByRole('button', { name: /^Meera ▾/ }).waitFor();
  await page.getByRole('navigation', { name: 'My Account' }).getByRole('link', { name: 'Orders', exact: true }).click();
  await page.waitForURL('**/user/orders');
  await page.getByRole('heading', { name: 'No Orders Found' }).waitFor();
  await expectAccessible(page, 'My Orders, none');

  await page.goto(store.url + '/admin/orders');
  await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 });
  await context.close();
});

test('forgot password: the mailed link sets a new password, which then signs in', async () => {
  const email = unique('forgetful');
  await registerAccount(store.url, { name: 'Kiran Rao', email, password: 'first password 1' });
  const context = await newContext(browser, { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const main = page.getByRole('main');

  await page.goto(store.url + '/login');
  await main.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL('**/forgot-password');
  await main.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page.getByText('If an account exists for this email, a reset link has been sent').waitFor();
  await shot(page, 'forgot-password.png');
  await expectAccessible(page, 'forgot password, sent');

  const link = await mailedLink(store.url, email, '/reset-password');
  await page.goto(store.url + link);
  await page.getByLabel('New password', { exact: true }).fill('second password 2');
  await page.getByLabel('Confirm new password').fill('second password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await page.getByText('Passwords do not match').waitFor();
  await shot(page, 'reset-password.png');
  await expectAccessible(page, 'reset password with an error');
  await page.getByLabel('Confirm new password').fill('second password 2');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await page.getByText('Password has been reset. Please log in.').waitFor();

  // The password form of the login page.
  await main.getByRole('link', { name: 'Sign in' }).click();
  await page.waitForURL('**/login');
  await main.getByLabel('Email address').fill(email);
  await main.getByLabel('Password').fill('second password 2');
  await main.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByText('Login successful').waitFor();
  await page.waitForURL('**/products', { timeout: 10_000 });
  await page.getByRole('button', { name: /^Kiran ▾/ }).waitFor();

  // The link works once, and the old password no longer does.
  await page.goto(store.url + link);
  await page.getByLabel('New password', { exact: true }).fill('third password 3');
  await page.getByLabel('Confirm new password').fill('third password 3');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await page.getByText('This link is invalid or has expired').waitFor();
  await expectAccessible(page, 'reset password, link used');
  const old = await fetch(`${store.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'first password 1' }) });
  assert.equal(old.status, 401);
  assert.deepEqual(context.cspViolations, []);
  await context.close();
});

test('the verification link from the registration mail verifies the address, once', async () => {
  const email = unique('newcomer');
  await registerAccount(store.url, { name: 'Dev Patel', email, password: 'correct horse battery' });
  const link = await mailedLink(store.url, email, '/verify-email');
  const context = await newContext(browser, { viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(store.url + link);
  await page.getByText('Email verified. Please sign in again.').waitFor();
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).waitFor();
  await shot(page, 'verify-email.png');
  await expectAccessible(page, 'e-mail verified');

  await page.goto(store.url + link);
  await page.getByRole('alert').filter({ hasText: 'This link is invalid or has expired' }).waitFor();
  await context.close();
});
