// The e-mailed links (verify an address, reset a password) and the request for a reset link.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import authRoutes from '../../../../api/src/http/routes/auth/mod.rs?raw';
import { VERIFIED_SIGN_IN_AGAIN } from '../../api/auth';
import { calls, fail, mockApi, ok, renderRoutes, signedIn } from '../../test/testkit';
import ForgotPasswordPage from './ForgotPasswordPage';
import ResetPasswordPage from './ResetPasswordPage';
import VerifyEmailPage from './VerifyEmailPage';

function bodiesOf(routes: Record<string, () => ReturnType<typeof ok>>) {
  const bodies: Record<string, unknown[]> = {};
  const fetchMock = mockApi(async (_m, path, _url, request) => {
    if (!routes[path]) return undefined;
    (bodies[path] ??= []).push(await request.json());
    return routes[path]();
  });
  return { bodies, fetchMock };
}

describe('VerifyEmailPage', () => {
  it("knows the server's answer that asks its owner to sign in again (the page's own words say the rest)", () => {
    expect(authRoutes).toContain(`"${VERIFIED_SIGN_IN_AGAIN}"`);
  });

  it("sends the link's token once and says it is verified, with a way to sign in", async () => {
    const { bodies } = bodiesOf({ '/api/auth/verify-email': () => ok(true, 'Email verified. Please sign in again.') });
    renderRoutes([{ path: '/verify-email', element: <VerifyEmailPage /> }], '/verify-email?token=abc123');
    expect(await screen.findByText('Email verified. Please sign in again.')).toBeTruthy();
    expect(bodies['/api/auth/verify-email']).toEqual([{ token: 'abc123' }]);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
  });

  it('waits for the stored session, then checks it again (the proof may have ended it)', async () => {
    signedIn();
    const { fetchMock } = bodiesOf({ '/api/auth/verify-email': () => ok(true, 'Email verified') });
    renderRoutes([{ path: '/verify-email', element: <VerifyEmailPage /> }], '/verify-email?token=abc123');
    expect(await screen.findByText('Your e-mail address is confirmed.', { selector: 'p.notice' }, { timeout: 2000 })).toBeTruthy();
    await waitFor(() => expect(calls(fetchMock, '/api/auth/me')).toBe(1));
    const order = fetchMock.mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : String(input), location.href).pathname);
    expect(order.indexOf('/api/auth/refresh')).toBeLessThan(order.indexOf('/api/auth/verify-email'));
  });

  it("shows the server's refusal, and a link without a token is refused without asking", async () => {
    bodiesOf({ '/api/auth/verify-email': () => fail(400, 'This link is invalid or has expired') });
    const first = renderRoutes([{ path: '/verify-email', element: <VerifyEmailPage /> }], '/verify-email?token=used');
    expect((await screen.findByRole('alert')).textContent).toBe('This link is invalid or has expired');
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeTruthy();
    first.unmount();

    const { fetchMock } = bodiesOf({});
    renderRoutes([{ path: '/verify-email', element: <VerifyEmailPage /> }], '/verify-email');
    expect((await screen.findByRole('alert')).textContent).toBe('This link is invalid or has expired');
    expect(calls(fetchMock, '/api/auth/verify-email')).toBe(0);
  });
});

describe('ResetPasswordPage', () => {
  it('checks the length and the confirmation, then sets the password and leads to the password sign-in', async () => {
    const { bodies } = bodiesOf({ '/api/auth/reset-password': () => ok(true, 'Password has been reset. Please log in.') });
    const { router } = renderRoutes([{ path: '/reset-password', element: <ResetPasswordPage /> }], '/reset-password?token=t0k3n');
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('New password'), 'short');
    await u.type(screen.getByLabelText('Confirm new password'), 'short');
    await u.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByRole('alert').textContent).toBe('Password must be at least 8 characters');

    await u.type(screen.getByLabelText('New password'), ' and long');
    await u.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(screen.getByRole('alert').textContent).toBe('Passwords do not match');
    expect(bodies['/api/auth/reset-password']).toBeUndefined();

    await u.type(screen.getByLabelText('Confirm new password'), ' and long');
    await u.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password has been reset. Please log in.')).toBeTruthy();
    expect(bodies['/api/auth/reset-password']).toEqual([{ token: 't0k3n', password: 'short and long' }]);
    await u.click(screen.getByRole('link', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ password: true });
  });

  it("shows the server's message for a used link", async () => {
    bodiesOf({ '/api/auth/reset-password': () => fail(400, 'This link is invalid or has expired') });
    renderRoutes([{ path: '/reset-password', element: <ResetPasswordPage /> }], '/reset-password?token=old');
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('New password'), 'correct horse');
    await u.type(screen.getByLabelText('Confirm new password'), 'correct horse');
    await u.click(screen.getByRole('button', { name: 'Reset password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This link is invalid or has expired');
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/forgot-password');
  });
});

describe('ForgotPasswordPage', () => {
  it('sends the address and gives the same-for-everyone answer', async () => {
    const message = 'If an account exists for this email, a reset link has been sent';
    const { bodies } = bodiesOf({ '/api/auth/forgot-password': () => ok(true, message) });
    renderRoutes([{ path: '/forgot-password', element: <ForgotPasswordPage /> }], '/forgot-password');
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('Email address'), 'nobody@example.com');
    await u.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('status')).textContent).toBe(message);
    expect(bodies['/api/auth/forgot-password']).toEqual([{ email: 'nobody@example.com' }]);
  });

  it("shows the server's refusal", async () => {
    bodiesOf({ '/api/auth/forgot-password': () => fail(429, 'Too many requests. Please try again later.') });
    renderRoutes([{ path: '/forgot-password', element: <ForgotPasswordPage /> }], '/forgot-password');
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('Email address'), 'asha@example.com');
    await u.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests. Please try again later.');
  });
});
