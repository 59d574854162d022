// A piece's fields: the size (one of the product's, with its surcharge, and
// its size chart beside), and the name and number where the design prints
// them. Lengths follow the engine's facts; whether a name or number is right
// is the server's (the engine's) judgement, shown as its message.
import { FACTS } from '../../lib/engine';
import type { GroupRowRequest } from '../../api/groupOrders';
import type { SizeOffer } from '../../api/products';
import { SizeChartBeside } from '../../components/SizeChart';
import { sizeWithSurcharge } from '../../lib/sizes';
import type { PrintedFields } from './printedFields';
import { useT } from '../../lib/i18n';

export type RowValue = { size: string; name: string; number: string };
export const EMPTY_ROW: RowValue = { size: '', name: '', number: '' };

/** The request for a row: only the fields the design prints. */
export function rowRequest(row: RowValue, fields: PrintedFields): GroupRowRequest {
  return { size: row.size, ...(fields.name ? { name: row.name } : {}), ...(fields.number ? { number: row.number } : {}) };
}

export function RowFields({
  id,
  value,
  onChange,
  fields,
  offer,
  disabled,
}: {
  id: string;
  value: RowValue;
  onChange: (row: RowValue) => void;
  fields: PrintedFields;
  /** The product's sizes (none yet while it loads). */
  offer: SizeOffer;
  disabled?: boolean;
}) {
  const t = useT();
  return (
    <div className="row-fields">
      <div className="field">
        <label htmlFor={`${id}-size`}>{t('groups.size')}</label>
        <select id={`${id}-size`} value={value.size} required disabled={disabled} onChange={(e) => onChange({ ...value, size: e.target.value })}>
          <option value="">{offer.sizes.length ? t('groups.chooseSize') : t('groups.loadingSizes')}</option>
          {offer.sizes.map((s) => (
            <option key={s} value={s}>
              {sizeWithSurcharge(s, offer.sizePrices)}
            </option>
          ))}
        </select>
        <SizeChartBeside chart={offer.sizeChart} sizes={offer.sizes} />
      </div>
      {fields.name && (
        <div className="field">
          <label htmlFor={`${id}-name`}>{t('groups.nameOnShirt')}</label>
          <input
            id={`${id}-name`}
            value={value.name}
            maxLength={FACTS.maxNameChars}
            autoComplete="off"
            disabled={disabled}
            onChange={(e) => onChange({ ...value, name: e.target.value })}
          />
        </div>
      )}
      {fields.number && (
        <div className="field">
          <label htmlFor={`${id}-number`}>{t('groups.number')}</label>
          <input
            id={`${id}-number`}
            value={value.number}
            inputMode="numeric"
            maxLength={FACTS.maxNumberDigits}
            autoComplete="off"
            disabled={disabled}
            onChange={(e) => onChange({ ...value, number: e.target.value })}
          />
        </div>
      )}
    </div>
  );
}
