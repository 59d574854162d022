// The link an admin is e-mailed when their second factor locks: the token is sent once and the answer shown.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls, fail, mockApi, ok, renderRoutes } from '../../test/testkit';
import { SERVER_UNREACHABLE } from '../../lib/api';
import UnlockSecondFactorPage from './UnlockSecondFactorPage';

const page = [{ path: '/unlock-second-factor', element: <UnlockSecondFactorPage /> }];
const UNLOCKED = 'Your second factor is unlocked. Please sign in again.';
const INVALID = 'This link is invalid or has expired';

describe('UnlockSecondFactorPage', () => {
  it("sends the link's token once and says it is unlocked, with a way to sign in", async () => {
    const bodies: unknown[] = [];
    mockApi(async (_m, path, _url, request) => {
      if (path !== '/api/auth/2fa/unlock') return undefined;
      bodies.push(await request.json());
      return ok(true, UNLOCKED);
    });
    renderRoutes(page, '/unlock-second-factor?token=abc123');
    expect(screen.getByRole('heading', { name: 'Unlocking your second factor' })).toBeTruthy();
    expect((await screen.findByText(UNLOCKED, { selector: 'p.notice' })).getAttribute('role')).toBe('status');
    expect(screen.getByRole('heading', { name: 'Second factor unlocked' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(bodies).toEqual([{ token: 'abc123' }]);
  });

  it("shows the server's refusal of a used or expired link and what to do, and a link without a token is refused without asking", async () => {
    mockApi((_m, path) => (path === '/api/auth/2fa/unlock' ? fail(400, INVALID) : undefined));
    const first = renderRoutes(page, '/unlock-second-factor?token=expired');
    expect((await screen.findByRole('alert')).textContent).toBe(INVALID);
    expect(screen.getByRole('heading', { name: 'Second factor not unlocked' })).toBeTruthy();
    const help = screen.getByTestId('unlock-help').textContent ?? '';
    expect(help).toContain('sign in and enter a code: we e-mail you a new link');
    expect(help).toContain('api reset-second-factor --email … --unlock');
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    first.unmount();

    const fetchMock = mockApi(() => undefined);
    renderRoutes(page, '/unlock-second-factor');
    expect((await screen.findByRole('alert')).textContent).toBe(INVALID);
    expect(calls(fetchMock, '/api/auth/2fa/unlock')).toBe(0);
  });

  it('offers Try Again when the request got no answer, and sends the token again', async () => {
    let reachable = false;
    const fetchMock = mockApi((_m, path) => {
      if (path !== '/api/auth/2fa/unlock') return undefined;
      if (!reachable) throw new TypeError('Failed to fetch');
      return ok(true, UNLOCKED);
    });
    renderRoutes(page, '/unlock-second-factor?token=abc123');
    expect((await screen.findByRole('alert')).textContent).toBe(SERVER_UNREACHABLE);
    expect(screen.queryByTestId('unlock-help')).toBeNull();

    reachable = true;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText(UNLOCKED, { selector: 'p.notice' })).toBeTruthy();
    expect(calls(fetchMock, '/api/auth/2fa/unlock')).toBe(2);
  });
});
