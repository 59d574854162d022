// Password sign-in and the e-mailed links: verify an address, ask for a reset
// link, set a new password. Each resolves to the server's message, or throws
// an ApiError with the server's message (else the fallback).
import { api, messageOf, unwrap } from '../lib/api';
import type { components } from '../lib/schema';

export type AuthData = components['schemas']['AuthData'];

export const LOGIN_FAILED = 'Login failed. Please try again.';
export const VERIFY_EMAIL_FAILED = 'Email verification failed. Please try again.';
export const FORGOT_PASSWORD_FAILED = 'Failed to send reset link. Please try again.';
export const RESET_PASSWORD_FAILED = 'Failed to reset password. Please try again.';
export const CHANGE_PASSWORD_FAILED = 'Failed to change password. Please try again.';
/** The server's answer to a used, expired or mistyped link; also shown for a link without a token. */
export const INVALID_LINK = 'This link is invalid or has expired';

type Result<T> = { data?: { data?: T; message?: string }; error?: unknown; response: Response };

function messageFrom<T>(result: Result<T>, fallback: string, success: string): string {
  unwrap(result, fallback);
  return messageOf(result.data, success);
}

export async function loginWithPassword(email: string, password: string): Promise<{ data: AuthData; message: string }> {
  const result = await api.POST('/auth/login', { body: { email, password } });
  return { data: unwrap(result, LOGIN_FAILED), message: messageOf(result.data, 'Login successful') };
}

export async function verifyEmail(token: string): Promise<string> {
  return messageFrom(await api.POST('/auth/verify-email', { body: { token } }), VERIFY_EMAIL_FAILED, 'Email verified');
}

export async function forgotPassword(email: string): Promise<string> {
  return messageFrom(
    await api.POST('/auth/forgot-password', { body: { email } }),
    FORGOT_PASSWORD_FAILED,
    'If an account exists for this email, a reset link has been sent',
  );
}

export async function resetPassword(token: string, password: string): Promise<string> {
  return messageFrom(await api.POST('/auth/reset-password', { body: { token, password } }), RESET_PASSWORD_FAILED, 'Password has been reset. Please log in.');
}

/** Changes the signed-in user's password; resolves to the server's message. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<string> {
  return messageFrom(await api.POST('/auth/change-password', { body: { currentPassword, newPassword } }), CHANGE_PASSWORD_FAILED, 'Password changed');
}

/**
 * Asks the server who is signed in. Proving an address or resetting a password
 * can end this browser's session on the server; the API client then ends it
 * here too (a 401 it cannot renew), so the header stops showing a stale user.
 */
export async function recheckSession(): Promise<void> {
  try {
    await api.GET('/auth/me');
  } catch {
    // Offline: the next request will tell.
  }
}
