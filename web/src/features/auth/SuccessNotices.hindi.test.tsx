// What the sign-in pages say when something worked, in Hindi (a phone code sent: AuthInHindi.test.tsx; a password
// changed: AccountInHindi.test.tsx; a subscription confirmed: NewsletterConfirmInHindi.test.tsx): the server answers each success in English (its words are
// mocked here as it writes them), and each page says it in its own words, so no English is left.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeTokens, inHindi, mockApi, ok, renderRoutes } from '../../test/testkit';
import { englishLeft, saidAsStatus as says } from '../../test/englishLeft';
import ForgotPasswordPage from './ForgotPasswordPage';
import LoginPage from './LoginPage';
import ResetPasswordPage from './ResetPasswordPage';
import UnlockSecondFactorPage from './UnlockSecondFactorPage';
import VerifyEmailPage from './VerifyEmailPage';

/** The server's English answer to `path`, and nothing else. */
function answers(path: string, message: string, data: unknown = true) {
  mockApi((_m, p) => (p === path ? ok(data, message) : undefined));
}

describe('success notices in Hindi', () => {
  it('signing in with a password', async () => {
    await inHindi();
    const user = { _id: 'u1', name: 'Asha Verma', email: 'asha@example.com', role: 'user', isVerified: true, createdAt: 0 };
    answers('/api/auth/login', 'Login successful', { user, ...fakeTokens(), existingUser: true });
    const { container } = renderRoutes([{ path: '/login', element: <LoginPage /> }], '/login');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'इसके बजाय पासवर्ड से साइन इन करें' }));
    await u.type(screen.getByLabelText('ई-मेल पता'), 'asha@example.com');
    await u.type(screen.getByLabelText('पासवर्ड'), 'correct horse');
    await u.click(screen.getByRole('button', { name: 'साइन इन करें' }));
    expect(await screen.findByText('लॉग इन सफल रहा')).toBeTruthy();
    expect(englishLeft(container)).toEqual([]);
  });

  it('asking for a reset link', async () => {
    await inHindi();
    answers('/api/auth/forgot-password', 'If an account exists for this email, a reset link has been sent');
    const { container } = renderRoutes([{ path: '/forgot-password', element: <ForgotPasswordPage /> }], '/forgot-password');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('ई-मेल पता'), 'asha@example.com');
    await u.click(screen.getByRole('button', { name: 'रीसेट लिंक भेजें' }));
    expect(await says(container, 'अगर इस ई-मेल पते का कोई खाता है, तो उस पर रीसेट लिंक भेज दिया गया है')).toEqual({ status: true, english: [] });
  });

  it('setting a new password', async () => {
    await inHindi();
    answers('/api/auth/reset-password', 'Password has been reset. Please log in.');
    const { container } = renderRoutes([{ path: '/reset-password', element: <ResetPasswordPage /> }], '/reset-password?token=abc123');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('नया पासवर्ड'), 'correct horse battery');
    await u.type(screen.getByLabelText('नया पासवर्ड दोबारा लिखें'), 'correct horse battery');
    await u.click(screen.getByRole('button', { name: 'पासवर्ड रीसेट करें' }));
    expect(await says(container, 'पासवर्ड रीसेट हो गया है। कृपया साइन इन करें।')).toEqual({ status: true, english: [] });
  });

  it.each([
    ['Email verified. Please sign in again.', 'ई-मेल पुष्ट हो गया। कृपया फिर से साइन इन करें।'],
    ['Email verified', 'आपका ई-मेल पता पुष्ट हो गया है।'],
  ])('verifying an address (the server said "%s")', async (said, hindi) => {
    await inHindi();
    answers('/api/auth/verify-email', said);
    const { container } = renderRoutes([{ path: '/verify-email', element: <VerifyEmailPage /> }], '/verify-email?token=abc123');
    expect(await says(container, hindi)).toEqual({ status: true, english: [] });
  });

  it('unlocking a second factor', async () => {
    await inHindi();
    answers('/api/auth/2fa/unlock', 'Your second factor is unlocked. Please sign in again.');
    const { container } = renderRoutes([{ path: '/unlock-second-factor', element: <UnlockSecondFactorPage /> }], '/unlock-second-factor?token=abc123');
    expect(await says(container, 'आपका दूसरा फ़ैक्टर अनलॉक हो गया है। कृपया फिर से साइन इन करें।')).toEqual({ status: true, english: [] });
  });
});
