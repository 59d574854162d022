// Signing in and up in Hindi: the e-mail code, the new account's details, the phone code and a forgotten
// password read Hindi, with no English word of the pages left (what the shopper typed aside).
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inHindi, mockApi, ok, renderRoutes } from '../../test/testkit';
import LoginPage from './LoginPage';
import ForgotPasswordPage from './ForgotPasswordPage';

/** Latin words of three letters or more left in the page, except the allowed (the shopper's own input, OTP, SMS). */
function englishLeft(root: HTMLElement, allowed: string[] = []): string[] {
  const text = [root.textContent ?? '', ...[...root.querySelectorAll('[aria-label],[placeholder]')].map((e) => `${e.getAttribute('aria-label') ?? ''} ${e.getAttribute('placeholder') ?? ''}`)].join(' ');
  return (text.match(/[A-Za-z]{3,}/g) ?? []).filter((w) => !['OTP', 'SMS', ...allowed].includes(w));
}

describe('signing in, in Hindi', () => {
  it('signs up with an e-mail code in Hindi', async () => {
    await inHindi();
    mockApi((_m, path) => {
      if (path === '/api/auth/otp/email/send') return ok(true);
      if (path === '/api/auth/otp/email/verify') return ok({ existingUser: false });
      return undefined;
    });
    const { container } = renderRoutes([{ path: '/login', element: <LoginPage /> }], '/login');
    const u = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'साइन इन' })).toBeTruthy();
    expect(englishLeft(container)).toEqual([]);
    await u.type(screen.getByLabelText('ई-मेल पता'), 'asha@example.com');
    await u.click(screen.getByRole('button', { name: 'कोड भेजें' }));
    expect(await screen.findByText('आपके ई-मेल पर OTP भेज दिया गया है')).toBeTruthy();
    expect(screen.getByText('asha@example.com').closest('p')?.textContent).toBe('हमने asha@example.com पर 6 अंकों का कोड भेजा है।');
    expect(englishLeft(container, ['asha', 'example', 'com'])).toEqual([]);
    await u.type(screen.getByLabelText('वन-टाइम कोड (OTP)'), '123456');
    await u.click(screen.getByRole('button', { name: 'पुष्टि करें और आगे बढ़ें' }));
    expect(await screen.findByRole('heading', { name: 'अपना खाता बनाएँ' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'खाता बनाएँ' })).toBeTruthy();
    expect(englishLeft(container)).toEqual([]);
  });

  it('sends a phone code in Hindi', async () => {
    await inHindi();
    // The server's success answer is English: the page says it in its own words.
    mockApi((_m, path) => (path === '/api/auth/otp/phone/send' ? ok(true, 'OTP sent to your phone') : undefined));
    const { container } = renderRoutes([{ path: '/login', element: <LoginPage /> }], '/login');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'इसके बजाय फ़ोन कोड से साइन इन करें' }));
    await u.type(screen.getByRole('textbox', { name: 'मोबाइल नंबर' }), '9876543210');
    await u.click(screen.getByRole('button', { name: 'SMS से कोड भेजें' }));
    expect(await screen.findByText('+91 9876543210').then((e) => e.closest('p')?.textContent)).toBe('हमने +91 9876543210 पर SMS से 6 अंकों का कोड भेजा है।');
    expect(screen.getByRole('button', { name: 'दूसरा नंबर इस्तेमाल करें' })).toBeTruthy();
    expect(screen.getByText('आपके फ़ोन पर OTP भेज दिया गया है')).toBeTruthy();
    expect(englishLeft(container)).toEqual([]);
  });

  it('asks for a reset link in Hindi', async () => {
    await inHindi();
    mockApi(() => undefined);
    const { container } = renderRoutes([{ path: '/forgot-password', element: <ForgotPasswordPage /> }], '/forgot-password');
    expect(await screen.findByRole('heading', { name: 'पासवर्ड भूल गए?' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'रीसेट लिंक भेजें' })).toBeTruthy();
    expect(englishLeft(container)).toEqual([]);
  });
});
