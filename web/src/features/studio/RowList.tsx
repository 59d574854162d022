// The spell-check list: every row as it will print (the engine keeps names in
// capitals), one of them chosen for the preview. A listbox: one Tab stop,
// the arrow keys, Home and End move the choice, a click picks a row.
import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import { rowText } from '../../components/roster/rosterModel';
import type { RosterRow } from '../../lib/engine';
import { useT } from '../../lib/i18n';

/** After a row's number in the list: the same in every language. */
const AFTER_NUMBER = '.';

export function RowList({ rows, selected, onSelect }: { rows: RosterRow[]; selected: number; onSelect: (index: number) => void }) {
  const id = useId();
  const t = useT();
  const list = useRef<HTMLUListElement>(null);
  const current = Math.min(selected, rows.length - 1);

  // The chosen row stays in view as the arrows move through a long list.
  useEffect(() => {
    list.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [current]);

  if (rows.length === 0) return null;
  const onKeyDown = (e: KeyboardEvent) => {
    const next = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: rows.length - 1, PageDown: current + 10, PageUp: current - 10 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    onSelect(Math.max(0, Math.min(rows.length - 1, next)));
  };
  return (
    <section className="row-list stack" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`}>{t('studio.spellCheck')}</h3>
      <p className="hint muted" id={`${id}-hint`}>
        {t('studio.spellCheckHint')}
      </p>
      <ul
        ref={list}
        className="spell-check"
        role="listbox"
        tabIndex={0}
        aria-labelledby={`${id}-heading`}
        aria-describedby={`${id}-hint`}
        aria-activedescendant={`${id}-row-${current}`}
        onKeyDown={onKeyDown}
        data-testid="spell-check"
      >
        {rows.map((row, i) => (
          <li key={i} id={`${id}-row-${i}`} role="option" aria-selected={i === current} onClick={() => onSelect(i)} data-row={i + 1}>
            <span className="spell-n">{i + 1}{AFTER_NUMBER}</span> <span className="spell-text">{rowText(row)}</span> <span className="muted">{row.size}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
