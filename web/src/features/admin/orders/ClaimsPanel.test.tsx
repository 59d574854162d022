import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, ok, order, renderAt, signedIn } from '../../../test/testkit';
import { claim } from '../../../test/supportFixtures';
import type { Claim } from '../../../api/claims';
import { ClaimsPanel } from './ClaimsPanel';

const delivered = order(1, { status: 'delivered', isPaid: true });

function pictures() {
  URL.createObjectURL = vi.fn(() => 'blob:photo');
  URL.revokeObjectURL = vi.fn();
}

describe('Claims panel', () => {
  it('shows a claim with its photos and reprints it: the reprint order’s number is shown', async () => {
    signedIn({ role: 'admin' });
    pictures();
    let current: Claim = claim({ photos: ['a'.repeat(64), 'b'.repeat(64)] });
    const decisions: unknown[] = [];
    mockApi(async (method, path, _url, request) => {
      if (method === 'GET' && path === '/api/orders/o1/claims') return ok([current]);
      if (method === 'GET' && path.startsWith('/api/artwork/')) return { status: 200, body: 'png' };
      if (method === 'GET' && path === '/api/orders/o9') return ok(order(9, { orderNumber: 'LT-20261201-000009' }));
      if (method === 'POST' && path === '/api/orders/o1/claims/c1/decision') {
        const body = (await request.json()) as { action: 'reprint'; note: string };
        decisions.push(body);
        current = { ...current, status: 'reprinted', decision: { ...body, decidedAt: Date.UTC(2026, 11, 1), reprintOrderId: 'o9' } };
        return ok(current);
      }
      return undefined;
    });
    renderAt('/', <ClaimsPanel order={delivered} />);
    const card = await screen.findByTestId('admin-claim');
    expect(within(card).getByRole('heading', { level: 4 }).textContent).toBe('Ticket GRV/26-27/000007 · Misprint');
    expect(card.textContent).toContain('T-Shirt Normal (white): M 2 · reported');
    expect(card.textContent).toContain('Two shirts have the logo printed upside down.');
    const photos = within(card).getByRole('list', { name: 'Photos of claim GRV/26-27/000007' });
    expect(await within(photos).findByRole('img', { name: 'Photo 1 of claim GRV/26-27/000007' })).toBeTruthy();
    expect(within(photos).getAllByRole('listitem')).toHaveLength(2);

    const user = userEvent.setup();
    await user.type(within(card).getByLabelText('Note to the customer'), 'Reprinting both.');
    await user.click(within(card).getByRole('button', { name: 'Reprint' }));
    expect(await within(card).findByTestId('reprint-order')).toBeTruthy();
    expect((await within(card).findByText('order LT-20261201-000009')).tagName).toBe('STRONG');
    expect(decisions).toEqual([{ action: 'reprint', note: 'Reprinting both.' }]);
    expect(within(card).queryByRole('button', { name: 'Reprint' })).toBeNull();
    expect(card.textContent).toContain('Reprinted');
  });

  it('needs a note to reject, and shows a refund’s credit note', async () => {
    signedIn({ role: 'admin' });
    pictures();
    const decisions: unknown[] = [];
    mockApi(async (method, path, _url, request) => {
      if (path === '/api/orders/o1/claims')
        return ok([
          claim({ photos: [] }),
          claim({ id: 'c2', ticketNumber: 'GRV/26-27/000008', photos: [], status: 'refunded', decision: { action: 'refund', note: 'Refunded the two pieces.', decidedAt: 1, creditNoteNumber: 'CN/26-27/000003', refundPaise: 59800 } }),
        ]);
      if (method === 'POST' && path.endsWith('/decision')) {
        decisions.push(await request.json());
        return fail(409, 'Claim GRV/26-27/000007 is already decided');
      }
      return undefined;
    });
    renderAt('/', <ClaimsPanel order={delivered} />);
    const [open, refunded] = await screen.findAllByTestId('admin-claim');
    expect(refunded.textContent).toContain('Refunded ₹598.00, credit note CN/26-27/000003.');
    const user = userEvent.setup();
    await user.click(within(open).getByRole('button', { name: 'Reject' }));
    expect(within(open).getByRole('alert').textContent).toBe('Please write why the claim is rejected');
    expect(decisions).toEqual([]);
    await user.type(within(open).getByLabelText('Note to the customer'), 'Not a misprint.');
    await user.click(within(open).getByRole('button', { name: 'Reject' }));
    expect((await within(open).findByRole('alert')).textContent).toBe('Claim GRV/26-27/000007 is already decided');
    expect(decisions).toEqual([{ action: 'reject', note: 'Not a misprint.' }]);
  });

  it('asks nothing for an order that cannot have claims', () => {
    const fetchMock = mockApi(() => undefined);
    renderAt('/', <ClaimsPanel order={order(1, { status: 'shipped', isPaid: true })} />);
    expect(fetchMock.mock.calls.filter(([i]) => String(i instanceof Request ? i.url : i).includes('/claims'))).toEqual([]);
    expect(screen.queryByRole('heading', { name: 'Claims' })).toBeNull();
  });
});
