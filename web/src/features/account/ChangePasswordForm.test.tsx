import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, ok, renderRoutes, signedIn } from '../../test/testkit';
import ChangePasswordForm from './ChangePasswordForm';
import { translate } from '../../lib/i18n';

const CHANGE_PASSWORD_MESSAGES = { tooShort: translate('en', 'profile.password.tooShort', { min: 8 }), mismatch: translate('en', 'profile.password.mismatch') };

const WEAK = 'This password is too easy to guess. This is a very common password. Add another word or two. Uncommon words are better.';

describe('ChangePasswordForm', () => {
  it("checks length and the repeat itself, shows the server's reason for a weak password, then changes it", async () => {
    signedIn();
    const sent: unknown[] = [];
    mockApi(async (_method, path, _url, request) => {
      if (path !== '/api/auth/change-password') return undefined;
      const body = (await request.json()) as { newPassword: string };
      sent.push(body);
      return body.newPassword === 'password123' ? fail(400, WEAK) : ok(true, 'Password changed');
    });
    renderRoutes([{ path: '/user/profile', element: <ChangePasswordForm /> }], '/user/profile');
    const u = userEvent.setup();
    const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

    await u.type(await screen.findByLabelText('Current password'), 'correct horse');
    await u.type(field('New password'), 'short');
    await u.type(field('Confirm new password'), 'short');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByText(CHANGE_PASSWORD_MESSAGES.tooShort)).getAttribute('role')).toBe('alert');

    await u.clear(field('New password'));
    await u.type(field('New password'), 'password123');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(CHANGE_PASSWORD_MESSAGES.mismatch)).toBeTruthy();
    expect(sent).toEqual([]);

    await u.clear(field('Confirm new password'));
    await u.type(field('Confirm new password'), 'password123');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByText(WEAK)).getAttribute('role')).toBe('alert');

    await u.clear(field('New password'));
    await u.type(field('New password'), 'violet kettle drum');
    await u.clear(field('Confirm new password'));
    await u.type(field('Confirm new password'), 'violet kettle drum');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByText('Password changed')).getAttribute('role')).toBe('status');
    expect(sent).toEqual([
      { currentPassword: 'correct horse', newPassword: 'password123' },
      { currentPassword: 'correct horse', newPassword: 'violet kettle drum' },
    ]);
    expect(field('Current password').value).toBe('');
  });
});
