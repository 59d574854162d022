// One saved address with its actions.
import type { Address } from '../../api/addresses';

interface Props {
  address: Address;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onMakeDefault: () => void;
}

export function AddressCard({ address: a, busy, onEdit, onDelete, onMakeDefault }: Props) {
  return (
    <li className={`address-card ${a.isDefault ? 'default' : ''}`} data-testid="address-card">
      <h2>
        {a.type}
        {a.isDefault && <span className="default-badge">Default</span>}
      </h2>
      <address>
        {a.street}
        <br />
        {a.city}, {a.state} {a.zipCode}
        <br />
        {a.country}
        {a.phone && (
          <>
            <br />
            Phone: {a.phone}
          </>
        )}
      </address>
      <div className="row">
        <button className="btn ghost small" onClick={onEdit} disabled={busy}>
          Edit
        </button>
        <button className="btn ghost small danger-text" onClick={onDelete} disabled={busy}>
          Delete
        </button>
        {!a.isDefault && (
          <button className="btn ghost small" onClick={onMakeDefault} disabled={busy}>
            Set as Default
          </button>
        )}
      </div>
    </li>
  );
}
