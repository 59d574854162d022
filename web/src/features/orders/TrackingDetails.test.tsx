import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { fail, mockApi, ok, renderAt, signedIn } from '../../test/testkit';
import type { Tracking } from '../../api/shipping';
import { TrackingDetails, formatDay } from '../../components/order/TrackingDetails';
import { OrderTracking } from './OrderTracking';
import { TimelineList } from '../../components/order/TimelineList';

afterEach(() => vi.unstubAllGlobals());

const IN_TRANSIT: Tracking = {
  courier: 'Delhivery',
  awb: 'DL123456789',
  trackingUrl: 'https://www.delhivery.com/track/package/DL123456789',
  state: 'outForDelivery',
  currentStatus: 'OUT FOR DELIVERY',
  etd: '2026-11-28',
  shippedAt: Date.UTC(2026, 10, 25, 9),
  events: [
    { at: Date.UTC(2026, 10, 25, 12), activity: 'Picked up', location: 'New Delhi Hub' },
    { at: Date.UTC(2026, 10, 27, 3), activity: 'Out for delivery', location: 'Connaught Place' },
  ],
};

describe('Tracking details', () => {
  it('shows the courier, the AWB as a link to the tracking page, the state, the estimate and the scans newest first', () => {
    renderAt('/', <TrackingDetails tracking={IN_TRANSIT} />);
    expect(screen.getByRole('heading', { name: 'Delivery' })).toBeTruthy();
    expect(screen.getByText('Delhivery')).toBeTruthy();
    const awb = screen.getByRole('link', { name: /DL123456789/ });
    expect(awb.getAttribute('href')).toBe(IN_TRANSIT.trackingUrl);
    expect(awb.getAttribute('target')).toBe('_blank');
    expect(screen.getByText('Out for delivery', { selector: '.shipment-state' })).toBeTruthy();
    expect(screen.getByText('Sat, 28 Nov, 2026')).toBeTruthy();
    const scans = within(screen.getByRole('list', { name: 'Courier scans, newest first' })).getAllByRole('listitem');
    expect(scans.map((s) => s.querySelector('.scan-activity')?.textContent)).toEqual(['Out for delivery', 'Picked up']);
    expect(scans[0].textContent).toContain('Connaught Place');
    expect(scans[0].querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-27T03:00:00.000Z');
    expect(scans[0].querySelector('time')?.textContent).toMatch(/27 Nov 2026/);
  });

  it('drops the estimate once delivered, and says when the courier has not scanned yet', () => {
    renderAt('/', <TrackingDetails tracking={{ ...IN_TRANSIT, state: 'delivered', events: [] }} />);
    expect(screen.queryByText('Estimated delivery')).toBeNull();
    expect(screen.getByText('Delivered')).toBeTruthy();
    expect(screen.getByText('No scans from the courier yet.')).toBeTruthy();
  });

  it('reads a calendar day without a time zone shift', () => {
    expect(formatDay('2026-11-28')).toBe('Sat, 28 Nov, 2026');
    expect(formatDay('soon')).toBe('soon');
  });

  it('loads an order’s tracking, and shows the server’s message when it cannot', async () => {
    signedIn();
    mockApi((_m, path) => {
      if (path === '/api/orders/o1/tracking') return ok(IN_TRANSIT);
      if (path === '/api/orders/o2/tracking') return fail(404, 'Order LT-2 has not shipped yet');
      return undefined;
    });
    renderAt('/', <OrderTracking orderId="o1" />);
    expect(await screen.findByRole('link', { name: /DL123456789/ })).toBeTruthy();
    renderAt('/', <OrderTracking orderId="o2" />);
    expect((await screen.findByRole('alert')).textContent).toBe('Order LT-2 has not shipped yet');
  });

  it('names the shipping kinds of the timeline (in English, the server’s words)', () => {
    renderAt(
      '/',
      <TimelineList
        events={[
          { kind: 'proofApproved', label: 'Proof approved', at: Date.UTC(2026, 10, 23) },
          { kind: 'outForDelivery', label: 'Out for delivery', at: Date.UTC(2026, 10, 27) },
          { kind: 'returned', label: 'Returned to the seller', at: Date.UTC(2026, 10, 29) },
        ]}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Order timeline' })).getAllByRole('listitem');
    expect(items.map((i) => i.className)).toEqual(['timeline-proofApproved', 'timeline-outForDelivery', 'timeline-returned']);
    expect(items.map((i) => i.querySelector('.timeline-label')?.textContent)).toEqual(['Proof approved', 'Out for delivery', 'Returned to the seller']);
  });
});
