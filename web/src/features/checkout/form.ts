// The checkout form's copy kept in sessionStorage: nothing typed is lost on a
// reload or a failed payment. (Its shape and rules: lib/checkoutForm.ts; the
// receipt that makes one checkout attempt one order: lib/receipt.ts.)
import { cleanPhone, cleanPincode } from '../../lib/inputs';
import { emptyBilling, type CheckoutForm } from '../../lib/checkoutForm';
import { CHECKOUT_RECEIPT_KEY } from '../../lib/receipt';

const FORM_KEY = 'checkout.form';

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/** A form from anywhere (storage, navigation state), with every field present and a string. */
export function normaliseForm(raw: unknown, fallback: CheckoutForm): CheckoutForm | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as { shipping?: Record<string, unknown>; billing?: Record<string, unknown>; sameAsShipping?: unknown; gstin?: unknown };
  if (!r.shipping || typeof r.shipping !== 'object') return null;
  const pick = <T extends object>(src: Record<string, unknown> | undefined, base: T): T =>
    Object.fromEntries(Object.keys(base).map((k) => [k, str(src?.[k]) || (base as Record<string, string>)[k]])) as T;
  return {
    shipping: { ...pick(r.shipping, fallback.shipping), phone: cleanPhone(str(r.shipping.phone)), pincode: cleanPincode(str(r.shipping.pincode)) },
    billing: { ...pick(r.billing, emptyBilling()), pincode: cleanPincode(str(r.billing?.pincode)) },
    sameAsShipping: r.sameAsShipping !== false,
    gstin: str(r.gstin),
  };
}

export function loadStoredForm(fallback: CheckoutForm): CheckoutForm | null {
  try {
    return normaliseForm(JSON.parse(sessionStorage.getItem(FORM_KEY) ?? 'null'), fallback);
  } catch {
    return null;
  }
}

export function storeForm(form: CheckoutForm): void {
  try {
    sessionStorage.setItem(FORM_KEY, JSON.stringify(form));
  } catch {
    // Storage full or disabled: the form still works, it just is not kept.
  }
}

/** After a successful payment: the next checkout starts afresh. */
export function forgetCheckout(): void {
  try {
    sessionStorage.removeItem(FORM_KEY);
    sessionStorage.removeItem(CHECKOUT_RECEIPT_KEY);
  } catch {
    // nothing kept
  }
}
