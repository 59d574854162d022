// What /order-failed is told (its navigation state) and the spec's fallback
// words, kept apart from the payment flow so the failure page loads without it.
import type { CheckoutForm } from './checkoutForm';

export const FALLBACK = {
  createOrder: 'Failed to create order',
  verification: 'Payment verification failed. Please contact support.',
  placing: 'Error placing order. Please try again.',
  unknownCode: 'UNKNOWN_ERROR',
} as const;

/** The navigation state of /order-failed; `formData` is what Try Again hands back to checkout. */
export interface ErrorData {
  code: string;
  description: string;
  formData?: CheckoutForm;
  orderNumber?: string;
}
