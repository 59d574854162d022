// A line's roster collapsed to its count ("27 names and numbers"), opening
// to every row as it prints, with its size: the cart and the order pages.
import { rosterCount, rowText, type ListedRow } from './rosterModel';
import { useT } from '../../lib/i18n';
import './roster.css';

// A row's size in brackets, the same in every language.
const inBrackets = (size: string) => `(${size})`;

export function RosterSummary({ rows }: { rows: ListedRow[] | undefined | null }) {
  const t = useT();
  if (!rows || rows.length === 0) return null;
  return (
    <details className="roster-summary" data-testid="roster-summary">
      <summary>{rosterCount(rows)}</summary>
      {/* It scrolls when long: focusable, so the keyboard can scroll it too. */}
      <ol tabIndex={0} aria-label={t('roster.asTheyPrint', { count: rosterCount(rows) })}>
        {rows.map((row, i) => (
          <li key={i}>
            {rowText(row)} <span className="muted">{inBrackets(row.size)}</span>
          </li>
        ))}
      </ol>
    </details>
  );
}
