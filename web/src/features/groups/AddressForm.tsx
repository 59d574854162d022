// A contact-and-address form in its own fieldset: the saved addresses to
// pick from (the default fills an empty form), then checkout's fields.
import { useEffect, useRef } from 'react';
import { useAddresses } from '../../api/addresses';
import { AddressFields } from '../../components/address/AddressFields';
import { SavedAddressPicker } from '../../components/address/SavedAddressPicker';
import type { AddressForm as Form } from './useAddressForm';

const indian = (a: { country: string }) => a.country.trim().toLowerCase() === 'india';

export function AddressForm({ form, legend, hint, disabled }: { form: Form; legend: string; hint?: string; disabled?: boolean }) {
  const saved = useAddresses();
  const addresses = (saved.data ?? []).filter(indian);
  const { pick, fields } = form;
  // Once the saved addresses are known: the default (listed first) fills an empty form.
  const autoPicked = useRef(false);
  useEffect(() => {
    if (autoPicked.current || !saved.data) return;
    autoPicked.current = true;
    const first = saved.data.find(indian);
    if (first && !fields.addressLine1.trim() && !fields.pincode.trim() && !fields.city.trim()) pick(first._id, saved.data);
  }, [saved.data, fields, pick]);

  return (
    <fieldset className="checkout-card address-form" disabled={disabled}>
      <legend>{legend}</legend>
      {hint && <p className="muted small-print address-form-hint">{hint}</p>}
      {addresses.length > 0 && <SavedAddressPicker addresses={addresses} value={form.picked} onPick={(id) => pick(id, addresses)} disabled={disabled} />}
      <AddressFields section={form.section} contact values={fields} errorOf={form.errorOf} onChange={form.change} onBlur={form.blur} pincode={form.pincode} disabled={disabled} />
    </fieldset>
  );
}
