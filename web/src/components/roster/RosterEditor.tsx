// The roster of a team order: one row per piece (name, number, size), typed,
// edited and removed here, or pasted as a list (or read from a CSV file).
// Every row goes through the engine: a change it refuses keeps what was
// typed, marked, with the engine's message beside it; a pasted line it
// cannot read waits under "Lines to fix" until it is fixed or dropped.
// The same editor serves the studio and the cart's "Edit names" dialog. Its
// sizes are the product's, each with its surcharge, and its size chart beside them.
import { useId, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { FACTS, type RosterReader, type RosterRow, type RosterRowInput, type Size } from '../../lib/engine';
import { sizeWithSurcharge } from '../../lib/sizes';
import type { components } from '../../lib/schema';
import { SizeChartBeside } from '../SizeChart';
import { readLine, readPaste, sizeCounts, type PendingLine, type RosterModel } from './rosterModel';
import './roster.css';
import { engineError } from '../../lib/engineMessages';
import { useT } from '../../lib/i18n';

/** Signs the same in every language. */
const DOT = '· ';
const SPACE = ' ';
const REMOVE = '✕';
const ROW_SIGN = '#';
const PASTE_EXAMPLE = 'Sharma, 10, M\nO\'Brien, 7, XL';

const inputOf = (row: RosterRow): RosterRowInput => ({ size: row.size, name: row.name, number: row.number });

/** The product's sizes as a roster's rows pick them. */
interface SizeChoice {
  /** Its size labels, in its order. */
  sizes: Size[];
  /** Extra paise a piece by size label. */
  sizePrices?: Record<string, number>;
}

export function RosterEditor({
  model,
  reader,
  label,
  sizes,
  sizePrices,
  sizeChart,
}: { model: RosterModel; reader: RosterReader | null; label: string; sizeChart?: components['schemas']['SizeChartDto'] | null } & SizeChoice) {
  const id = useId();
  const [pending, setPending] = useState<PendingLine[]>([]);
  const [status, setStatus] = useState('');
  const t = useT();
  const { rows } = model;
  const inputs = rows.map(inputOf);
  const rowProblems = new Map<number, string>();
  for (const p of model.problems) if (p.row > 0 && !rowProblems.has(p.row)) rowProblems.set(p.row, engineError(t, p));
  const wholeProblems = model.problems.filter((p) => p.row === 0);

  /** Adds pasted text's rows; the lines the engine could not read wait to be fixed. */
  const addPaste = (text: string): boolean => {
    if (!reader || !text.trim()) return false;
    const read = readPaste(reader, text);
    if (read.rows.length > 0) {
      const error = model.setRows([...inputs, ...read.rows.map(inputOf)]);
      if (error) {
        setStatus(error);
        return false;
      }
    }
    setPending((p) => [...p, ...read.pending]);
    const bad = read.pending.length;
    setStatus(t('studio.rosterAdded', { rows: read.rows.length, bad }));
    return true;
  };

  const fixLine = (line: PendingLine) => {
    if (!reader) return;
    const { row, message } = readLine(reader, line);
    if (message) return setPending((p) => p.map((l) => (l.id === line.id ? { ...l, message } : l)));
    if (row) {
      const error = model.setRows([...inputs, inputOf(row)]);
      if (error) return setPending((p) => p.map((l) => (l.id === line.id ? { ...l, message: error } : l)));
      setStatus(t('studio.rosterLineAdded', { line: String(line.line), row: String(inputs.length + 1) }));
    }
    setPending((p) => p.filter((l) => l.id !== line.id));
  };

  return (
    <div className="roster-editor stack" aria-label={label} role="group">
      <RosterCounts rows={rows} sizes={sizes} />
      {wholeProblems.length > 0 && (
        <ul className="roster-problems" data-testid="roster-problems">
          {wholeProblems.map((p) => (
            <li key={p.code + p.message} className="error">
              {engineError(t, p)}
            </li>
          ))}
        </ul>
      )}
      <PasteBox id={id} onPaste={addPaste} disabled={!reader} />
      <p role="status" className="muted small" data-testid="roster-status">
        {status}
      </p>
      {pending.length > 0 && (
        <section className="roster-pending" aria-labelledby={`${id}-fix`} data-testid="roster-pending">
          <h3 id={`${id}-fix`}>{t('studio.rosterLinesToFix')}</h3>
          <ul>
            {pending.map((line) => (
              <PendingItem
                key={line.id}
                line={line}
                onChange={(text) => setPending((p) => p.map((l) => (l.id === line.id ? { ...l, text } : l)))}
                onAdd={() => fixLine(line)}
                onDrop={() => setPending((p) => p.filter((l) => l.id !== line.id))}
              />
            ))}
          </ul>
        </section>
      )}
      {rows.length > 0 && (
        <div className="roster-rows-box">
          <div className="roster-row roster-head" aria-hidden="true">
            <span>{ROW_SIGN}</span>
            <span>{t('studio.rosterName')}</span>
            <span>{t('studio.rosterNo')}</span>
            <span>{t('studio.rosterSize')}</span>
            <span />
          </div>
          <ol className="roster-rows" aria-label={t('studio.rosterRows')} data-testid="roster-rows">
            {rows.map((row, i) => (
              <RowItem
                key={i}
                idPrefix={id}
                index={i}
                row={row}
                problem={rowProblems.get(i + 1)}
                sizes={sizes}
                sizePrices={sizePrices}
                onChange={(input) => model.setRows(inputs.map((r, j) => (j === i ? input : r)), `roster-row:${i}`)}
                onRemove={() => {
                  model.setRows(inputs.filter((_, j) => j !== i));
                  setStatus(t('studio.rosterRowRemoved', { row: String(i + 1) }));
                }}
              />
            ))}
          </ol>
        </div>
      )}
      <AddRow id={id} sizes={sizes} sizePrices={sizePrices} onAdd={(input) => model.setRows([...inputs, input])} />
      <SizeChartBeside chart={sizeChart} sizes={sizes} />
    </div>
  );
}

/** Pieces per size, and in all. */
function RosterCounts({ rows, sizes }: { rows: RosterRow[]; sizes: Size[] }) {
  const t = useT();
  return (
    <p className="roster-counts" data-testid="roster-counts">
      <strong>
        {t('studio.rosterPieces', { count: rows.length, n: String(rows.length) })}
      </strong>
      {sizeCounts(rows, sizes).map(({ size, count }) => (
        <span key={size}>
          {SPACE}
          {DOT}
          {size} {count}
        </span>
      ))}
    </p>
  );
}

/** A chosen file's text (FileReader: what every browser, and the tests' DOM, can read). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });
}

/** A list pasted or read from a file: `name, number, size` per line. */
function PasteBox({ id, onPaste, disabled }: { id: string; onPaste: (text: string) => boolean; disabled: boolean }) {
  const [text, setText] = useState('');
  const [fileError, setFileError] = useState<string | null>(null);
  const t = useT();
  const add = () => onPaste(text) && setText('');
  const pickFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    try {
      setFileError(null);
      onPaste(await readText(file));
    } catch {
      setFileError(t('studio.rosterFileUnreadable', { name: file.name }));
    }
  };
  return (
    <details className="roster-paste" open>
      <summary>{t('studio.rosterPasteSummary')}</summary>
      <label htmlFor={`${id}-paste`}>{t('studio.rosterPasteLabel')}</label>
      <textarea id={`${id}-paste`} rows={4} value={text} placeholder={PASTE_EXAMPLE} onChange={(e) => setText(e.target.value)} spellCheck={false} />
      <div className="row roster-paste-actions">
        <button type="button" className="btn small" onClick={add} disabled={disabled || !text.trim()}>
          {t('studio.rosterAddThese')}
        </button>
        <label className="btn small ghost file-button">
          {t('studio.rosterChooseCsv')}
          <input type="file" accept=".csv,.txt,.tsv,text/csv,text/plain" className="visually-hidden" onChange={(e) => void pickFile(e)} disabled={disabled} />
        </label>
      </div>
      {fileError && (
        <p className="error" role="alert">
          {fileError}
        </p>
      )}
    </details>
  );
}

