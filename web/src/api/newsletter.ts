// The newsletter's double opt-in: asking to subscribe e-mails a confirmation
// link; opening it (/newsletter/confirm?token=...) confirms the subscription.
import { api, ApiError, unwrap } from '../lib/api';

export const CONFIRM_FAILED = 'Failed to confirm your subscription. Please try again.';
/** A link without a token, or one the server no longer knows. */
export const INVALID_LINK = 'This link is invalid or has expired';

/** The spec's message for a refused subscription, by status (503: no mail can be sent now). */
export function newsletterError(status: number | undefined): string {
  if (status === 404) return 'Newsletter service not available. Please try again later.';
  if (status === 503) return SEND_FAILED;
  if (status !== undefined && status >= 500) return 'Server error. Please try again later.';
  return 'Failed to subscribe to newsletter. Please try again.';
}

/** What the box says when the confirmation e-mail could not go out. */
export const SEND_FAILED = 'Failed to send confirmation email. Please try again.';

/** Asks for a confirmation link; throws an ApiError with the spec's message for the status. */
export async function subscribeToNewsletter(email: string): Promise<void> {
  const res = await api.POST('/newsletter/subscribe', { body: { email } });
  if (res.error !== undefined) throw new ApiError(newsletterError(res.response.status), res.response.status);
}

/** Confirms with the link's token; resolves when confirmed, or throws its refusal. */
export async function confirmNewsletter(token: string): Promise<void> {
  unwrap(await api.POST('/newsletter/confirm', { body: { token } }), CONFIRM_FAILED);
}
