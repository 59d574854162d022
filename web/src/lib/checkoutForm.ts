// The checkout form: its shape, the spec's validation rules and messages, and
// the addresses as the API takes them. Checkout fills it; a group's ship-to
// address and a member's billing details use its shipping section on its own
// (validateAddress, addressInput). Kept in sessionStorage by features/checkout/form.ts.
import type { AddressInput } from '../api/payments';
import { parseEmail, parsePhone } from './contact';
import { cleanPhone, cleanPincode } from './inputs';
import { isPincode } from './pincode';
import { currentLanguage, translate, type MessageId } from './i18n';

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

const say = (id: MessageId) => translate(currentLanguage(), id);

/** The form's messages, in the shopper's language when read. */
export const MESSAGES = {
  get requiredShipping() {
    return say('checkout.form.requiredShipping');
  },
  get requiredBilling() {
    return say('checkout.form.requiredBilling');
  },
  get required() {
    return say('checkout.form.required');
  },
  get email() {
    return say('checkout.form.email');
  },
  get phone() {
    return say('checkout.form.phone');
  },
  get pincode() {
    return say('address.invalidPincode');
  },
};

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
  // The server's own rules (lib/contact): a phone is ten digits, no leading 0 (a trunk prefix, not part of a mobile number).
  if (s.email.trim() && parseEmail(s.email) === null) errors['shipping.email'] = MESSAGES.email;
  if (s.phone && parsePhone(s.phone) === null) errors['shipping.phone'] = MESSAGES.phone;
  if (s.pincode && !isPincode(s.pincode)) errors['shipping.pincode'] = MESSAGES.pincode;
  else if (s.pincode && pincodeErrors.shipping) errors['shipping.pincode'] = pincodeErrors.shipping;

  if (!form.sameAsShipping) {
    const b = form.billing;
    for (const key of ['addressLine1', 'pincode', 'city', 'state'] as const) {
      if (!b[key].trim()) {
        errors[`billing.${key}`] = MESSAGES.required;
        missingBilling = true;
      }
    }
    if (b.pincode && !isPincode(b.pincode)) errors['billing.pincode'] = MESSAGES.pincode;
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
