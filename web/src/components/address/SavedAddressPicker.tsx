// A choice of the customer's saved addresses to fill the shipping form (only
// Indian ones: the store delivers in India), the default first.
import type { Address } from '../../api/addresses';
import { currentLanguage, translate, useT } from '../../lib/i18n';
import './address.css';

export function savedLabel(a: Address): string {
  return translate(currentLanguage(), 'address.saved', {
    type: a.type,
    street: a.street,
    city: a.city,
    state: a.state,
    pin: a.zipCode,
    isDefault: a.isDefault ? 'yes' : 'no',
  });
}

interface Props {
  addresses: Address[];
  /** The chosen address's id, '' for a new address. */
  value: string;
  onPick: (id: string) => void;
  disabled?: boolean;
}

export function SavedAddressPicker({ addresses, value, onPick, disabled }: Props) {
  const t = useT();
  return (
    <div className="field wide saved-address">
      <label htmlFor="saved-address">{t('address.savedLabel')}</label>
      <select id="saved-address" value={value} onChange={(e) => onPick(e.target.value)} disabled={disabled}>
        <option value="">{t('address.new')}</option>
        {addresses.map((a) => (
          <option key={a._id} value={a._id}>
            {savedLabel(a)}
          </option>
        ))}
      </select>
    </div>
  );
}
