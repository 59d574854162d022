// A choice of the customer's saved addresses to fill the shipping form (only
// Indian ones: the store delivers in India), the default first.
import type { Address } from '../../api/addresses';
import './address.css';

export function savedLabel(a: Address): string {
  return `${a.type.charAt(0).toUpperCase()}${a.type.slice(1)}: ${a.street}, ${a.city}, ${a.state} ${a.zipCode}${a.isDefault ? ' (default)' : ''}`;
}

interface Props {
  addresses: Address[];
  /** The chosen address's id, '' for a new address. */
  value: string;
  onPick: (id: string) => void;
  disabled?: boolean;
}

export function SavedAddressPicker({ addresses, value, onPick, disabled }: Props) {
  return (
    <div className="field wide saved-address">
      <label htmlFor="saved-address">Saved address</label>
      <select id="saved-address" value={value} onChange={(e) => onPick(e.target.value)} disabled={disabled}>
        <option value="">Enter a new address</option>
        {addresses.map((a) => (
          <option key={a._id} value={a._id}>
            {savedLabel(a)}
          </option>
        ))}
      </select>
    </div>
  );
}
