import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, ok, order, renderAt, signedIn } from '../../test/testkit';
import type { Proofs } from '../../api/proofs';
import { ProofReview } from './ProofReview';

afterEach(() => vi.unstubAllGlobals());

const v = (version: number, state: Proofs['versions'][number]['state'], extra: Partial<Proofs['versions'][number]> = {}) => ({
  version,
  state,
  source: 'drawn',
  createdBy: 'admin',
  createdAt: Date.UTC(2026, 10, 25),
  pdfUrl: `/api/orders/o1/proofs/${version}.pdf`,
  ...extra,
});

describe('Proof review', () => {
  it('opens the latest version, asks for changes with a comment, then shows the request', async () => {
    signedIn();
    let proofs: Proofs = { proofState: 'waiting', versions: [v(1, 'changes_requested', { comment: 'Bigger' }), v(2, 'sent', { note: 'Logo enlarged' })] };
    const bodies: unknown[] = [];
    mockApi(async (method, path, _url, request) => {
      if (method === 'GET' && path === '/api/orders/o1/proofs') return ok(proofs);
      if (path === '/api/orders/o1/proofs/2.pdf') return { status: 200, body: '%PDF-' };
      if (method === 'POST' && path === '/api/orders/o1/proofs/2/request-changes') {
        bodies.push(await request.json());
        proofs = { ...proofs, versions: [proofs.versions[0], { ...proofs.versions[1], state: 'changes_requested', comment: 'Move it up' }] };
        return ok(proofs);
      }
      return undefined;
    });
    URL.createObjectURL = vi.fn(() => 'blob:pdf');
    URL.revokeObjectURL = vi.fn();
    const opened = vi.spyOn(window, 'open').mockImplementation(() => ({}) as Window);
    renderAt('/', <ProofReview order={order(1, { isPaid: true, status: 'confirmed', proofState: 'waiting' })} />);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Review proof' }));
    expect(screen.getByText('Proof version 2 · Logo enlarged')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Open the proof (PDF)' }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith('blob:pdf', '_blank'));

    await user.click(screen.getByRole('button', { name: 'Ask for changes' }));
    const send = screen.getByRole('button', { name: 'Send the request' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText('What should we change?'), '  Move it up ');
    await user.click(send);
    expect(await screen.findByText('You asked for changes to version 2: “Move it up”. We will send you a new version.')).toBeTruthy();
    expect(bodies).toEqual([{ comment: 'Move it up' }]);
  });

  it('approves, shows the server’s refusal, and says nothing for an unpaid order', async () => {
    signedIn();
    mockApi((method, path) => {
      if (method === 'GET' && path === '/api/orders/o1/proofs') return ok({ proofState: 'waiting', versions: [v(1, 'sent')] });
      if (method === 'POST' && path === '/api/orders/o1/proofs/1/approve') return fail(409, 'This proof was replaced by version 2: please review the latest version');
      return undefined;
    });
    renderAt('/', <ProofReview order={order(1, { isPaid: true, status: 'confirmed', proofState: 'waiting' })} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Review proof' }));
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This proof was replaced by version 2: please review the latest version');

    const fetchMock = mockApi(() => undefined);
    const { container } = renderAt('/', <ProofReview order={order(2)} />);
    expect(container.querySelector('.proof-review')).toBeNull();
    expect(fetchMock.mock.calls.some(([input]) => String(input instanceof Request ? input.url : input).includes('/proofs'))).toBe(false);
  });

  it('shows an approved proof and a proof still being prepared', async () => {
    signedIn();
    mockApi((_method, path) => {
      if (path === '/api/orders/o1/proofs') return ok({ proofState: 'approved', versions: [v(1, 'approved')] });
      if (path === '/api/orders/o2/proofs') return ok({ proofState: 'waiting', versions: [] });
      if (path === '/api/orders/o3/proofs') return fail(500, 'Server error');
      return undefined;
    });
    renderAt('/', <ProofReview order={order(1, { isPaid: true, status: 'confirmed', proofState: 'approved' })} />);
    expect(await screen.findByText('You approved proof version 1. Your order goes into production.')).toBeTruthy();
    renderAt('/', <ProofReview order={order(2, { isPaid: true, status: 'confirmed', proofState: 'waiting' })} />);
    expect(await screen.findByText(/We are preparing the proof of your design/)).toBeTruthy();
    renderAt('/', <ProofReview order={order(3, { isPaid: true, status: 'confirmed', proofState: 'waiting' })} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Server error');
  });
});
