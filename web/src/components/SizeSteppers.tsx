// Per-size quantity steppers, one for each of the product's sizes in its
// order, each with its surcharge when it costs more ("3XL +₹50.00"). A minus
// never goes below 0; typed values are whole numbers. The studio passes the
// engine's own rule via `onChange` (it refuses negatives with the spec's
// message). Quantities are keyed by the size's label in lower case.
import { useId } from 'react';
import { sizeKey, surchargeOf, type Quantities } from '../lib/sizes';
import { rupees } from '../lib/money';
import { useT } from '../lib/i18n';

// The steppers' signs, the same in every language.
const MINUS = '−';
const PLUS = '+';
const SURCHARGE = ' +';

export type { Quantities };

export function SizeSteppers({
  sizes,
  sizePrices,
  value,
  onChange,
  disabled,
}: {
  /** The product's size labels, in its order. */
  sizes: string[];
  /** Extra paise a piece by size label. */
  sizePrices?: Record<string, number>;
  value: Quantities;
  /** The size's key (its label in lower case) and its new quantity. */
  onChange: (size: string, quantity: number) => void;
  disabled?: boolean;
}) {
  const id = useId();
  const t = useT();
  return (
    <div className="sizes">
      {sizes.map((label, i) => {
        const key = sizeKey(label);
        const n = value[key] ?? 0;
        const extra = surchargeOf(sizePrices, label);
        // The surcharge describes the size's field, so a screen reader says it with the quantity.
        const extraId = extra > 0 ? `${id}-extra-${i}` : undefined;
        return (
          <div className="size-row" key={key}>
            <span className="size-label">
              {label}
              {extra > 0 && (
                <span className="size-extra" id={extraId}>
                  {SURCHARGE}
                  {rupees(extra)}
                </span>
              )}
            </span>
            <span className="stepper">
              <button type="button" aria-label={t('sizes.fewer', { size: label })} disabled={disabled || n <= 0} onClick={() => onChange(key, n - 1)}>
                {MINUS}
              </button>
              <input
                aria-label={t('sizes.quantity', { size: label })}
                aria-describedby={extraId}
                inputMode="numeric"
                value={n}
                disabled={disabled}
                onChange={(e) => {
                  const typed = Number(e.target.value.replace(/\D/g, '') || 0);
                  onChange(key, typed);
                }}
              />
              <button type="button" aria-label={t('sizes.more', { size: label })} disabled={disabled} onClick={() => onChange(key, n + 1)}>
                {PLUS}
              </button>
            </span>
          </div>
        );
      })}
    </div>
  );
}
