// Under the garment of a personalised design: which row the preview shows,
// with the previous and next rows a click (or the spell-check list) away.
import { rowText } from '../../components/roster/rosterModel';
import type { RosterRow, RosterRowInput } from '../../lib/engine';
import { useT } from '../../lib/i18n';

const PREVIOUS = '◀';
const NEXT = '▶';

/** What the preview shows before the list has a row: where a name and a number will go. */
export const SAMPLE_ROW: RosterRowInput = { size: 'M', name: 'YOUR NAME', number: '10' };

/** The row to preview: the chosen one, the last when the list got shorter, the sample when it is empty. */
export function previewRow(rows: RosterRow[], index: number): RosterRowInput {
  return rows[Math.min(index, rows.length - 1)] ?? SAMPLE_ROW;
}

export function RowPreviewBar({ rows, index, onSelect }: { rows: RosterRow[]; index: number; onSelect: (index: number) => void }) {
  const current = Math.min(index, rows.length - 1);
  const t = useT();
  return (
    <div className="row row-preview-bar" data-testid="row-preview">
      <button type="button" className="btn small ghost" aria-label={t('studio.previousRow')} disabled={current <= 0} onClick={() => onSelect(current - 1)}>
        {PREVIOUS}
      </button>
      <p aria-live="polite">
        {rows.length === 0 ? (
          t('studio.sampleRow')
        ) : (
          <>
            {t('studio.rowOf', { row: String(current + 1), rows: String(rows.length) })} <strong data-testid="row-preview-text">{rowText(rows[current])}</strong>
          </>
        )}
      </p>
      <button type="button" className="btn small ghost" aria-label={t('studio.nextRow')} disabled={current >= rows.length - 1} onClick={() => onSelect(current + 1)}>
        {NEXT}
      </button>
    </div>
  );
}
