// The store's pages and its complaints desk in a real Chromium against the real store (issue 49): every header and
// footer link opens its page, with the seller's name (COMPANY_NAME) in the footer and in each page's text and the
// home page's returns promise naming the claim window (CLAIM_WINDOW_DAYS); a visitor files a complaint from
// /contact, gets its number by e-mail and on screen and finds it on /support/lookup; an admin edits /terms with the
// server's preview, and a <script> in the Markdown never runs, in the preview or for a visitor. Axe on each page at
// 360 px and on a desktop.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { browser, expectAccessible, expectFits, newContext, screenshots, signedInContext, store, withStore } from './harness.mjs';

const SELLER = 'Legacy Threads Apparel Private Limited';
const ADDRESS = '21 Residency Road, Bengaluru, Karnataka 560025';
const OFFICER = 'Meera Iyer';
// Not the 30 days the home page said before it asked the server.
const CLAIM_DAYS = 21;

withStore({
  env: {
    COMPANY_NAME: SELLER,
    COMPANY_ADDRESS: ADDRESS,
    GRIEVANCE_OFFICER_NAME: OFFICER,
    GRIEVANCE_OFFICER_DESIGNATION: 'Grievance Officer',
    GRIEVANCE_OFFICER_EMAIL: 'grievance@legacythreads.example',
    GRIEVANCE_OFFICER_PHONE: '+91 80 4000 1234',
    CLAIM_WINDOW_DAYS: String(CLAIM_DAYS),
  },
});

const DESKTOP = { viewport: { width: 1280, height: 900 } };
const PHONE = { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true };

/** A page's title as the server names it (the tab's title is made of it). */
async function titleOf(slug) {
  const res = await fetch(`${store.url}/api/pages/${slug}`);
  assert.equal(res.status, 200, slug);
  return (await res.json()).data.title;
}

/** Each link: where it is, its words, the path it opens and the page's slug (null: not a policy page). */
const LINKS = [
  ['banner', 'About', '/about', 'about'],
  ['banner', 'Contact', '/contact', 'contact'],
  ['contentinfo', 'About Us', '/about', 'about'],
  ['contentinfo', 'Contact Us', '/contact', 'contact'],
  ['contentinfo', 'Support & Returns', '/refunds', 'refunds'],
  ['contentinfo', 'Track a Complaint', '/support/lookup', null],
  ['contentinfo', 'Privacy Policy', '/privacy', 'privacy'],
  ['contentinfo', 'Terms of Service', '/terms', 'terms'],
  ['contentinfo', 'Shipping Policy', '/shipping-policy', 'shipping'],
  ['contentinfo', 'Cookie Policy', '/cookies', 'cookies'],
];

