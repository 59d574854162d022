import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, inHindi, mockApi, ok, renderAt } from '../../test/testkit';
import { englishLeft } from '../../test/englishLeft';
import ProofLinkPage from './ProofLinkPage';

afterEach(() => vi.unstubAllGlobals());

const VIEW = {
  orderNumber: 'LT-20261122-000001',
  version: 2,
  state: 'sent',
  note: 'Logo moved up',
  expiresAt: Date.UTC(2026, 11, 1),
  pdfUrl: '/api/proof-links/abc.def/pdf',
};

describe('/proof/:token', () => {
  it('shows the proof, needs a comment for changes, then approves once', async () => {
    const posted: string[] = [];
    mockApi(async (method, path) => {
      if (path === '/api/proof-links/abc.def' && method === 'GET') return ok(VIEW);
      if (path === '/api/proof-links/abc.def/approve') {
        posted.push(path);
        return ok({ ...VIEW, state: 'approved' });
      }
      return undefined;
    });
    renderAt('/proof/:token', <ProofLinkPage />, '/proof/abc.def');
    expect(await screen.findByRole('heading', { name: 'Your proof' })).toBeTruthy();
    expect(screen.getByText(/Order LT-20261122-000001, proof version 2/)).toBeTruthy();
    expect(screen.getByText('Note from the printer: Logo moved up')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Request changes' }));
    expect(screen.getByRole('alert').textContent).toBe('Please say what to change.');
    await user.click(screen.getByRole('button', { name: 'Approve the proof' }));
    expect(await screen.findByText('Proof approved. Your order goes into production.')).toBeTruthy();
    expect(posted).toEqual(['/api/proof-links/abc.def/approve']);
    expect(screen.queryByRole('button', { name: 'Approve the proof' })).toBeNull();
  });

  it.each([
    [404, 'This link is not valid. Please check it, or sign in to see your order.'],
    [409, 'This link has been used already. Sign in to see your order.'],
    [410, "This link has expired. Sign in to see your order's proof."],
  ])('a %i says why the link does not open', async (status, words) => {
    mockApi((_m, path) => (path === '/api/proof-links/abc.def' ? fail(status, 'server words') : undefined));
    renderAt('/proof/:token', <ProofLinkPage />, '/proof/abc.def');
    expect((await screen.findByRole('alert')).textContent).toBe(words);
  });

  it('reads in Hindi', async () => {
    await inHindi();
    mockApi((_m, path) => (path === '/api/proof-links/abc.def' ? ok({ ...VIEW, note: 'लोगो ऊपर' }) : undefined));
    const { container } = renderAt('/proof/:token', <ProofLinkPage />, '/proof/abc.def');
    expect(await screen.findByRole('heading', { name: 'आपका प्रूफ़' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'प्रूफ़ स्वीकार करें' })).toBeTruthy();
    expect(englishLeft(container)).toEqual([]);
  });
});
