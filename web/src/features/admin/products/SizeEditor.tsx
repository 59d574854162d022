// The product form's sizes: labels in display order (added, removed, moved),
// each with an optional surcharge per piece in rupees.
import { FACTS } from '../../../lib/facts.gen';
import { rupees } from '../../../lib/money';
import { newSize, sizeName, type SizeRow } from './garment';
import './garmentEditors.css';

export function SizeEditor({ rows, onChange, disabled }: { rows: SizeRow[]; onChange: (rows: SizeRow[]) => void; disabled: boolean }) {
  const setRow = (i: number, patch: Partial<SizeRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const swap = (i: number, j: number) => onChange(rows.map((r, k) => (k === i ? rows[j] : k === j ? rows[i] : r)));
  return (
    <fieldset className="size-editor" disabled={disabled} data-testid="size-editor">
      <legend>Sizes</legend>
      <ol className="size-rows">
        {rows.map((row, i) => {
          const n = i + 1;
          const name = sizeName(row, i);
          return (
            <li key={i} className="size-row">
              <label>
                Size
                <input aria-label={`Size ${n} label`} value={row.label} onChange={(e) => setRow(i, { label: e.target.value })} placeholder="e.g. 3XL" autoComplete="off" />
              </label>
              <label>
                Extra ₹
                <input aria-label={`Size ${n} extra ₹`} inputMode="decimal" value={row.surcharge} onChange={(e) => setRow(i, { surcharge: e.target.value })} placeholder="0" />
              </label>
              <span className="size-row-actions">
                <button type="button" className="btn ghost small" aria-label={`Move ${name} up`} disabled={i === 0} onClick={() => swap(i, i - 1)}>
                  ↑
                </button>
                <button type="button" className="btn ghost small" aria-label={`Move ${name} down`} disabled={i === rows.length - 1} onClick={() => swap(i, i + 1)}>
                  ↓
                </button>
                {rows.length > 1 && (
                  <button type="button" className="btn ghost small danger-text" aria-label={`Remove ${name}`} onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                    ✕
                  </button>
                )}
              </span>
            </li>
          );
        })}
      </ol>
      <p className="muted small-print">
        In display order, 1 to {FACTS.maxSizes} sizes (e.g. XS, 5XL, 2-3Y, Free). Extra: added to each piece of that size, up to {rupees(FACTS.maxSizePrice)}.
      </p>
      {rows.length < FACTS.maxSizes && (
        <button type="button" className="btn ghost small" onClick={() => onChange([...rows, newSize()])}>
          Add size
        </button>
      )}
    </fieldset>
  );
}
