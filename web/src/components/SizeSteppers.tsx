// Per-size quantity steppers (S, M, L, XL, XXL). A minus never goes below 0;
// typed values are whole numbers. The studio passes the engine's own rule via
// `onChange` (it refuses negatives with the spec's message).
import { FACTS, type SizeKey } from '../lib/engine';

/** The engine's sizes, smallest first, as the cart's keys. */
export const SIZES: readonly SizeKey[] = FACTS.sizes.map((s) => s.toLowerCase() as SizeKey);
export type Size = SizeKey;
export type Quantities = Record<Size, number>;
export const NO_QUANTITIES: Quantities = { s: 0, m: 0, l: 0, xl: 0, xxl: 0 };

export function SizeSteppers({ value, onChange, disabled }: { value: Quantities; onChange: (size: Size, quantity: number) => void; disabled?: boolean }) {
  return (
    <div className="sizes">
      {SIZES.map((size) => (
        <div className="size-row" key={size}>
          <span className="size-label">{size.toUpperCase()}</span>
          <span className="stepper">
            <button type="button" aria-label={`Fewer ${size.toUpperCase()}`} disabled={disabled || value[size] <= 0} onClick={() => onChange(size, value[size] - 1)}>
              −
            </button>
            <input
              aria-label={`Quantity ${size.toUpperCase()}`}
              inputMode="numeric"
              value={value[size]}
              disabled={disabled}
              onChange={(e) => {
                const n = Number(e.target.value.replace(/\D/g, '') || 0);
                onChange(size, n);
              }}
            />
            <button type="button" aria-label={`More ${size.toUpperCase()}`} disabled={disabled} onClick={() => onChange(size, value[size] + 1)}>
              +
            </button>
          </span>
        </div>
      ))}
    </div>
  );
}

export function totalOf(q: Quantities): number {
  return SIZES.reduce((sum, s) => sum + q[s], 0);
}
