import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import accountMessages from '../../../../api/src/core/messages/accounts.rs?raw';
import { english } from '../../lib/i18n/catalogues';
import { fail, fakeTokens, mockApi, ok, renderRoutes } from '../../test/testkit';
import { accessToken } from '../../lib/tokens';
import LoginPage from './LoginPage';
import { groupSecret } from './SecondFactorStep';

const admin = { _id: 'a1', name: 'Store Admin', email: 'boss@example.com', role: 'admin', isVerified: true, createdAt: 0 };
const RECOVERY = ['abcde-fghjk', 'mnpqr-stuvw', '23456-789ab', 'cdefg-hjkmn', 'pqrst-uvwxy', 'z2345-6789a', 'bcdef-ghjkm', 'npqrs-tuvwx', 'yz234-56789', 'abcde-23456'];
const WRONG = 'Wrong code. Enter the current code from your authenticator app, or a recovery code.';

function renderLogin() {
  return renderRoutes([{ path: '/login', element: <LoginPage /> }], '/login');
}

async function passwordSignIn() {
  const u = userEvent.setup();
  await u.click(await screen.findByRole('button', { name: 'Sign in with a password instead' }));
  await u.type(screen.getByLabelText('Email address'), 'boss@example.com');
  await u.type(screen.getByLabelText('Password'), 'correct horse');
  await u.click(screen.getByRole('button', { name: 'Sign in' }));
  return u;
}

describe('An admin’s second factor', () => {
  it('sets up an authenticator app on the first sign-in: QR code, key as text, recovery codes, then the first code', async () => {
    const bodies: Record<string, unknown[]> = {};
    mockApi(async (_m, path, _url, request) => {
      (bodies[path] ??= []).push(await request.clone().json().catch(() => null));
      if (path === '/api/auth/login') {
        return ok({ existingUser: true, secondFactor: { challenge: 'c1', enrolled: false, expiresIn: 600 } }, 'Set up your authenticator app to finish signing in');
      }
      if (path === '/api/auth/2fa/enroll') {
        return ok({ secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x', qrSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>', recoveryCodes: RECOVERY });
      }
      if (path === '/api/auth/2fa/verify') {
        const { code } = bodies[path].at(-1) as { code: string };
        return code === '123456' ? ok({ user: admin, ...fakeTokens(), existingUser: true }, 'Login successful') : fail(400, WRONG);
      }
      return undefined;
    });
    renderLogin();
    const u = await passwordSignIn();
    expect(await screen.findByText('Set up your authenticator app to finish signing in')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Second factor');
    expect(accessToken()).toBeNull();

    await u.click(screen.getByRole('button', { name: 'Set up authenticator app' }));
    const qr = (await screen.findByRole('img', { name: /QR code for setting up your authenticator app/ })) as HTMLImageElement;
    expect(qr.src.startsWith('data:image/svg+xml')).toBe(true);
    expect(screen.getByLabelText('Setup key').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(RECOVERY);
    expect(bodies['/api/auth/2fa/enroll']).toEqual([{ challenge: 'c1' }]);

    await u.type(screen.getByLabelText('6-digit code from your app'), '000000');
    await u.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(WRONG);
    expect(accessToken()).toBeNull();

    await u.clear(screen.getByLabelText('6-digit code from your app'));
    await u.type(screen.getByLabelText('6-digit code from your app'), '123456');
    await u.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('Login successful')).toBeTruthy();
    expect(accessToken()).toBe(fakeTokens().accessToken);
    expect(bodies['/api/auth/2fa/verify']).toEqual([
      { challenge: 'c1', code: '000000' },
      { challenge: 'c1', code: '123456' },
    ]);
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/products'), { timeout: 2000 });
  });

  it('reads the recovery codes left from the server’s words (its English is the catalogue’s)', () => {
    expect(accountMessages).toContain(`format!("${english['auth.signedInWithRecoveryCode']}")`);
  });

  it('asks an enrolled admin for the app’s code or a recovery code, and offers a new sign-in when the challenge expired', async () => {
    let expired = false;
    mockApi(async (_m, path, _url, request) => {
      if (path === '/api/auth/login') return ok({ existingUser: true, secondFactor: { challenge: 'c2', enrolled: true, expiresIn: 600 } }, 'Enter the code');
      if (path !== '/api/auth/2fa/verify') return undefined;
      if (expired) return fail(401, 'Your sign-in has expired. Please sign in again.');
      const { code } = (await request.json()) as { code: string };
      return code === 'abcde-fghjk' ? ok({ user: admin, ...fakeTokens(), existingUser: true }, 'Login successful. You have 9 recovery codes left.') : fail(400, WRONG);
    });
    renderLogin();
    const u = await passwordSignIn();
    expect(await screen.findByText('Enter the code from your authenticator app')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Set up authenticator app' })).toBeNull();
    const field = screen.getByLabelText('Authentication code');
    expect(field.getAttribute('aria-describedby')).toBe('second-factor-hint');

    expired = true;
    await u.type(field, '123456');
    await u.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Your sign-in has expired. Please sign in again.');
    expect(screen.getByRole('button', { name: 'Sign in again' })).toBeTruthy();

    expired = false;
    await u.clear(screen.getByLabelText('Authentication code'));
    await u.type(screen.getByLabelText('Authentication code'), 'abcde-fghjk');
    await u.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('Login successful. You have 9 recovery codes left.')).toBeTruthy();
    expect(accessToken()).toBe(fakeTokens().accessToken);
  });

  it('shows the server’s message when the factor is locked after too many wrong codes (429), and keeps the way back to sign-in', async () => {
    const LOCKED = 'Your second factor is locked after 10 wrong codes. We e-mailed you a link to unlock it; open it, then sign in again.';
    mockApi((_m, path) => {
      if (path === '/api/auth/login') return ok({ existingUser: true, secondFactor: { challenge: 'c3', enrolled: true, expiresIn: 600 } }, 'Enter the code');
      return path === '/api/auth/2fa/verify' ? fail(429, LOCKED) : undefined;
    });
    renderLogin();
    const u = await passwordSignIn();
    await u.type(await screen.findByLabelText('Authentication code'), '123456');
    await u.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(LOCKED);
    expect(accessToken()).toBeNull();
    expect(screen.getByRole('button', { name: 'Use a different account' })).toBeTruthy();
  });

  it('groups the key in fours', () => {
    expect(groupSecret('ABCDEFGHIJ')).toBe('ABCD EFGH IJ');
  });
});
