import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, ok, order, renderAt, signedIn, storeFacts } from '../../../test/testkit';
import type { Tracking } from '../../../api/shipping';
import { ShipmentPanel, fieldOf } from './ShipmentPanel';
import { BulkLabelsButton } from './BulkLabelsButton';

afterEach(() => vi.unstubAllGlobals());

const TRACKING: Tracking = {
  courier: 'Delhivery',
  awb: 'DL123456789',
  trackingUrl: 'https://www.delhivery.com/track/package/DL123456789',
  state: 'booked',
  currentStatus: 'SHIPPED',
  shippedAt: Date.UTC(2026, 10, 25, 9),
  events: [],
};

/** Saved files' names (the anchor a download clicks). */
function savedFiles() {
  URL.createObjectURL = vi.fn(() => 'blob:pdf');
  URL.revokeObjectURL = vi.fn();
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

describe('Shipment panel', () => {
  it('books by hand: field errors for what is missing, the server’s field message, then the shipment and its label', async () => {
    signedIn({ role: 'admin' });
    const bodies: unknown[] = [];
    mockApi(async (method, path, _url, request) => {
      if (method === 'POST' && path === '/api/orders/o1/shipment') {
        const body = (await request.json()) as { trackingUrl: string };
        bodies.push(body);
        if (!body.trackingUrl.startsWith('http')) return fail(400, 'The tracking URL must be a web address starting with https:// or http://');
        return ok(TRACKING);
      }
      if (path === '/api/orders/o1/shipment/label.pdf') return { status: 200, body: '%PDF-' };
      return undefined;
    });
    const saved = savedFiles();
    renderAt('/', <ShipmentPanel order={order(1, { status: 'processing', isPaid: true })} />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Create shipment' }));
    expect(screen.getByText('Please enter the courier’s name')).toBeTruthy();
    expect(screen.getByText('Please enter the AWB')).toBeTruthy();
    expect(screen.getByLabelText('Tracking URL').getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toEqual([]);

    await user.type(screen.getByLabelText('Courier'), 'Delhivery');
    await user.type(screen.getByLabelText('AWB'), 'DL123456789');
    await user.type(screen.getByLabelText('Tracking URL'), 'delhivery.com/track');
    await user.click(screen.getByRole('button', { name: 'Create shipment' }));
    const urlError = await screen.findByText('The tracking URL must be a web address starting with https:// or http://');
    expect(urlError.className).toBe('field-error');
    expect(screen.getByLabelText('Tracking URL').getAttribute('aria-describedby')).toBe(urlError.id);

    await user.clear(screen.getByLabelText('Tracking URL'));
    await user.type(screen.getByLabelText('Tracking URL'), TRACKING.trackingUrl);
    await user.click(screen.getByRole('button', { name: 'Create shipment' }));
    expect(await screen.findByText('Order LT-20261122-000001 shipped: the customer is e-mailed the tracking link.')).toBeTruthy();
    expect(bodies.at(-1)).toEqual({ courier: 'Delhivery', awb: 'DL123456789', trackingUrl: TRACKING.trackingUrl });
    expect(screen.getByRole('link', { name: /DL123456789/ }).getAttribute('href')).toBe(TRACKING.trackingUrl);
    expect(screen.getByText('Booked with the courier')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Download label' }));
    await waitFor(() => expect(saved).toEqual(['label-LT-20261122-000001.pdf']));
  });

  it('shows a conflict from the server as a message, not a field’s', async () => {
    signedIn({ role: 'admin' });
    mockApi((method, path) =>
      method === 'POST' && path === '/api/orders/o1/shipment' ? fail(409, 'AWB DL1 is already order LT-2’s shipment') : undefined,
    );
    renderAt('/', <ShipmentPanel order={order(1, { status: 'processing', isPaid: true })} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Courier'), 'Delhivery');
    await user.type(screen.getByLabelText('AWB'), 'DL1');
    await user.type(screen.getByLabelText('Tracking URL'), 'https://x.example/DL1');
    await user.click(screen.getByRole('button', { name: 'Create shipment' }));
    expect((await screen.findByRole('alert')).textContent).toBe('AWB DL1 is already order LT-2’s shipment');
    expect(screen.getByLabelText('AWB').getAttribute('aria-invalid')).toBeNull();
  });

  it('books through Shiprocket with one button and a busy state', async () => {
    signedIn({ role: 'admin' });
    let answer: (v: ReturnType<typeof ok>) => void = () => {};
    const bodies: unknown[] = [];
    mockApi(async (method, path, _url, request) => {
      if (path === '/api/store') return ok(storeFacts({ shippingProvider: 'shiprocket' }));
      if (method === 'POST' && path === '/api/orders/o1/shipment') {
        bodies.push(await request.json());
        return new Promise((r) => (answer = r));
      }
      return undefined;
    });
    renderAt('/', <ShipmentPanel order={order(1, { status: 'confirmed', isPaid: true, proofState: 'approved' })} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Book with Shiprocket' }));
    const busy = await screen.findByRole('button', { name: 'Booking with Shiprocket…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByLabelText('Courier')).toBeNull();
    answer(ok({ ...TRACKING, courier: 'Blue Dart', awb: 'SR99' }));
    expect(await screen.findByRole('link', { name: /SR99/ })).toBeTruthy();
    expect(bodies).toEqual([{}]);
  });

  it('shows nothing for an order that may not ship, and the tracking of a shipped one', async () => {
    signedIn({ role: 'admin' });
    mockApi((_m, path) => (path === '/api/orders/o2/tracking' ? ok({ ...TRACKING, state: 'delivered' }) : undefined));
    const { container } = renderAt('/', <ShipmentPanel order={order(1, { status: 'pending' })} />);
    expect(container.textContent).toBe('');
    renderAt('/', <ShipmentPanel order={order(2, { status: 'delivered', isPaid: true })} />);
    expect(await screen.findByText('Delivered')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Shipment' })).toBeTruthy();
  });

  it('names the field a server message is about', () => {
    expect(fieldOf('Please enter the courier’s name')).toBe('courier');
    expect(fieldOf("Please enter the courier's name")).toBe('courier');
    expect(fieldOf('The AWB can hold only letters, digits and hyphens')).toBe('awb');
    expect(fieldOf('Please enter the AWB (the courier’s tracking number)')).toBe('awb');
    expect(fieldOf('The tracking URL can be at most 500 characters, on one line')).toBe('trackingUrl');
    expect(fieldOf('Order LT-1 has a shipment already')).toBeUndefined();
  });
});

describe('Download labels', () => {
  it('saves one PDF for the selected orders, or shows the server’s 409', async () => {
    signedIn({ role: 'admin' });
    const bodies: unknown[] = [];
    let missing = false;
    mockApi(async (method, path, _url, request) => {
      if (method !== 'POST' || path !== '/api/orders/labels') return undefined;
      bodies.push(await request.json());
      return missing ? fail(409, 'These orders have no shipment: LT-20261122-000002') : { status: 200, body: '%PDF-' };
    });
    const saved = savedFiles();
    const onError = vi.fn();
    renderAt('/', <BulkLabelsButton selected={[order(1), order(2)]} onError={onError} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Download labels' }));
    await waitFor(() => expect(saved).toEqual(['labels.pdf']));
    expect(bodies[0]).toEqual({ orderIds: ['o1', 'o2'] });
    missing = true;
    await user.click(await screen.findByRole('button', { name: 'Download labels' }));
    await waitFor(() => expect(onError).toHaveBeenCalledWith('These orders have no shipment: LT-20261122-000002'));
    expect(saved).toHaveLength(1);
  });
});
