// Contact and address fields standing alone, as checkout has them (its
// fields, rules, messages and pincode lookup): a members-pay group's ship-to
// address, and a member's billing details when paying for their piece.
import { useCallback, useState } from 'react';
import type { PincodeDetails } from '../../api/pincode';
import { usePincodeAutofill } from '../../hooks/usePincodeAutofill';
import { addressInput, emptyForm, MESSAGES, validateAddress, withSavedPlace, type Section, type ShippingFields } from '../../lib/checkoutForm';
import type { Address } from '../../api/addresses';

export function emptyAddress(user?: { email?: string; name?: string } | null): ShippingFields {
  return emptyForm(user).shipping;
}

export function useAddressForm(section: Section, initial: () => ShippingFields) {
  const [fields, setFields] = useState<ShippingFields>(initial);
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const [picked, setPicked] = useState('');
  const pin = usePincodeAutofill(useCallback((d: PincodeDetails) => setFields((f) => ({ ...f, city: d.city || d.district, state: d.state })), []));
  const { errors, summary } = validateAddress(section, fields, pin.invalid);

  /** A field's message: all of them once submitted; before that, a wrong (not an empty) field once left. */
  const errorOf = (path: string) => {
    const e = errors[path];
    if (!e) return undefined;
    if (submitted) return e;
    return touched.has(path) && e !== MESSAGES.required ? e : undefined;
  };
  const change = (key: keyof ShippingFields, value: string) => {
    setFields((f) => ({ ...f, [key]: value }));
    if (key !== 'email' && key !== 'fullName' && key !== 'phone') setPicked('');
    if (key === 'pincode') pin.pincodeChanged(value);
  };
  const blur = (path: string) => setTouched((t) => (t.has(path) ? t : new Set(t).add(path)));
  /** A saved address into the fields ('' or an unknown id: empty address fields). */
  const pick = (id: string, saved: Address[]) => {
    const a = saved.find((x) => x._id === id) ?? null;
    setPicked(a ? id : '');
    pin.pincodeChanged(''); // a lookup still on its way must not overwrite the chosen city
    setFields((f) => withSavedPlace(f, a));
  };
  /** Marks the form submitted; the address as the API takes it when it is complete, else null. */
  const submit = () => {
    setSubmitted(true);
    return summary ? null : addressInput(fields);
  };
  return { section, fields, errors, summary, errorOf, change, blur, pick, picked, pincode: pin.status, submitted, submit };
}

export type AddressForm = ReturnType<typeof useAddressForm>;
