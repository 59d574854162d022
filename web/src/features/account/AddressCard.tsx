// One saved address with its actions.
import type { Address } from '../../api/addresses';
import { useT } from '../../lib/i18n';
import { addressTypeId } from './AddressForm';

const COMMA = ', ';
const SPACE = ' ';

interface Props {
  address: Address;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onMakeDefault: () => void;
}

export function AddressCard({ address: a, busy, onEdit, onDelete, onMakeDefault }: Props) {
  const t = useT();
  const type = addressTypeId(a.type);
  return (
    <li className={`address-card ${a.isDefault ? 'default' : ''}`} data-testid="address-card">
      <h2>
        {type ? t(type) : a.type}
        {a.isDefault && <span className="default-badge">{t('addresses.default')}</span>}
      </h2>
      <address>
        {a.street}
        <br />
        {a.city}
        {COMMA}
        {a.state}
        {SPACE}
        {a.zipCode}
        <br />
        {a.country}
        {a.phone && (
          <>
            <br />
            {t('addresses.phoneIs', { phone: a.phone })}
          </>
        )}
      </address>
      <div className="row">
        <button className="btn ghost small" onClick={onEdit} disabled={busy}>
          {t('addresses.edit')}
        </button>
        <button className="btn ghost small danger-text" onClick={onDelete} disabled={busy}>
          {t('addresses.delete')}
        </button>
        {!a.isDefault && (
          <button className="btn ghost small" onClick={onMakeDefault} disabled={busy}>
            {t('addresses.setDefault')}
          </button>
        )}
      </div>
    </li>
  );
}
