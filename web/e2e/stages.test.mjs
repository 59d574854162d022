// Production stages and "Order again" in a real Chromium against the real
// store: a buyer's two paid orders; an admin moves both to processing with the
// status menu, then through every stage in bulk, and delivers one; the buyer
// sees the timeline (paid, in production, each stage, delivered) and orders
// it again, with the answer and the way to the cart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { browser, expectAccessible, expectFits, payForTees, screenshots, shopperWithPaidOrder, signedInContext, store, withStore } from './harness.mjs';

// Stages come after the proof gate, which proofs.test.mjs walks: proofs off here.
process.env.PROOF_REQUIRED = 'off';

withStore();

const ADMIN = 'admin@example.com';


/** A buyer with two paid orders of 25 tees each; their e-mail and the orders, oldest first. */
async function buyerWithTwoPaidOrders() {
  const { email, token, order: first } = await shopperWithPaidOrder('Kavya Buyer');
  const second = await payForTees(token, { email, fullName: 'Kavya Buyer', color: 'navyblue' });
  return { email, orders: [first, second] };
}

test('an admin moves paid orders through the stages in bulk; the buyer sees the timeline and orders again', async () => {
  const { email, orders } = await buyerWithTwoPaidOrders();
  const [first, second] = orders;

  store.createAdmin(ADMIN);
  const admin = await signedInContext(browser, store.url, '/admin/orders', ADMIN, { viewport: { width: 1360, height: 1000 } });
  const page = admin.page;
  const rows = page.getByTestId('admin-order-row');
  await rows.first().waitFor();
  for (const order of [first, second]) {
    const row = rows.filter({ hasText: order.orderNumber });
    await row.getByRole('button', { name: /change the status/ }).click();
    await page.getByRole('menuitem', { name: 'Processing' }).click();
    await row.getByRole('combobox', { name: `Production stage of order ${order.orderNumber}` }).waitFor();
  }
  await expectAccessible(page, 'admin orders with production stages');

  for (const stage of ['Printing', 'Quality check', 'Packed']) {
    for (const order of [first, second]) await page.getByRole('checkbox', { name: `Select order ${order.orderNumber}` }).check();
    const bar = page.getByRole('group', { name: 'Selected orders' });
    await bar.getByText('2 selected').waitFor();
    await bar.getByRole('combobox', { name: 'Stage for the selected orders' }).selectOption(stage);
    await bar.getByRole('button', { name: 'Move to stage' }).click();
    await page.getByText(`2 of 2 orders moved to ${stage}`).waitFor();
    await page.waitForFunction(
      ([a, b, s]) =>
        [a, b].every((n) => document.querySelector(`select[aria-label="Production stage of order ${n}"]`)?.value === s),
      [first.orderNumber, second.orderNumber, stage],
    );
  }
  await page.screenshot({ path: join(screenshots, 'admin-orders-stages.png'), fullPage: true });

  // Moving back more than one stage is refused with the server's reason.
  const firstRow = rows.filter({ hasText: first.orderNumber });
  await firstRow.getByRole('combobox', { name: `Production stage of order ${first.orderNumber}` }).selectOption('Printing');
  await page.getByText(`Order ${first.orderNumber} is at Packed: a stage can go back only one step, to correct a mistake.`).waitFor();

  await firstRow.getByRole('button', { name: /change the status/ }).click();
  await page.getByRole('menuitem', { name: 'Delivered' }).click();
  await page.getByText('Order status updated to delivered').waitFor();
  await admin.context.close();

  const buyer = await signedInContext(browser, store.url, '/user/orders', email, { viewport: { width: 1280, height: 900 } });
  const card = buyer.page.getByTestId('order-card').filter({ hasText: first.orderNumber });
  await card.getByRole('button', { name: 'View details' }).click();
  const timeline = card.getByRole('list', { name: 'Order timeline' });
  await timeline.waitFor();
  assert.deepEqual(await timeline.locator('.timeline-label').allTextContents(), ['Paid', 'In production', 'Printing', 'Quality check', 'Packed', 'Delivered']);
  await expectAccessible(buyer.page, 'my orders with a timeline');

  await card.getByRole('button', { name: `Order again: order ${first.orderNumber}` }).click();
  const answer = card.getByRole('status');
  await answer.getByText(/T-Shirt Normal · white · 25 items at ₹299.00 each/).waitFor();
  await buyer.page.screenshot({ path: join(screenshots, 'orders-timeline-reorder.png'), fullPage: true });
  await expectAccessible(buyer.page, 'my orders, ordered again');
  await buyer.page.setViewportSize({ width: 390, height: 844 });
  await expectFits(buyer.page, 'my orders with a timeline and the reorder answer, on a phone');
  await answer.getByRole('link', { name: 'Go to cart' }).click();
  await buyer.page.waitForURL(/\/cart$/);
  await buyer.page.getByText('T-Shirt Normal').first().waitFor();
  await buyer.context.close();
});
