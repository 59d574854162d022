// A line's roster collapsed to its count ("27 names and numbers"), opening
// to every row as it prints, with its size: the cart and the order pages.
import { rosterCount, rowText, type ListedRow } from './rosterModel';
import './roster.css';

export function RosterSummary({ rows }: { rows: ListedRow[] | undefined | null }) {
  if (!rows || rows.length === 0) return null;
  return (
    <details className="roster-summary" data-testid="roster-summary">
      <summary>{rosterCount(rows)}</summary>
      {/* It scrolls when long: focusable, so the keyboard can scroll it too. */}
      <ol tabIndex={0} aria-label={`${rosterCount(rows)}, as they print`}>
        {rows.map((row, i) => (
          <li key={i}>
            {rowText(row)} <span className="muted">({row.size})</span>
          </li>
        ))}
      </ol>
    </details>
  );
}