for (const [state, options] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
]) {
  test(`${state}: every header and footer link opens its page, with the seller's name`, async () => {
    const context = await newContext(browser, options);
    const page = await context.newPage();
    await page.goto(store.url + '/');
    // The returns promise is the store's claim window, and leads to the refunds page.
    const promise = page.getByRole('link', { name: `Returns within ${CLAIM_DAYS} days` });
    await promise.waitFor();
    const footer = page.getByRole('contentinfo');
    await footer.getByText(SELLER).waitFor();
    await footer.getByText(ADDRESS).waitFor();

    const checked = new Set();
    for (const [where, name, path, slug] of LINKS) {
      if (where === 'banner' && state === 'phone') await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole(where).getByRole('link', { name, exact: true }).click();
      await page.waitForURL((u) => u.pathname === path);
      const main = page.getByRole('main');
      if (slug) {
        const title = await titleOf(slug);
        await main.getByRole('heading', { level: 1 }).waitFor();
        // The tab's title (React puts it in the head a moment after the page's heading).
        await page.waitForFunction((expected) => document.title === expected, `${title} · Legacy Threads`, { timeout: 5_000 });
        assert.ok((await main.textContent()).includes(SELLER), `${path} names the seller`);
      } else {
        await main.getByRole('heading', { level: 1, name: 'Track a support ticket' }).waitFor();
      }
      assert.equal(await main.getByRole('heading', { level: 1 }).count(), 1, `${path} has one main heading`);
      if (!checked.has(path)) {
        checked.add(path);
        await expectAccessible(page, `${state}: ${path}`);
        if (state === 'phone') await expectFits(page, path);
      }
    }
    await page.screenshot({ path: join(screenshots, `policies-${state}.png`), fullPage: true });

    // A link in a page's text moves within the app, to the page it names (the terms name the shipping policy).
    await page.goto(store.url + '/terms');
    await page.getByRole('main').getByRole('link', { name: 'Shipping and delivery' }).first().click();
    await page.waitForURL((u) => u.pathname === '/shipping-policy');
    await page.getByRole('main').getByRole('heading', { level: 1, name: await titleOf('shipping') }).waitFor();

    // The refunds page names the same window as the home page.
    await page.goto(store.url + '/');
    await promise.click();
    await page.waitForURL('**/refunds');
    await page.getByRole('main').getByText(`${CLAIM_DAYS} days`).first().waitFor();

    // The footer's grievance officer lands on the officer's part of the contact page.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Grievance officer' }).click();
    await page.waitForURL((u) => u.pathname === '/contact' && u.hash === '#grievance-officer');
    await page.getByRole('region', { name: 'Grievance officer' }).getByText(OFFICER).waitFor();
    // In sight, below the sticky navigation bar.
    await page.waitForFunction(() => {
      const top = document.getElementById('grievance-officer')?.getBoundingClientRect().top ?? -1;
      return top >= document.querySelector('.navbar').getBoundingClientRect().bottom && top < window.innerHeight;
    });
    assert.deepEqual(context.cspViolations, []);
    await context.close();
  });
}

