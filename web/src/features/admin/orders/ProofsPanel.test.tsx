import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, ok, order, renderAt, signedIn } from '../../../test/testkit';
import type { Proofs } from '../../../api/proofs';
import { ProofsPanel, eventText } from './ProofsPanel';
import { OverrideDialog } from './OverrideDialog';

afterEach(() => vi.unstubAllGlobals());

const sent = (version: number, extra = {}) => ({
  version,
  state: 'sent' as const,
  source: 'drawn',
  createdBy: 'admin',
  createdAt: Date.UTC(2026, 10, 25),
  pdfUrl: `/api/orders/o1/proofs/${version}.pdf`,
  ...extra,
});

describe('Proofs panel', () => {
  it('lists versions with the customer’s comment, downloads one and sends a new version with a note', async () => {
    signedIn({ role: 'admin' });
    let proofs: Proofs = { proofState: 'waiting', versions: [{ ...sent(1), state: 'changes_requested', comment: 'Make the logo bigger' }] };
    const notes: unknown[] = [];
    mockApi(async (method, path, _url, request) => {
      if (method === 'GET' && path === '/api/orders/o1/proofs') return ok(proofs);
      if (path === '/api/orders/o1/proofs/1.pdf') return { status: 200, body: '%PDF-' };
      if (method === 'POST' && path === '/api/orders/o1/proofs') {
        notes.push(await request.json());
        proofs = { ...proofs, versions: [...proofs.versions, sent(2, { note: 'Logo enlarged' })] };
        return ok(proofs);
      }
      return undefined;
    });
    URL.createObjectURL = vi.fn(() => 'blob:pdf');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderAt('/', <ProofsPanel order={order(1, { isPaid: true, status: 'confirmed', proofState: 'waiting' })} />);
    const user = userEvent.setup();

    expect(await screen.findByText('Customer’s comment: “Make the logo bigger”')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download version 1' }));
    await waitFor(() => expect(saved).toEqual(['proof-LT-20261122-000001-v1.pdf']));

    await user.type(screen.getByLabelText('Note to the customer (optional)'), 'Logo enlarged');
    await user.click(screen.getByRole('button', { name: 'Send proof' }));
    expect((await screen.findByRole('status')).textContent).toBe('Proof version 2 sent to the customer');
    expect(notes).toEqual([{ note: 'Logo enlarged' }]);
    expect(screen.getByText('Note: Logo enlarged')).toBeTruthy();
  });

  it('shows the server’s refusal, no form once approved, and an empty list', async () => {
    signedIn({ role: 'admin' });
    mockApi((method, path) => {
      if (path === '/api/orders/o1/proofs' && method === 'GET') return ok({ proofState: 'waiting', versions: [] });
      if (path === '/api/orders/o1/proofs') return fail(409, 'This order is not paid: it has no proofs');
      if (path === '/api/orders/o2/proofs') return ok({ proofState: 'approved', versions: [{ ...sent(1), state: 'approved' }] });
      return undefined;
    });
    renderAt('/', <ProofsPanel order={order(1, { isPaid: true, status: 'confirmed', proofState: 'waiting' })} />);
    const user = userEvent.setup();
    expect(await screen.findByText('No proof sent yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send proof' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This order is not paid: it has no proofs');

    renderAt('/', <ProofsPanel order={order(2, { isPaid: true, status: 'confirmed', proofState: 'approved' })} />);
    expect(await screen.findByText('Approved: the order may go into production.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Send proof' })).toHaveLength(1);
  });

  it('words the order’s events', () => {
    expect(eventText({ kind: 'proof_approved', actor: 'system', at: 1 })).toBe('Proof approved by the system');
    expect(eventText({ kind: 'proof_changes_requested', version: 1, actor: 'u1', actorName: 'Asha', note: 'Bigger', at: 1 })).toBe('Changes to proof version 1 requested by Asha: “Bigger”');
    expect(eventText({ kind: 'production_override', actor: 'a1', actorName: 'Admin', note: 'Agreed by phone', at: 1 })).toBe(
      'Production without an approved proof, by Admin: Agreed by phone',
    );
  });

  it('asks for an override reason before production without approval', async () => {
    const confirmed: string[] = [];
    renderAt(
      '/',
      <OverrideDialog order={order(1)} status="processing" message="No approved proof" onConfirm={(r) => confirmed.push(r)} onCancel={() => undefined} />,
    );
    const user = userEvent.setup();
    const go = screen.getByRole('button', { name: 'Override and mark processing' });
    expect((go as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByLabelText(/Override reason/), ' Agreed by phone ');
    await user.click(go);
    expect(confirmed).toEqual(['Agreed by phone']);
  });
});
