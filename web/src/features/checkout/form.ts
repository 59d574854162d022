// The checkout form: its shape, the spec's validation rules and messages, the
// copy kept in sessionStorage (nothing typed is lost on a reload or a failed
// payment) and the receipt that makes one checkout attempt one order.
import type { AddressInput } from '../../api/payments';
import { cleanPhone, cleanPincode } from '../../lib/inputs';

export { cleanPhone, cleanPincode };

export interface ShippingFields {
  email: string;
  fullName: string;
  phone: string;
  addressLine1: string;
  addressLine2: string;
  pincode: string;
  city: string;
  state: string;
}

export interface BillingFields {
  addressLine1: string;
  addressLine2: string;
  pincode: string;
  city: string;
  state: string;
}

export interface CheckoutForm {
  shipping: ShippingFields;
  billing: BillingFields;
  sameAsShipping: boolean;
  /** A business buyer's GSTIN ('' for none), for the tax invoice. */
  gstin: string;
}

export type Section = 'shipping' | 'billing';
/** Error keys: 'shipping.email', 'billing.city', ... */
export type FieldErrors = Partial<Record<string, string>>;

export const MESSAGES = {
  requiredShipping: 'Please fill in all required shipping fields',
  requiredBilling: 'Please fill in all required billing fields',
  required: 'This field is required',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid 10-digit mobile number',
  pincode: 'Invalid pincode. Please check and try again.',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emptyBilling = (): BillingFields => ({ addressLine1: '', addressLine2: '', pincode: '', city: '', state: '' });

export function emptyForm(user?: { email?: string; name?: string } | null): CheckoutForm {
  return {
    shipping: { email: user?.email ?? '', fullName: user?.name ?? '', phone: '', addressLine1: '', addressLine2: '', pincode: '', city: '', state: '' },
    billing: emptyBilling(),
    sameAsShipping: true,
    gstin: '',
  };
}

/** The address part of the shipping form (not the contact fields). */
export const SHIPPING_ADDRESS_KEYS = ['addressLine1', 'addressLine2', 'pincode', 'city', 'state'] as const;

/** Nothing of the shipping address typed yet (contact fields aside): a saved address may fill it. */
export function shippingAddressEmpty(form: CheckoutForm): boolean {
  return SHIPPING_ADDRESS_KEYS.every((k) => !form.shipping[k].trim());
}

/** A saved address (street, zipCode, ...) put into contact-and-address fields; its phone, if any, too. */
export function withSavedPlace(fields: ShippingFields, a: { street: string; city: string; state: string; zipCode: string; phone?: string } | null): ShippingFields {
  const place = a
    ? { addressLine1: a.street, addressLine2: '', pincode: cleanPincode(a.zipCode), city: a.city, state: a.state }
    : { addressLine1: '', addressLine2: '', pincode: '', city: '', state: '' };
  const phone = a?.phone ? cleanPhone(a.phone) : fields.phone;
  return { ...fields, ...place, phone };
}

/** A saved address (street, zipCode, ...) put into the shipping form; its phone, if any, too. */
export function withSavedAddress(form: CheckoutForm, a: Parameters<typeof withSavedPlace>[1]): CheckoutForm {
  return { ...form, shipping: withSavedPlace(form.shipping, a) };
}

/**
 * Contact and address fields on their own (a group's ship-to address, a group
 * member's billing details): the checkout's rules for its shipping section,
 * errors keyed `${section}.${field}`, the summary in that section's words.
 */
export function validateAddress(section: Section, fields: ShippingFields, pincodeError?: string): { errors: FieldErrors; summary: string | null } {
  const { errors: shippingErrors } = validate({ ...emptyForm(), shipping: fields }, { shipping: pincodeError });
  const errors: FieldErrors = Object.fromEntries(Object.entries(shippingErrors).map(([k, v]) => [k.replace(/^shipping\./, `${section}.`), v]));
  const missing = Object.values(errors).some((m) => m === MESSAGES.required);
  const first = Object.values(errors).find((m) => m !== MESSAGES.required) ?? null;
  return { errors, summary: missing ? (section === 'shipping' ? MESSAGES.requiredShipping : MESSAGES.requiredBilling) : first };
}

/** Contact and address fields as the API takes them (`AddressInput`): the pincode as `zipCode`, country India. */
export function addressInput(fields: ShippingFields): AddressInput {
  return addressesOf({ ...emptyForm(), shipping: fields }).shippingAddress;
}

/**
 * The spec's checkout rules. `pincodeErrors` carries lookups that said the
 * pincode is unknown; `gstinError` the engine's verdict on the GSTIN (useGstinCheck).
 */
export function validate(
  form: CheckoutForm,
  pincodeErrors: Partial<Record<Section, string>> = {},
  gstinError: string | null = null,
): { errors: FieldErrors; summary: string | null } {
  const errors: FieldErrors = {};
  const s = form.shipping;
  let missingShipping = false;
  let missingBilling = false;
  for (const key of ['email', 'fullName', 'phone', 'addressLine1', 'pincode', 'city', 'state'] as const) {
    if (!s[key].trim()) {
      errors[`shipping.${key}`] = MESSAGES.required;
      missingShipping = true;
    }
  }
  if (s.email.trim() && !EMAIL.test(s.email.trim())) errors['shipping.email'] = MESSAGES.email;
  // As the server's `Phone`: ten digits, and no leading 0 (a trunk prefix, not part of a mobile number).
  if (s.phone && !/^[1-9]\d{9}$/.test(s.phone)) errors['shipping.phone'] = MESSAGES.phone;
  if (s.pincode && !/^\d{6}$/.test(s.pincode)) errors['shipping.pincode'] = MESSAGES.pincode;
  else if (s.pincode && pincodeErrors.shipping) errors['shipping.pincode'] = pincodeErrors.shipping;

  if (!form.sameAsShipping) {
    const b = form.billing;
    for (const key of ['addressLine1', 'pincode', 'city', 'state'] as const) {
      if (!b[key].trim()) {
        errors[`billing.${key}`] = MESSAGES.required;
        missingBilling = true;
      }
    }
    if (b.pincode && !/^\d{6}$/.test(b.pincode)) errors['billing.pincode'] = MESSAGES.pincode;
    else if (b.pincode && pincodeErrors.billing) errors['billing.pincode'] = pincodeErrors.billing;
  }
  if (gstinError) errors.gstin = gstinError;

  const first = Object.values(errors).find((m) => m !== MESSAGES.required) ?? null;
  const summary = missingShipping ? MESSAGES.requiredShipping : missingBilling ? MESSAGES.requiredBilling : first;
  return { errors, summary };
}

/** The GSTIN as sent: trimmed and upper case (the server does the same), undefined when blank. */
export function gstinOf(form: CheckoutForm): string | undefined {
  return form.gstin.trim().toUpperCase() || undefined;
}

/** The billing address's state (the shipping one's when they are the same): what a GSTIN must match. */
export function billingState(form: CheckoutForm): string {
  return (form.sameAsShipping ? form.shipping.state : form.billing.state).trim();
}

/** The addresses as the API takes them: the pincode goes as `zipCode`, country India, +91 implied. */
export function addressesOf(form: CheckoutForm): { shippingAddress: AddressInput; billingAddress: AddressInput } {
  const s = form.shipping;
  const contact = { email: s.email.trim(), fullName: s.fullName.trim(), phone: s.phone };
  const place = (a: ShippingFields | BillingFields): AddressInput => ({
    addressLine1: a.addressLine1.trim(),
    ...(a.addressLine2.trim() ? { addressLine2: a.addressLine2.trim() } : {}),
    city: a.city.trim(),
    state: a.state.trim(),
    zipCode: a.pincode,
    country: 'India',
  });
  const shippingAddress = { ...contact, ...place(s) };
  // Billing has no contact fields of its own: the shipping contact pays.
  const billingAddress = form.sameAsShipping ? { ...shippingAddress } : { ...contact, ...place(form.billing) };
  return { shippingAddress, billingAddress };
}

// ---- sessionStorage ---------------------------------------------------------------

const FORM_KEY = 'checkout.form';
const RECEIPT_KEY = 'checkout.receipt';

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

/** After a cancelled order (ORDER_CANCELLED): the next Place Order makes a new order. */
export function forgetReceipt(key = RECEIPT_KEY): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // nothing kept
  }
}

