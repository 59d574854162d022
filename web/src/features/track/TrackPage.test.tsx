import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, ok, renderAt } from '../../test/testkit';
import TrackPage from './TrackPage';

afterEach(() => vi.unstubAllGlobals());

const NOT_FOUND = 'No order matches that order number and e-mail';

describe('Track page', () => {
  it('asks for both fields, shows the 404 message, then the status, timeline and parcel', async () => {
    const asked: string[] = [];
    let release: () => void = () => {};
    mockApi(async (_m, path, url) => {
      if (path !== '/api/track') return undefined;
      asked.push(url.search);
      if (url.searchParams.get('email') !== 'asha@example.com') return fail(404, NOT_FOUND);
      await new Promise<void>((r) => (release = r));
      return ok({
        orderNumber: 'LT-20261122-000001',
        status: 'shipped',
        timeline: [
          { kind: 'paid', label: 'Paid', at: Date.UTC(2026, 10, 22) },
          { kind: 'shipped', label: 'Shipped', at: Date.UTC(2026, 10, 25) },
        ],
        tracking: {
          courier: 'Delhivery',
          awb: 'DL123456789',
          trackingUrl: 'https://www.delhivery.com/track/package/DL123456789',
          state: 'inTransit',
          currentStatus: 'IN TRANSIT',
          shippedAt: Date.UTC(2026, 10, 25),
          events: [{ at: Date.UTC(2026, 10, 26), activity: 'In transit', location: 'Agra Hub' }],
        },
      });
    });
    renderAt('/track', <TrackPage />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Track order' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter your order number');
    expect(asked).toEqual([]);

    await user.type(screen.getByLabelText('Order number'), ' LT-20261122-000001 ');
    await user.type(screen.getByLabelText('E-mail address'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Track order' }));
    expect((await screen.findByRole('alert')).textContent).toBe(NOT_FOUND);

    await user.clear(screen.getByLabelText('E-mail address'));
    await user.type(screen.getByLabelText('E-mail address'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Track order' }));
    expect(((await screen.findByRole('button', { name: 'Looking up your order…' })) as HTMLButtonElement).disabled).toBe(true);
    release();
    expect(await screen.findByRole('heading', { name: 'Order LT-20261122-000001' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(asked.at(-1)).toBe('?orderNumber=LT-20261122-000001&email=asha%40example.com');
    expect(within(screen.getByRole('list', { name: 'Order timeline' })).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('link', { name: /DL123456789/ })).toBeTruthy();
    expect(screen.getByText('Agra Hub')).toBeTruthy();
  });

  it('says an order that has not shipped has no parcel yet', async () => {
    mockApi((_m, path) =>
      path === '/api/track' ? ok({ orderNumber: 'LT-1', status: 'processing', timeline: [{ kind: 'paid', label: 'Paid', at: Date.UTC(2026, 10, 22) }] }) : undefined,
    );
    renderAt('/track', <TrackPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Order number'), 'LT-1');
    await user.type(screen.getByLabelText('E-mail address'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Track order' }));
    expect(await screen.findByText('Your order has not shipped yet: we e-mail you the tracking link when it does.')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
