// The product form's size chart: a unit, 1 to 6 named measurements and a row of
// numbers for each size of the size editor (the numbers live on the sizes, so
// a size added, moved or removed there brings its row along). No measurements:
// no chart. The server's engine checks the chart and its message shows in the form.
import { useId, useRef } from 'react';
import { flushSync } from 'react-dom';
import { FACTS } from '../../../lib/facts.gen';
import { measurementName, sizeName, type ChartUnit, type GarmentRows } from './garment';
import './garmentEditors.css';

const MAX_MEASUREMENTS = FACTS.maxSizeChartMeasurements;
const UNITS: { unit: ChartUnit; label: string }[] = [
  { unit: 'in', label: 'Inches (in)' },
  { unit: 'cm', label: 'Centimetres (cm)' },
];

type ChartRows = Pick<GarmentRows, 'chart' | 'sizes'>;

export function SizeChartEditor({ rows, onChange, disabled }: { rows: ChartRows; onChange: (rows: ChartRows) => void; disabled: boolean }) {
  const { chart, sizes } = rows;
  const { unit, measurements } = chart;
  const id = useId();
  const names = useRef<(HTMLInputElement | null)[]>([]);
  const addButton = useRef<HTMLButtonElement>(null);

  const setMeasurements = (next: string[], cells: (cells: string[]) => string[]) =>
    onChange({ chart: { ...chart, measurements: next }, sizes: sizes.map((s) => ({ ...s, cells: cells(s.cells) })) });
  const setCell = (i: number, j: number, text: string) =>
    onChange({
      chart,
      sizes: sizes.map((s, k) => (k === i ? { ...s, cells: measurements.map((_, m) => (m === j ? text : (s.cells[m] ?? ''))) } : s)),
    });
  // Focus follows the change, for keyboard users: the new name, or the nearest control left.
  const then = (change: () => void, focus: () => HTMLElement | null | undefined) => {
    flushSync(change);
    focus()?.focus();
  };
  const add = () => then(() => setMeasurements([...measurements, ''], (c) => c), () => names.current[measurements.length]);
  const remove = (j: number) =>
    then(
      () => setMeasurements(measurements.filter((_, k) => k !== j), (c) => c.filter((_, k) => k !== j)),
      () => names.current[Math.min(j, measurements.length - 2)] ?? addButton.current,
    );
  const clear = () => then(() => setMeasurements([], () => []), () => addButton.current);

  return (
    <fieldset className="chart-editor" disabled={disabled} data-testid="size-chart-editor">
      <legend>Size chart</legend>
      {measurements.length === 0 ? (
        <p className="muted small-print">No size chart. Add a measurement (e.g. Chest, Length) to show one beside the sizes.</p>
      ) : (
        <>
          <fieldset className="chart-unit">
            <legend>Unit</legend>
            {UNITS.map((u) => (
              <label key={u.unit}>
                <input type="radio" name={`${id}-unit`} value={u.unit} checked={unit === u.unit} onChange={() => onChange({ chart: { ...chart, unit: u.unit }, sizes })} />
                {u.label}
              </label>
            ))}
          </fieldset>
          <ol className="chart-measurements">
            {measurements.map((m, j) => (
              <li key={j}>
                <label>
                  Measurement {j + 1}
                  <input
                    ref={(el) => {
                      names.current[j] = el;
                    }}
                    aria-label={`Measurement ${j + 1} name`}
                    value={m}
                    onChange={(e) => setMeasurements(measurements.map((old, k) => (k === j ? e.target.value : old)), (c) => c)}
                    placeholder={j === 0 ? 'e.g. Chest' : 'e.g. Length'}
                    autoComplete="off"
                  />
                </label>
                <button type="button" className="btn ghost small danger-text" aria-label={`Remove ${measurementName(m, j)} measurement`} onClick={() => remove(j)}>
                  ✕
                </button>
              </li>
            ))}
          </ol>
          {/* Wider than a phone with many measurements: it scrolls inside its own box. */}
          <div className="chart-table-wrap">
            <table className="chart-table">
              <caption className="muted small-print">
                In {unit === 'cm' ? 'centimetres' : 'inches'}, one row per size above.
              </caption>
              <thead>
                <tr>
                  <th scope="col">Size</th>
                  {measurements.map((m, j) => (
                    <th scope="col" key={j}>
                      {measurementName(m, j)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {sizes.map((s, i) => (
                  <tr key={i}>
                    <th scope="row">{sizeName(s, i)}</th>
                    {measurements.map((m, j) => (
                      <td key={j}>
                        <input
                          aria-label={`${sizeName(s, i)} ${measurementName(m, j)}`}
                          inputMode="decimal"
                          value={s.cells[j] ?? ''}
                          onChange={(e) => setCell(i, j, e.target.value)}
                          autoComplete="off"
                        />
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <div className="row chart-actions">
        {measurements.length < MAX_MEASUREMENTS && (
          <button ref={addButton} type="button" className="btn ghost small" onClick={add}>
            Add measurement
          </button>
        )}
        {measurements.length > 0 && (
          <button type="button" className="btn ghost small danger-text" onClick={clear}>
            Remove size chart
          </button>
        )}
      </div>
    </fieldset>
  );
}
