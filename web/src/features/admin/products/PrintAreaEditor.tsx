// The product form's print areas: 1 to FACTS.maxPrintAreas, each with its key,
// label, inches and side, and its box on that side's picture (dragged on the
// picture, moved with the keyboard, or typed in percent).
import { useState } from 'react';
import { FACTS } from '../../../lib/facts.gen';
import { AreaStage, areaName } from './AreaStage';
import { fitToInches, setBoxField } from './box';
import { newArea, type AreaBox, type AreaRow, type Side } from './garment';
import './garmentEditors.css';

const BOX_FIELDS: { field: keyof AreaBox; label: string }[] = [
  { field: 'x', label: 'Left (%)' },
  { field: 'y', label: 'Top (%)' },
  { field: 'w', label: 'Width (%)' },
  { field: 'h', label: 'Height (%)' },
];

export function PrintAreaEditor({
  rows,
  onChange,
  pictures,
  disabled,
}: {
  rows: AreaRow[];
  onChange: (rows: AreaRow[]) => void;
  /** The pictures of the product's first colour, by side, if it has them. */
  pictures: Partial<Record<Side, { url: string; alt: string }>>;
  disabled: boolean;
}) {
  const [picked, setPicked] = useState(0);
  const selected = Math.min(picked, rows.length - 1);
  const side = rows[selected]?.side ?? 'front';
  const setRow = (i: number, patch: Partial<AreaRow>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const setBox = (i: number, box: AreaBox) => setRow(i, { box });
  const inches = (text: string) => Number(text.trim() || Number.NaN);

  return (
    <fieldset className="area-editor" disabled={disabled} data-testid="print-area-editor">
      <legend>Print areas</legend>
      <div className="area-editor-body">
        <figure className="area-stage-wrap">
          <AreaStage areas={rows} side={side} selected={selected} picture={pictures[side]} onSelect={setPicked} onBox={setBox} hintId="area-keys-hint" />
          <figcaption className="muted small-print" id="area-keys-hint">
            {side === 'front' ? 'Front' : 'Back'}: drag a box to move it, its corners to resize it; or focus it and use the arrow keys (1%), with Shift to resize.
          </figcaption>
        </figure>
        <ol className="area-rows">
          {rows.map((a, i) => {
            const n = i + 1;
            const fits = Number.isFinite(inches(a.width)) && Number.isFinite(inches(a.height)) && inches(a.width) > 0 && inches(a.height) > 0;
            return (
              <li key={i}>
                <fieldset className={`area-row${i === selected ? ' selected' : ''}`} onFocus={() => setPicked(i)}>
                  <legend>
                    {n}. {areaName(a, i)}
                  </legend>
                  <label>
                    Key
                    <input aria-label={`Print area ${n} key`} value={a.key} onChange={(e) => setRow(i, { key: e.target.value })} placeholder="leftSleeve" autoComplete="off" spellCheck={false} />
                  </label>
                  <label>
                    Label
                    <input aria-label={`Print area ${n} label`} value={a.label} onChange={(e) => setRow(i, { label: e.target.value })} placeholder="Left Sleeve" />
                  </label>
                  <label>
                    Width (in)
                    <input aria-label={`Print area ${n} width (in)`} inputMode="decimal" value={a.width} onChange={(e) => setRow(i, { width: e.target.value })} />
                  </label>
                  <label>
                    Height (in)
                    <input aria-label={`Print area ${n} height (in)`} inputMode="decimal" value={a.height} onChange={(e) => setRow(i, { height: e.target.value })} />
                  </label>
                  <label>
                    Side
                    <select aria-label={`Print area ${n} side`} value={a.side} onChange={(e) => setRow(i, { side: e.target.value === 'back' ? 'back' : 'front' })}>
                      <option value="front">Front</option>
                      <option value="back">Back</option>
                    </select>
                  </label>
                  {BOX_FIELDS.map(({ field, label }) => (
                    <label key={field}>
                      {label}
                      <input
                        aria-label={`Print area ${n} box ${label.toLowerCase()}`}
                        type="number"
                        min={0}
                        max={100}
                        step={0.5}
                        value={a.box[field]}
                        onChange={(e) => {
                          const box = setBoxField(a.box, field, e.target.valueAsNumber);
                          if (box) setBox(i, box);
                        }}
                      />
                    </label>
                  ))}
                  <div className="area-row-actions">
                    <button type="button" className="btn ghost small" disabled={!fits} onClick={() => setBox(i, fitToInches(a.box, inches(a.width), inches(a.height)))}>
                      Fit box height to the inches<span className="visually-hidden"> of print area {n}</span>
                    </button>
                    {rows.length > 1 && (
                      <button type="button" className="btn ghost small danger-text" onClick={() => onChange(rows.filter((_, j) => j !== i))}>
                        Remove print area {n}
                      </button>
                    )}
                  </div>
                </fieldset>
              </li>
            );
          })}
        </ol>
      </div>
      <p className="muted small-print">
        1 to {FACTS.maxPrintAreas} areas. Key: camelCase letters and digits, unique (e.g. leftSleeve); label up to 30 characters; {FACTS.areaInchesMin} to {FACTS.areaInchesMax} inches
        each way.
      </p>
      {rows.length < FACTS.maxPrintAreas && (
        <button
          type="button"
          className="btn ghost small"
          onClick={() => {
            onChange([...rows, newArea()]);
            setPicked(rows.length);
          }}
        >
          Add print area
        </button>
      )}
    </fieldset>
  );
}