/** After a successful payment: the next checkout starts afresh. */
export function forgetCheckout(): void {
  try {
    sessionStorage.removeItem(FORM_KEY);
    sessionStorage.removeItem(RECEIPT_KEY);
  } catch {
    // nothing kept
  }
}

function randomId(): string {
  const c = globalThis.crypto;
  // Razorpay takes receipts of at most 40 characters: 'rcpt_' and 32 hex digits.
  if (c?.randomUUID) return c.randomUUID().replace(/-/g, '');
  const bytes = new Uint8Array(16);
  if (c?.getRandomValues) c.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The receipt (the server's idempotency key) for this checkout attempt: the same
 * while the cart, amount and addresses stay the same (a double click, a reload,
 * a retry after a failed payment all reach the same order), a new one when any
 * of them changes. `key`: where it is kept (checkout's own by default; a
 * group's payment keeps its own).
 */
export function receiptFor(fingerprint: string, key = RECEIPT_KEY): string {
  try {
    const kept = JSON.parse(sessionStorage.getItem(key) ?? 'null') as { receipt?: string; fingerprint?: string } | null;
    if (kept?.receipt && kept.fingerprint === fingerprint) return kept.receipt;
  } catch {
    // a new one below
  }
  const receipt = `rcpt_${randomId()}`;
  try {
    sessionStorage.setItem(key, JSON.stringify({ receipt, fingerprint }));
  } catch {
    // not kept: a retry makes a new order, which the server allows
  }
  return receipt;
}
