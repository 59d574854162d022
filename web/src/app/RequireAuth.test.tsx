import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, fakeTokens, mockApi, ok, renderRoutes, signedIn } from '../test/testkit';
import LoginPage from '../features/auth/LoginPage';
import { storedUser } from '../lib/tokens';
import { RequireAuth } from './RequireAuth';

const guarded = [
  { element: <RequireAuth />, children: [{ path: '/user/addresses', element: <h1>Saved addresses page</h1> }] },
  { element: <RequireAuth role="admin" />, children: [{ path: '/admin/orders', element: <h1>Admin orders page</h1> }] },
];

/** A refresh call that answers only when the test says so. */
function heldRefresh(answer: () => ReturnType<typeof ok>) {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  mockApi(async (_m, path) => {
    if (path === '/api/auth/refresh') {
      await held;
      return answer();
    }
    return undefined;
  });
  return release;
}

describe('RequireAuth', () => {
  it('shows a spinner, and neither the page nor a redirect, while the stored session is checked', async () => {
    signedIn();
    const release = heldRefresh(() => ok(fakeTokens()));
    const { router } = renderRoutes(guarded, '/user/addresses');
    expect(screen.getByRole('status').textContent).toContain('Loading…');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Saved addresses page')).toBeNull();
    expect(router.state.location.pathname).toBe('/user/addresses');
    await act(async () => release());
    expect(await screen.findByText('Saved addresses page')).toBeTruthy();
  });

  it('sends to /login when the stored session no longer works', async () => {
    signedIn();
    const release = heldRefresh(() => fail(401, 'Session expired. Please log in again.'));
    const { router } = renderRoutes(guarded, '/user/addresses');
    await new Promise((r) => setTimeout(r, 50));
    expect(router.state.location.pathname).toBe('/user/addresses');
    await act(async () => release());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });

  it('keeps the stored session when its renewal gets no answer (the last page was left mid-refresh)', async () => {
    signedIn();
    mockApi((_m, path) => {
      if (path === '/api/auth/refresh') throw new DOMException('The user aborted a request.', 'AbortError');
      return undefined;
    });
    const { router } = renderRoutes(guarded, '/user/addresses');
    expect(await screen.findByText('Saved addresses page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/user/addresses');
    expect(storedUser()).not.toBeNull();
  });

  it('sends a visitor to /login and, after signing in, back to the deep link asked for', async () => {
    const user = { _id: 'u1', name: 'Asha Verma', email: 'asha@example.com', role: 'user', isVerified: true, createdAt: 0 };
    mockApi((_m, path) => {
      if (path === '/api/auth/otp/email/send') return ok(true, 'OTP sent to your email');
      if (path === '/api/auth/otp/email/verify') return ok({ user, ...fakeTokens(), existingUser: true }, 'Login successful');
      return undefined;
    });
    const { router } = renderRoutes([...guarded, { path: '/login', element: <LoginPage /> }], '/user/addresses?type=home#list');
    expect(await screen.findByText('Please log in to access the requested page')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/user/addresses', search: '?type=home', hash: '#list' } });

    const u = userEvent.setup();
    await u.type(screen.getByLabelText('Email address'), 'asha@example.com');
    await u.click(screen.getByRole('button', { name: 'Send code' }));
    await u.type(await screen.findByLabelText('One-time code (OTP)'), '123456');
    await u.click(screen.getByRole('button', { name: 'Verify and continue' }));
    expect(await screen.findByText('Saved addresses page', {}, { timeout: 3000 })).toBeTruthy();
    expect(router.state.location.pathname + router.state.location.search + router.state.location.hash).toBe('/user/addresses?type=home#list');
  });

  it('sends a signed-in customer away from /admin to the home page', async () => {
    signedIn({ role: 'user' });
    mockApi(() => undefined);
    const { router } = renderRoutes(guarded, '/admin/orders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByText('Admin orders page')).toBeNull();
  });

  it('lets an admin in, and sends a visitor on /admin to sign in first', async () => {
    signedIn({ role: 'admin' });
    mockApi(() => undefined);
    const first = renderRoutes(guarded, '/admin/orders');
    expect(await screen.findByText('Admin orders page')).toBeTruthy();
    first.unmount();
    localStorage.clear();

    const { router } = renderRoutes(guarded, '/admin/orders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/admin/orders' } });
  });
});