test('a visitor files a complaint from /contact, gets its number and finds it on /support/lookup', async () => {
  const context = await newContext(browser, PHONE);
  const page = await context.newPage();
  await page.goto(store.url + '/contact');
  const form = page.getByRole('region', { name: 'Write to us' });
  // Nothing typed: each field says what it needs, and nothing is filed.
  await form.getByRole('button', { name: 'Send message' }).click();
  await form.getByText('Please enter your name').waitFor();
  await expectAccessible(page, 'contact form, refused');
  await expectFits(page, 'contact form, refused');

  const email = `visitor-${Date.now()}@example.com`;
  await form.getByLabel('Your name').fill('Asha Verma');
  await form.getByLabel('E-mail address').fill(email);
  await form.getByLabel('What is it about?').selectOption('delivery');
  await form.getByLabel('Subject').fill('Parcel not arrived');
  await form.getByLabel('Message').fill('My parcel was due last week and the tracking has not moved.');
  await form.getByRole('button', { name: 'Send message' }).click();
  const number = (await page.getByTestId('ticket-number').textContent()).trim();
  assert.match(number, /^GRV\/\d{2}-\d{2}\/\d{6}$/);
  await expectAccessible(page, 'contact form, filed');

  // The acknowledgement e-mail carries the number.
  const outbox = await (await fetch(`${store.url}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json();
  assert.ok(JSON.stringify(outbox.data).includes(number), 'the acknowledgement names the ticket number');

  await page.getByRole('link', { name: 'Track your ticket' }).click();
  await page.waitForURL((u) => u.pathname === '/support/lookup');
  assert.equal(await page.getByLabel('Ticket number').inputValue(), number);
  // A wrong e-mail and a wrong number get the same one message.
  await page.getByLabel('E-mail address').fill('someone-else@example.com');
  await page.getByRole('button', { name: 'Find ticket' }).click();
  const notFound = (await page.getByRole('alert').textContent()).trim();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Ticket number').fill(number.replace(/\d$/, (d) => String((Number(d) + 1) % 10)));
  await page.getByRole('button', { name: 'Find ticket' }).click();
  await page.getByRole('alert').filter({ hasText: notFound }).waitFor();
  await page.getByLabel('Ticket number').fill(number);
  await page.getByRole('button', { name: 'Find ticket' }).click();
  await page.getByRole('heading', { name: `Ticket ${number}` }).waitFor();
  await page.getByText('My parcel was due last week and the tracking has not moved.').waitFor();
  await page.getByText('Received', { exact: true }).waitFor();
  await expectAccessible(page, 'ticket lookup, found');
  await expectFits(page, 'ticket lookup, found');
  await page.screenshot({ path: join(screenshots, 'ticket-lookup-phone.png'), fullPage: true });
  assert.deepEqual(context.cspViolations, []);
  await context.close();
});

const ATTACK = [
  '# Terms of service',
  '',
  '## Our promise',
  '',
  "<script>window.__pwned = 'script'</script>",
  '',
  '<img src="x" onerror="window.__pwned = \'img\'">',
  '',
  "[Click me](javascript:window.__pwned='link')",
].join('\n');

/** Whether anything in the Markdown ran, and what the page holds that could. */
const pwned = (page) =>
  page.evaluate(() => ({
    ran: window.__pwned ?? null,
    scripts: document.querySelectorAll('main script').length,
    handlers: document.querySelectorAll('main [onerror], main img').length,
    jsLinks: [...document.querySelectorAll('main a')].filter((a) => a.href.startsWith('javascript:')).length,
  }));
const CLEAN = { ran: null, scripts: 0, handlers: 0, jsLinks: 0 };

test("an admin edits /terms with the server's preview; a script in it never runs", async () => {
  const admin = 'pages-admin@example.com';
  store.createAdmin(admin);
  const { context, page } = await signedInContext(browser, store.url, '/admin/pages', admin, DESKTOP);

  const terms = await titleOf('terms');
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: new RegExp(terms) }).click();
  await page.waitForURL((u) => u.search === '?page=terms');
  await expectAccessible(page, 'admin pages');
  const text = page.getByLabel('Text (Markdown)');
  await text.fill(ATTACK);
  const preview = page.getByTestId('page-preview');
  await preview.getByRole('heading', { name: 'Our promise' }).waitFor();
  await preview.getByText("<script>window.__pwned = 'script'</script>").waitFor();
  const link = preview.getByText('Click me');
  if (await link.count()) await link.click();
  assert.deepEqual(await pwned(page), CLEAN, 'the preview runs nothing');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Page saved: visitors see it now').waitFor();
  await expectAccessible(page, 'admin pages, saved');
  await page.screenshot({ path: join(screenshots, 'admin-pages.png'), fullPage: true });

  // A visitor (no copy of the page kept) sees the edit as text, and nothing runs.
  const visitor = await newContext(browser, PHONE);
  const seen = await visitor.newPage();
  await seen.goto(store.url + '/terms');
  await seen.getByRole('main').getByRole('heading', { name: 'Our promise' }).waitFor();
  await seen.getByText("<script>window.__pwned = 'script'</script>").waitFor();
  const clickable = seen.getByRole('main').getByText('Click me');
  if (await clickable.count()) await clickable.click();
  assert.deepEqual(await pwned(seen), CLEAN, 'the page runs nothing');
  await expectAccessible(seen, 'terms, edited');
  assert.deepEqual(visitor.cspViolations, []);
  await visitor.close();

  // Reset to default: the default text again.
  await page.getByRole('button', { name: 'Reset to default' }).click();
  await page.getByRole('dialog', { name: 'Reset to default' }).getByRole('button', { name: 'Reset to default' }).click();
  await page.getByText('The default text is back').waitFor();
  assert.notEqual(await text.inputValue(), ATTACK);
  const again = await newContext(browser, DESKTOP);
  const fresh = await again.newPage();
  await fresh.goto(store.url + '/terms');
  await fresh.getByRole('main').getByRole('heading', { level: 1 }).waitFor();
  assert.equal(await fresh.getByText('Our promise').count(), 0);
  await again.close();

  // At 360 px the editor fits and stays accessible.
  await page.setViewportSize({ width: 360, height: 780 });
  await expectAccessible(page, 'admin pages, phone');
  assert.deepEqual(context.cspViolations, []);
  await context.close();
});
