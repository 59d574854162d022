// Password sign-in and the e-mailed links: verify an address, ask for a reset
// link, set a new password. Each resolves when done (the page says so in its
// own words: the server's success messages are English), or throws an ApiError
// with the server's message (else the fallback).
import { api, unwrap } from '../lib/api';
import type { components } from '../lib/schema';

export type AuthData = components['schemas']['AuthData'];

export const LOGIN_FAILED = 'Login failed. Please try again.';
export const VERIFY_EMAIL_FAILED = 'Email verification failed. Please try again.';
export const FORGOT_PASSWORD_FAILED = 'Failed to send reset link. Please try again.';
export const RESET_PASSWORD_FAILED = 'Failed to reset password. Please try again.';
export const CHANGE_PASSWORD_FAILED = 'Failed to change password. Please try again.';
/** The server's answer to a used, expired or mistyped link; also shown for a link without a token. */
export const INVALID_LINK = 'This link is invalid or has expired';

/**
 * The server's answer when proving the address ended the account's sessions
 * (api/src/http/routes/auth/mod.rs, verify_email): the one success whose words
 * tell the page something.
 */
export const VERIFIED_SIGN_IN_AGAIN = 'Email verified. Please sign in again.';

export async function loginWithPassword(email: string, password: string): Promise<AuthData> {
  return unwrap(await api.POST('/auth/login', { body: { email, password } }), LOGIN_FAILED);
}

/** Proves the address; resolves to whether its owner must sign in again. */
export async function verifyEmail(token: string): Promise<{ signInAgain: boolean }> {
  const result = await api.POST('/auth/verify-email', { body: { token } });
  unwrap(result, VERIFY_EMAIL_FAILED);
  return { signInAgain: result.data?.message === VERIFIED_SIGN_IN_AGAIN };
}

export async function forgotPassword(email: string): Promise<void> {
  unwrap(await api.POST('/auth/forgot-password', { body: { email } }), FORGOT_PASSWORD_FAILED);
}

export async function resetPassword(token: string, password: string): Promise<void> {
  unwrap(await api.POST('/auth/reset-password', { body: { token, password } }), RESET_PASSWORD_FAILED);
}

/** Changes the signed-in user's password. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  unwrap(await api.POST('/auth/change-password', { body: { currentPassword, newPassword } }), CHANGE_PASSWORD_FAILED);
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
