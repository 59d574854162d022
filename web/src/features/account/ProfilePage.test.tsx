import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, ok, renderRoutes, signedIn, profileFixture } from '../../test/testkit';
import type { Profile } from '../../api/profile';
import ProfilePage from './ProfilePage';

const PROFILE: Profile = profileFixture();

function profileApi(put: (body: Record<string, unknown>) => ReturnType<typeof ok> | undefined = (b) => ok({ ...PROFILE, ...b }, 'Profile updated successfully')) {
  const sent: Record<string, unknown>[] = [];
  mockApi(async (method, path, _url, request) => {
    if (path !== '/api/users/profile' && path !== '/api/auth/otp/phone/send') return undefined;
    if (path === '/api/auth/otp/phone/send') {
      sent.push({ send: await request.json() });
      return ok(true, 'OTP sent to your phone');
    }
    if (method === 'GET') return ok(PROFILE);
    const body = await request.json();
    sent.push(body);
    return put(body);
  });
  return sent;
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('ProfilePage', () => {
  it('shows the verified, read-only e-mail and the created date, saves the name and shows the banner for 3 s', async () => {
    signedIn();
    const sent = profileApi();
    renderRoutes([{ path: '/user/profile', element: <ProfilePage /> }], '/user/profile');
    const u = userEvent.setup();
    expect((await screen.findByLabelText('Full name') as HTMLInputElement).value).toBe('Asha Verma');
    expect(field('Email').readOnly).toBe(true);
    expect(field('Email').value).toBe('asha@example.com');
    expect(screen.getByText('✓ Verified')).toBeTruthy();
    expect(screen.getByTestId('member-since').textContent).toBe('15 January 2026');
    expect((screen.getByRole('button', { name: 'Save Changes' }) as HTMLButtonElement).disabled).toBe(true);

    await u.clear(field('Full name'));
    await u.type(field('Full name'), 'Asha V. Verma');
    await u.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeTruthy();
    const shown = Date.now();
    expect(sent).toEqual([{ name: 'Asha V. Verma', phone: '9876543210' }]);
    // The header's user is renamed too.
    expect(JSON.parse(localStorage.getItem('user')!).name).toBe('Asha V. Verma');
    await waitFor(() => expect(screen.queryByText('Profile updated successfully!')).toBeNull(), { timeout: 4000 });
    expect(Date.now() - shown).toBeGreaterThan(2800);
  });

  it("asks for a code for a new number and shows the server's refusal", async () => {
    signedIn();
    const sent = profileApi(() => fail(400, 'Wrong code. Please try again.'));
    renderRoutes([{ path: '/user/profile', element: <ProfilePage /> }], '/user/profile');
    const u = userEvent.setup();
    await screen.findByLabelText('Full name');
    await u.clear(field('Mobile number'));
    await u.type(field('Mobile number'), '+91 91234 56789');
    expect(field('Mobile number').value).toBe('9123456789');
    expect(field('Code sent to your new number').disabled).toBe(true);
    await u.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('We sent a 6-digit code to +91 9123456789.')).toBeTruthy();
    await u.type(field('Code sent to your new number'), '123456');
    await u.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByText('Wrong code. Please try again.')).closest('[role="alert"]')).toBeTruthy();
    expect(sent).toEqual([{ send: { phone: '9123456789' } }, { name: 'Asha Verma', phone: '9123456789', phoneCode: '123456' }]);
  });

  it('says that SMS is not configured when the server cannot send the code', async () => {
    signedIn();
    const message = 'SMS delivery is not configured. Please sign in with your email.';
    mockApi((method, path) => {
      if (path === '/api/auth/otp/phone/send') return fail(503, message);
      if (path === '/api/users/profile' && method === 'GET') return ok(PROFILE);
      return undefined;
    });
    renderRoutes([{ path: '/user/profile', element: <ProfilePage /> }], '/user/profile');
    const u = userEvent.setup();
    await screen.findByLabelText('Full name');
    await u.clear(field('Mobile number'));
    await u.type(field('Mobile number'), '9123456789');
    await u.click(screen.getByRole('button', { name: 'Send code' }));
    expect((await screen.findByText(message)).closest('[role="alert"]')).toBeTruthy();
    expect(field('Code sent to your new number').disabled).toBe(true);
  });

  it("says 'Failed to update profile' when the server fails, and 'Failed to fetch profile' with Try Again", async () => {
    signedIn();
    profileApi(() => fail(500, 'Internal error'));
    const first = renderRoutes([{ path: '/user/profile', element: <ProfilePage /> }], '/user/profile');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('Full name'), 'x');
    await u.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Failed to update profile')).toBeTruthy();
    first.unmount();

    signedIn();
    mockApi(() => fail(500, 'Internal error'));
    renderRoutes([{ path: '/user/profile', element: <ProfilePage /> }], '/user/profile');
    expect(await screen.findByText('Failed to fetch profile')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
