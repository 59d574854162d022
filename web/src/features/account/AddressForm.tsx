// The add / edit address form (in a dialog). Street, pincode, city and state
// are required; for India (the default country) six pincode digits fill city
// and state from the store's offline pincode table.
import { useCallback, useState, type FormEvent } from 'react';
import type { Address, AddressRequest } from '../../api/addresses';
import { useT, type MessageId } from '../../lib/i18n';
import { cleanPhone, cleanPincode } from '../../lib/inputs';
import { usePincodeAutofill } from '../../hooks/usePincodeAutofill';

export const ADDRESS_TYPES = ['home', 'work', 'other'] as const;
export const DEFAULT_COUNTRY = 'India';
const REQUIRED_MARK = ' *';

/** A saved address's type in words (the catalogue's id); null for a type the store does not offer. */
export function addressTypeId(type: string): MessageId | null {
  return (ADDRESS_TYPES as readonly string[]).includes(type) ? (`addresses.type.${type}` as MessageId) : null;
}

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
  const t = useT();
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

  const pinHint = pin.status.kind === 'looking' ? t('addresses.lookingUp') : pin.status.kind === 'found' ? t('addresses.found', { place: pin.status.place }) : pin.status.kind === 'error' ? pin.status.message : null;
  const problem = missing ? t('addresses.required') : error;

  return (
    <form className="account-form" onSubmit={submit} noValidate aria-busy={saving}>
      <div className="address-form-grid">
        <div className="field">
          <label htmlFor="address-type">{t('addresses.typeLabel')}</label>
          <select id="address-type" value={f.type} onChange={(e) => set('type', e.target.value)}>
            {ADDRESS_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(addressTypeId(type)!)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="address-country">{t('addresses.country')}</label>
          <input id="address-country" autoComplete="country-name" value={f.country} onChange={(e) => set('country', e.target.value)} />
        </div>
        <div className="field wide">
          <label htmlFor="address-street">
            {t('addresses.street')}
            <span className="req" aria-hidden="true">
              {REQUIRED_MARK}
            </span>
          </label>
          <input id="address-street" autoComplete="street-address" required value={f.street} onChange={(e) => set('street', e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="address-zip">
            {india ? t('addresses.pincode') : t('addresses.postalCode')}
            <span className="req" aria-hidden="true">
              {REQUIRED_MARK}
            </span>
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
          <label htmlFor="address-phone">{t('addresses.phoneOptional')}</label>
          <input id="address-phone" type="tel" inputMode="numeric" autoComplete="tel-national" value={f.phone} onChange={(e) => set('phone', cleanPhone(e.target.value))} />
        </div>
        <div className="field">
          <label htmlFor="address-city">
            {t('addresses.city')}
            <span className="req" aria-hidden="true">
              {REQUIRED_MARK}
            </span>
          </label>
          <input id="address-city" autoComplete="address-level2" required value={f.city} onChange={(e) => set('city', e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="address-state">
            {t('addresses.state')}
            <span className="req" aria-hidden="true">
              {REQUIRED_MARK}
            </span>
          </label>
          <input id="address-state" autoComplete="address-level1" required value={f.state} onChange={(e) => set('state', e.target.value)} />
        </div>
        {!address?.isDefault && (
          <label className="check wide">
            <input type="checkbox" checked={f.isDefault} onChange={(e) => set('isDefault', e.target.checked)} />
            {t('addresses.makeDefault')}
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
          {saving ? t('addresses.saving') : address ? t('addresses.save') : t('addresses.add')}
        </button>
        <button type="button" className="btn ghost" onClick={onCancel} disabled={saving}>
          {t('addresses.cancel')}
        </button>
      </div>
    </form>
  );
}
