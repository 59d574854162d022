// The add / edit address form (in a dialog). Street, pincode, city and state
// are required; for India (the default country) six pincode digits fill city
// and state from the store's offline pincode table.
import { useCallback, useState, type FormEvent } from 'react';
import { ADDRESS_MESSAGES, type Address, type AddressRequest } from '../../api/addresses';
import { cleanPhone, cleanPincode } from '../../lib/inputs';
import { usePincodeAutofill } from '../../hooks/usePincodeAutofill';

export const ADDRESS_TYPES = ['home', 'work', 'other'] as const;
export const DEFAULT_COUNTRY = 'India';

type Fields = Required<Omit<AddressRequest, 'isDefault'>> & { isDefault: boolean };

function fieldsOf(a: Address | null): Fields {
  return {
    type: a?.type ?? 'home',
    street: a?.street ?? '',
    zipCode: a?.zipCode ?? '',
    city: a?.city ?? '',
    state: a?.state ?? '',
    country: a?.country || DEFAULT_COUNTRY,
    phone: a?.phone ?? '',
    isDefault: a?.isDefault ?? false,
  };
}

const isIndia = (country: string) => country.trim().toLowerCase() === 'india';

interface Props {
  address: Address | null;
  saving: boolean;
  /** The server's refusal of the last attempt, if any. */
  error: string | null;
  onSave: (body: AddressRequest) => void;
  onCancel: () => void;
}

export function AddressForm({ address, saving, error, onSave, onCancel }: Props) {
  const [f, setF] = useState<Fields>(() => fieldsOf(address));
  const [missing, setMissing] = useState(false);
  const pin = usePincodeAutofill(useCallback((d) => setF((x) => ({ ...x, city: d.city || d.district, state: d.state })), []));
  const india = isIndia(f.country);

  const set = (key: keyof Fields, value: string | boolean) => {
    setF((x) => ({ ...x, [key]: value }));
    setMissing(false);
  };
  const setPincode = (raw: string) => {
    const value = india ? cleanPincode(raw) : raw;
    set('zipCode', value);
    if (india) pin.pincodeChanged(value);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = { ...f, street: f.street.trim(), city: f.city.trim(), state: f.state.trim(), zipCode: f.zipCode.trim(), country: f.country.trim() || DEFAULT_COUNTRY, phone: f.phone.trim() };
    if (!trimmed.street || !trimmed.city || !trimmed.state || !trimmed.zipCode) {
      setMissing(true);
      return;
    }
    onSave(trimmed);
  };

  const pinHint = pin.status.kind === 'looking' ? 'Looking up city and state…' : pin.status.kind === 'found' ? `Found: ${pin.status.place}` : pin.status.kind === 'error' ? pin.status.message : null;
  const problem = missing ? ADDRESS_MESSAGES.required : error;

  return (
    <form className="account-form" onSubmit={submit} noValidate aria-busy={saving}>
      <div className="address-form-grid">
        <div className="field">
          <label htmlFor="address-type">Address type</label>
          <select id="address-type" value={f.type} onChange={(e) => set('type', e.target.value)}>
            {ADDRESS_TYPES.map((t) => (
              <option key={t} value={t}>
                {t.charAt(0).toUpperCase() + t.slice(1)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="address-country">Country</label>
          <input id="address-country" autoComplete="country-name" value={f.country} onChange={(e) => set('country', e.target.value)} />
        </div>
        <div className="field wide">
          <label htmlFor="address-street">
            Street address<span className="req" aria-hidden="true"> *</span>
          </label>
          <input id="address-street" autoComplete="street-address" required value={f.street} onChange={(e) => set('street', e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="address-zip">
            {india ? 'Pincode' : 'Postal code'}
            <span className="req" aria-hidden="true"> *</span>
          </label>
          <input
            id="address-zip"
            inputMode={india ? 'numeric' : 'text'}
            autoComplete="postal-code"
            required
            value={f.zipCode}
            aria-describedby={pinHint ? 'address-zip-hint' : undefined}
            onChange={(e) => setPincode(e.target.value)}
          />
          {india && pinHint && (
            <small id="address-zip-hint" className={`hint ${pin.status.kind === 'error' ? 'error' : 'muted'}`}>
              {pinHint}
            </small>
          )}
        </div>
        <div className="field">
          <label htmlFor="address-phone">Phone (optional)</label>
          <input id="address-phone" type="tel" inputMode="numeric" autoComplete="tel-national" value={f.phone} onChange={(e) => set('phone', cleanPhone(e.target.value))} />
        </div>
        <div className="field">
          <label htmlFor="address-city">
            City<span className="req" aria-hidden="true"> *</span>
          </label>
          <input id="address-city" autoComplete="address-level2" required value={f.city} onChange={(e) => set('city', e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="address-state">
            State<span className="req" aria-hidden="true"> *</span>
          </label>
          <input id="address-state" autoComplete="address-level1" required value={f.state} onChange={(e) => set('state', e.target.value)} />
        </div>
        {!address?.isDefault && (
          <label className="check wide">
            <input type="checkbox" checked={f.isDefault} onChange={(e) => set('isDefault', e.target.checked)} />
            Set as default address
          </label>
        )}
      </div>
      {problem && (
        <p className="notice error" role="alert">
          {problem}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="btn" disabled={saving}>
          {saving ? 'Saving…' : address ? 'Save Address' : 'Add Address'}
        </button>
        <button type="button" className="btn ghost" onClick={onCancel} disabled={saving}>
          Cancel
        </button>
      </div>
    </form>
  );
}
