import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, ok, renderRoutes, signedIn } from '../../../test/testkit';
import type { Coupon, CouponRequest } from '../../../api/coupons';
import CouponsAdminPage from './CouponsAdminPage';

/** The coupons API as the server keeps them: codes in capitals and unique, one of percent or amount. */
function couponsApi() {
  const coupons: Coupon[] = [];
  const sent: { method: string; body: CouponRequest }[] = [];
  mockApi(async (method, path, _url, request) => {
    if (!path.startsWith('/api/coupons')) return undefined;
    if (method === 'GET') return ok(coupons);
    const body = (await request.json()) as CouponRequest;
    sent.push({ method, body });
    const code = body.code.trim().toUpperCase();
    if (!/^[A-Z0-9]{4,20}$/.test(code)) return { status: 400, body: { success: false, message: 'Coupon code must be 4 to 20 letters and digits' } };
    const id = path.split('/')[3];
    if (coupons.some((c) => c.code === code && c._id !== id)) return { status: 409, body: { success: false, message: 'A coupon with this code already exists', code: 'COUPON_CODE_TAKEN' } };
    const saved: Coupon = {
      _id: id ?? `c${coupons.length + 1}`,
      code,
      percentOff: body.percentOff ?? undefined,
      amountOff: body.amountOff ?? undefined,
      label: body.percentOff != null ? `${body.percentOff}% off` : `₹${((body.amountOff ?? 0) / 100).toFixed(2)} off`,
      minPieces: body.minPieces ?? 0,
      maxUses: body.maxUses ?? undefined,
      productIds: body.productIds ?? [],
      categories: body.categories ?? [],
      active: body.active ?? true,
      uses: 0,
      createdAt: 1,
      updatedAt: 1,
    };
    const at = coupons.findIndex((c) => c._id === saved._id);
    if (at >= 0) coupons[at] = saved;
    else coupons.push(saved);
    return ok(saved);
  });
  return sent;
}

describe('CouponsAdminPage', () => {
  it("creates a coupon, shows the server's refusal, and deactivates one keeping its terms", async () => {
    signedIn({ role: 'admin' });
    const sent = couponsApi();
    renderRoutes([{ path: '/admin/coupons', element: <CouponsAdminPage /> }], '/admin/coupons');
    const u = userEvent.setup();
    expect(await screen.findByText('No coupons yet')).toBeTruthy();

    await u.click(screen.getByRole('button', { name: 'New coupon' }));
    const dialog = screen.getByRole('dialog');
    await u.type(within(dialog).getByLabelText('Code'), 'ab');
    await u.type(within(dialog).getByLabelText('Percent (1 to 100)'), '10');
    await u.type(within(dialog).getByLabelText('Uses in all'), '50');
    await u.type(within(dialog).getByLabelText('Categories (comma-separated; empty: all)'), 't-shirts, shirts');
    await u.click(within(dialog).getByRole('button', { name: 'Save coupon' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Coupon code must be 4 to 20 letters and digits');

    await u.clear(within(dialog).getByLabelText('Code'));
    await u.type(within(dialog).getByLabelText('Code'), 'diwali10');
    await u.click(within(dialog).getByRole('button', { name: 'Save coupon' }));
    const row = await screen.findByTestId('coupon-row');
    expect(within(row).getByText('DIWALI10')).toBeTruthy();
    expect(within(row).getByText('10% off')).toBeTruthy();
    expect(within(row).getByText('0 of 50 used')).toBeTruthy();
    expect(within(row).getByText('t-shirts, shirts')).toBeTruthy();
    expect(sent[1].body).toMatchObject({ code: 'diwali10', percentOff: 10, maxUses: 50, categories: ['t-shirts', 'shirts'], active: true });

    await u.click(within(row).getByRole('button', { name: 'Deactivate DIWALI10' }));
    expect(await within(row).findByText('Inactive')).toBeTruthy();
    expect(sent[2]).toMatchObject({ method: 'PUT', body: { code: 'DIWALI10', percentOff: 10, maxUses: 50, active: false } });
  });
});