function PendingItem({ line, onChange, onAdd, onDrop }: { line: PendingLine; onChange: (text: string) => void; onAdd: () => void; onDrop: () => void }) {
  const messageId = `${line.id}-message`;
  const t = useT();
  return (
    <li className="roster-pending-line" data-line={line.line}>
      <label htmlFor={line.id} className="small">
        {t('studio.rosterLineAsPasted', { line: String(line.line) })}
      </label>
      <div className="row">
        <input
          id={line.id}
          value={line.text}
          aria-invalid="true"
          aria-describedby={messageId}
          spellCheck={false}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && (e.preventDefault(), onAdd())}
        />
        <button type="button" className="btn small" onClick={onAdd} aria-label={t('studio.rosterAddLine', { line: String(line.line) })}>
          {t('studio.rosterAdd')}
        </button>
        <button type="button" className="btn small ghost" onClick={onDrop} aria-label={t('studio.rosterDropLine', { line: String(line.line) })}>
          {REMOVE}
        </button>
      </div>
      <p id={messageId} className="error small" data-testid="roster-line-error">
        {line.message}
      </p>
    </li>
  );
}

/** One row: its fields edited in place; a change the engine refuses stays typed here with its message. */
function RowItem({
  idPrefix,
  index,
  row,
  problem,
  sizes,
  sizePrices,
  onChange,
  onRemove,
}: { idPrefix: string; index: number; row: RosterRow; problem?: string; onChange: (input: RosterRowInput) => string | null; onRemove: () => void } & SizeChoice) {
  const n = index + 1;
  const t = useT();
  // What is being typed (kept while the field has focus: the engine trims and capitalises what it keeps).
  const [draft, setDraft] = useState<RosterRowInput | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const shown = draft ?? inputOf(row);
  const message = refused ?? problem;
  const messageId = `${idPrefix}-row-${n}-message`;
  const edit = (input: RosterRowInput) => {
    setDraft(input);
    setRefused(onChange(input));
  };
  const settle = () => {
    if (!refused) setDraft(null);
  };
  const described = message ? { 'aria-invalid': true as const, 'aria-describedby': messageId } : {};
  return (
    <li className={`roster-row ${message ? 'invalid' : ''}`} data-testid="roster-row" data-row={n}>
      <span className="roster-n" aria-hidden="true">
        {n}
      </span>
      <input aria-label={t('studio.rosterNameRow', { row: String(n) })} value={shown.name ?? ''} spellCheck={false} autoCapitalize="characters" onChange={(e) => edit({ ...shown, name: e.target.value })} onBlur={settle} {...described} />
      <input aria-label={t('studio.rosterNumberRow', { row: String(n) })} value={shown.number ?? ''} inputMode="numeric" onChange={(e) => edit({ ...shown, number: e.target.value })} onBlur={settle} {...described} />
      <select aria-label={t('studio.rosterSizeRow', { row: String(n) })} value={shown.size} onChange={(e) => edit({ ...shown, size: e.target.value })} {...described}>
        <SizeOptions sizes={sizes} sizePrices={sizePrices} />
      </select>
      <button type="button" className="btn small ghost" aria-label={t('studio.rosterRemoveRow', { row: String(n) })} onClick={onRemove}>
        {REMOVE}
      </button>
      {message && (
        <p id={messageId} className="error small roster-row-error" data-testid="roster-row-error">
          {message}
        </p>
      )}
    </li>
  );
}

