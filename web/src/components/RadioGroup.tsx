import { useRef, type CSSProperties, type KeyboardEvent } from 'react';

export interface RadioOption<T extends string> {
  value: T;
  /** The accessible name (and the visible text unless `swatch` is set). */
  label: string;
  /** A colour swatch instead of text: the label is then only read out. */
  swatch?: string;
}

/**
 * One choice out of a few, as the ARIA radio group pattern has it: one Tab
 * stop (the chosen option), arrow keys move the choice, Home and End jump.
 * Drawn as the store's buttons or colour chips.
 */
export function RadioGroup<T extends string>({
  label,
  options,
  value,
  onChange,
  className = 'row',
  optionClass = 'btn',
}: {
  label: string;
  options: RadioOption<T>[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
  optionClass?: string;
}) {
  const group = useRef<HTMLDivElement>(null);
  const choose = (index: number) => {
    const next = options[(index + options.length) % options.length];
    onChange(next.value);
    group.current?.querySelectorAll<HTMLElement>('[role="radio"]')[options.indexOf(next)]?.focus();
  };
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    if (step) choose(index + step);
    else if (e.key === 'Home') choose(0);
    else if (e.key === 'End') choose(options.length - 1);
    else return;
    e.preventDefault();
  };
  const chosen = options.some((o) => o.value === value) ? value : options[0]?.value;
  return (
    <div ref={group} className={className} role="radiogroup" aria-label={label}>
      {options.map((o, i) => {
        const checked = o.value === chosen;
        const style: CSSProperties | undefined = o.swatch ? { background: o.swatch } : undefined;
        return (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={o.swatch ? o.label : undefined}
            title={o.swatch ? o.label : undefined}
            tabIndex={checked ? 0 : -1}
            className={`${optionClass} ${!o.swatch && !checked ? 'ghost' : ''}`}
            style={style}
            onClick={() => onChange(o.value)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {o.swatch ? null : o.label}
          </button>
        );
      })}
    </div>
  );
}
