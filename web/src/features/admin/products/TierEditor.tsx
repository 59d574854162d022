// The product form's quantity tiers: the engine's defaults, or the product's
// own table (rows added and removed here; the server's engine checks the table
// and its message shows in the form).
import type { TierRow } from '../../../api/adminProducts';
import { tierRows } from '../../../api/adminProducts';
import { FACTS } from '../../../lib/engine';
import { percentOff } from '../../../lib/money';

const defaultsText = FACTS.defaultPriceTiers.map((t) => (t.discountBps > 0 ? `${t.minPieces}+ at ${percentOff(t.discountBps)} off` : `${t.minPieces}+ at the base price`)).join(', ');

export function TierEditor({ rows, onChange, disabled }: { rows: TierRow[] | null; onChange: (rows: TierRow[] | null) => void; disabled: boolean }) {
  const setRow = (i: number, patch: Partial<TierRow>) => rows && onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <fieldset className="tier-editor" disabled={disabled} data-testid="tier-editor">
      <legend>Quantity tiers (pieces of one design in one colour)</legend>
      <label className="row">
        <input type="checkbox" checked={rows === null} onChange={(e) => onChange(e.target.checked ? null : tierRows(FACTS.defaultPriceTiers))} />
        Use the store&apos;s default tiers
      </label>
      {rows === null ? (
        <p className="muted small-print">{defaultsText}.</p>
      ) : (
        <>
          <table className="tier-rows">
            <thead>
              <tr>
                <th scope="col">Tier</th>
                <th scope="col">From pieces</th>
                <th scope="col">Discount (%)</th>
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row, i) => (
                <tr key={i}>
                  <td>{i + 1}</td>
                  <td>
                    <input aria-label={`Tier ${i + 1} from pieces`} inputMode="numeric" value={row.minPieces} onChange={(e) => setRow(i, { minPieces: e.target.value })} />
                  </td>
                  <td>
                    <input aria-label={`Tier ${i + 1} discount (%)`} inputMode="decimal" value={row.percentOff} onChange={(e) => setRow(i, { percentOff: e.target.value })} />
                  </td>
                  <td>
                    {rows.length > 1 && (
                      <button type="button" className="btn ghost small danger-text" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                        Remove tier {i + 1}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="muted small-print">
            The first tier starts at {FACTS.minPerColor} pieces with no discount; each next one at more pieces and a bigger discount, at most {percentOff(FACTS.maxTierDiscountBps)}; up to {FACTS.maxPriceTiers} tiers.
          </p>
          {rows.length < FACTS.maxPriceTiers && (
            <button type="button" className="btn ghost small" onClick={() => onChange([...rows, { minPieces: '', percentOff: '' }])}>
              Add tier
            </button>
          )}
        </>
      )}
    </fieldset>
  );
}