/** A new row typed in; the engine's message when it refuses it. */
function AddRow({ id, sizes, sizePrices, onAdd }: { id: string; onAdd: (input: RosterRowInput) => string | null } & SizeChoice) {
  // The second size (an M) unless the product has one size only.
  const [chosen, setInput] = useState<RosterRowInput>({ size: sizes[1] ?? sizes[0], name: '', number: '' });
  // A size the product no longer lists (its sizes arrived or changed): its first.
  const input = sizes.includes(chosen.size) ? chosen : { ...chosen, size: sizes[0] };
  const [refused, setRefused] = useState<string | null>(null);
  const t = useT();
  const add = () => {
    const error = onAdd(input);
    setRefused(error);
    if (!error) setInput({ ...input, name: '', number: '' });
  };
  const onKey = (e: KeyboardEvent) => e.key === 'Enter' && (e.preventDefault(), add());
  const described = refused ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-add-error` } : {};
  return (
    <fieldset className="roster-add">
      <legend>{t('studio.rosterAddRow')}</legend>
      <div className="roster-add-fields">
        <label>
          {t('studio.rosterName')}
          <input value={input.name ?? ''} onChange={(e) => setInput({ ...input, name: e.target.value })} onKeyDown={onKey} spellCheck={false} autoCapitalize="characters" {...described} />
        </label>
        <label>
          {t('studio.rosterNumber')}
          <input value={input.number ?? ''} inputMode="numeric" onChange={(e) => setInput({ ...input, number: e.target.value })} onKeyDown={onKey} {...described} />
        </label>
        <label>
          {t('studio.rosterSize')}
          <select value={input.size} onChange={(e) => setInput({ ...input, size: e.target.value })}>
            <SizeOptions sizes={sizes} sizePrices={sizePrices} />
          </select>
        </label>
      </div>
      <button type="button" className="btn small" onClick={add}>
        {t('studio.rosterAddRowButton')}
      </button>
      <p className="hint muted">
        {t('studio.rosterHint', { name: String(FACTS.maxNameChars), number: String(FACTS.maxNumberDigits) })}
      </p>
      {refused && (
        <p id={`${id}-add-error`} className="error small" role="alert">
          {refused}
        </p>
      )}
    </fieldset>
  );
}

/** The product's sizes as a select's options, each with its surcharge ("3XL +₹50.00"). */
function SizeOptions({ sizes, sizePrices }: SizeChoice) {
  return (
    <>
      {sizes.map((s) => (
        <option key={s} value={s}>
          {sizeWithSurcharge(s, sizePrices)}
        </option>
      ))}
    </>
  );
}
