// What /order-failed is told (its navigation state) and the spec's fallback
// words, kept apart from the payment flow so the failure page loads without it.
import type { CheckoutForm } from './checkoutForm';
import { currentLanguage, translate } from './i18n';

/** The fallback words, in the shopper's language when read. */
export const FALLBACK = {
  get createOrder() {
    return translate(currentLanguage(), 'checkout.failure.createOrder');
  },
  get verification() {
    return translate(currentLanguage(), 'checkout.failure.verification');
  },
  get placing() {
    return translate(currentLanguage(), 'checkout.failure.placing');
  },
  unknownCode: 'UNKNOWN_ERROR',
};

/** The navigation state of /order-failed; `formData` is what Try Again hands back to checkout. */
export interface ErrorData {
  code: string;
  description: string;
  formData?: CheckoutForm;
  orderNumber?: string;
}
