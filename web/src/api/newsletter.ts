// The newsletter's double opt-in: asking to subscribe e-mails a confirmation
// link; opening it (/newsletter/confirm?token=...) confirms the subscription.
import { api, ApiError, unwrap } from '../lib/api';
import { translate, type MessageId } from '../lib/i18n';

export const CONFIRM_FAILED = 'Failed to confirm your subscription. Please try again.';
/** A link without a token, or one the server no longer knows. */
export const INVALID_LINK = 'This link is invalid or has expired';

/** The spec's message for a refused subscription, by status (503: no mail can be sent now), as its catalogue id. */
export function newsletterRefusal(status: number | undefined): MessageId {
  if (status === 404) return 'newsletter.unavailable';
  if (status === 503) return 'newsletter.failed';
  if (status !== undefined && status >= 500) return 'newsletter.serverError';
  return 'newsletter.subscribeFailed';
}

/** Asks for a confirmation link; throws an ApiError with the status (the box says the spec's message for it). */
export async function subscribeToNewsletter(email: string): Promise<void> {
  const res = await api.POST('/newsletter/subscribe', { body: { email } });
  if (res.error !== undefined) throw new ApiError(translate('en', newsletterRefusal(res.response.status)), res.response.status);
}

/** Confirms with the link's token; resolves when confirmed, or throws its refusal. */
export async function confirmNewsletter(token: string): Promise<void> {
  unwrap(await api.POST('/newsletter/confirm', { body: { token } }), CONFIRM_FAILED);
}
