// An admin's second sign-in step: set up an authenticator app (TOTP) with the
// challenge a first factor gave, then finish signing in with its code or a
// recovery code; and unlock a factor locked after too many wrong codes with
// the e-mailed link's token. Each resolves to the server's data (the page says
// what happened in its own words; a sign-in also gives the server's message,
// which counts the recovery codes left), or throws an ApiError with the
// server's message (else the fallback).
import { api, messageOf, unwrap } from '../lib/api';
import type { components } from '../lib/schema';
import type { AuthData } from './auth';

export type SecondFactorChallenge = components['schemas']['SecondFactorChallenge'];
export type Enrolment = components['schemas']['Enrolment'];

export const ENROL_FAILED = 'Could not set up the authenticator app. Please sign in again.';
export const SECOND_FACTOR_FAILED = 'Verification failed. Please try again.';
export const UNLOCK_FAILED = 'Failed to unlock your second factor. Please try again.';

export async function enrolSecondFactor(challenge: string): Promise<Enrolment> {
  return unwrap(await api.POST('/auth/2fa/enroll', { body: { challenge } }), ENROL_FAILED);
}

export async function verifySecondFactor(challenge: string, code: string): Promise<{ data: AuthData; message: string }> {
  const result = await api.POST('/auth/2fa/verify', { body: { challenge, code } });
  return { data: unwrap(result, SECOND_FACTOR_FAILED), message: messageOf(result.data, '') };
}

/** Uses the unlock link's token (single use). */
export async function unlockSecondFactor(token: string): Promise<void> {
  unwrap(await api.POST('/auth/2fa/unlock', { body: { token } }), UNLOCK_FAILED);
}
