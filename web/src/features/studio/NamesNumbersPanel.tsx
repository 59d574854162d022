// Names & Numbers on the selected print area: a name and/or a number turned
// on with its font, colour, letter height and place, the roster of pieces (typed,
// pasted or read from a CSV file) whose size counts are the design's
// quantities, and the spell-check list that picks the row the preview shows.
// Every rule and message is the engine's (setPersonal, setRoster, parseRoster,
// rosterProblems).
import { useId, useRef } from 'react';
import { RadioGroup } from '../../components/RadioGroup';
import { RosterEditor } from '../../components/roster/RosterEditor';
import { applyRoster, type RosterModel } from '../../components/roster/rosterModel';
import { useRosterReader } from '../../components/roster/useRosterReader';
import { FACTS, type AreaKey, type Font, type PersonalField } from '../../lib/engine';
import { FontPicker } from './FontPicker';
import { areaLabel, contentOf } from '../../lib/printAreas';
import type { components } from '../../lib/schema';
import { RowList } from './RowList';
import { useT } from '../../lib/i18n';
import type { StudioHandle } from './useStudio';

const FIELDS: { field: PersonalField; height: number }[] = [
  { field: 'name', height: FACTS.nameHeightDefault },
  { field: 'number', height: FACTS.numberHeightDefault },
];

/** The studio's roster, kept in its undoable engine document. */
export function studioRoster(handle: StudioHandle): RosterModel {
  return {
    rows: handle.studio.roster(),
    problems: handle.studio.rosterProblems(),
    setRows: (rows, gesture) => handle.change((s) => applyRoster(s, rows, handle.garment.sizes), gesture),
  };
}

export function NamesNumbersPanel({
  handle,
  area,
  preview,
  onPreview,
  onMessage,
  sizeChart,
}: {
  handle: StudioHandle;
  area: AreaKey;
  /** The product's size chart, beside the list's sizes. */
  sizeChart?: components['schemas']['SizeChartDto'];
  /** The row the preview shows (an index into the roster). */
  preview: number;
  onPreview: (index: number) => void;
  onMessage: (kind: 'ok' | 'error', text: string) => void;
}) {
  const reader = useRosterReader(handle.garment.sizes);
  const model = studioRoster(handle);
  const personalised = isPersonalised(handle);
  const label = areaLabel(handle.garment.printAreas, area);
  const t = useT();
  return (
    <section className="panel names-numbers" aria-labelledby="names-heading" data-testid="names-numbers">
      <h2 id="names-heading">{t('studio.namesNumbers')}</h2>
      <p className="hint muted">{t('studio.namesNumbersHint', { area: label })}</p>
      {FIELDS.map((f) => (
        <FieldStyle key={f.field} handle={handle} area={area} areaName={label} {...f} onMessage={onMessage} />
      ))}
      {(personalised || model.rows.length > 0) && (
        <>
          <h3 className="roster-heading">{t('studio.yourList')}</h3>
          <RosterEditor model={model} reader={reader} sizes={handle.garment.sizes} sizePrices={handle.garment.sizePrices} sizeChart={sizeChart} label={t('studio.namesList')} />
          <RowList rows={model.rows} selected={preview} onSelect={onPreview} />
        </>
      )}
    </section>
  );
}

/** Whether any print area prints a name or a number. */
export function isPersonalised(handle: StudioHandle): boolean {
  return Object.values(handle.design.areas).some((a) => a.name || a.number);
}

/** One field on the area: on or off, and how it looks. */
function FieldStyle({
  handle,
  area,
  areaName,
  field,
  height: defaultHeight,
  onMessage,
}: {
  handle: StudioHandle;
  area: AreaKey;
  /** The area's label. */
  areaName: string;
  field: PersonalField;
  height: number;
  onMessage: (kind: 'ok' | 'error', text: string) => void;
}) {
  const id = useId();
  const t = useT();
  const label = t('studio.personalField', { field });
  const style = contentOf(handle.design, area)[field];
  const font = (style?.font ?? FACTS.fonts[0]) as Font;
  const color = FACTS.textColorPresets.find((c) => c.toLowerCase() === style?.color?.toLowerCase()) ?? style?.color ?? FACTS.textColorPresets[0];
  const height = style?.height ?? defaultHeight;
  // Counts the slider's gestures: one pull is one undo step.
  const gesture = useRef(0);

  const set = (next: { font?: Font; height?: number; color?: string }, gestureKey?: string) => {
    const error = handle.change((s) => s.setPersonal(area, field, next.font ?? font, next.height ?? height, next.color ?? color), gestureKey);
    if (error) onMessage('error', error);
  };
  const toggle = (on: boolean) => {
    const error = handle.change((s) => (on ? s.setPersonal(area, field, font, height, color) : void s.removePersonal(area, field)));
    if (error) onMessage('error', error);
    else onMessage('ok', t(on ? 'studio.personalAdded' : 'studio.personalRemoved', { field, area: areaName }));
  };

  return (
    <fieldset className="personal-field" data-field={field}>
      <legend>{label}</legend>
      <label className="check">
        <input type="checkbox" checked={!!style} disabled={!handle.textReady} onChange={(e) => toggle(e.target.checked)} />
        {handle.textReady ? t('studio.printPersonal', { field, area: areaName }) : t('studio.loadingFonts')}
      </label>
      {style && (
        <>
          <label htmlFor={`${id}-font`}>{t('studio.personalFont', { field })}</label>
          <FontPicker
            id={`${id}-font`}
            value={font}
            onChange={(f) =>
              void handle.loadFonts([{ font: f, text: '' }]).then((unloaded) => (unloaded ? onMessage('error', unloaded) : set({ font: f })))
            }
          />
          <span className="label">{t('studio.personalColour', { field })}</span>
          <RadioGroup label={t('studio.personalColour', { field })} className="chips" optionClass="chip" options={FACTS.textColorPresets.map((c) => ({ value: c, label: c, swatch: c }))} value={color} onChange={(c) => set({ color: c })} />
          <label htmlFor={`${id}-height`}>
            {t('studio.personalHeight', { field, height: String(height) })}
          </label>
          <input
            id={`${id}-height`}
            type="range"
            min={FACTS.personalHeightMin}
            max={FACTS.personalHeightMax}
            value={height}
            onPointerDown={() => void (gesture.current += 1)}
            onKeyDown={() => void (gesture.current += 1)}
            onChange={(e) => set({ height: Number(e.target.value) }, `personal-height:${area}:${field}:${gesture.current}`)}
          />
          {(['x', 'y'] as const).map((axis) => (
            <label key={axis} className="personal-position">
              {t('studio.personalPosition', { field, axis, at: String(Math.round(style.position[axis])) })}
              <input
                type="range"
                min={0}
                max={100}
                value={style.position[axis]}
                onPointerDown={() => void (gesture.current += 1)}
                onKeyDown={() => void (gesture.current += 1)}
                onChange={(e) => {
                  const to = { ...style.position, [axis]: Number(e.target.value) };
                  // The engine clamps the place, as it does a dragged element's.
                  handle.change((s) => void s.movePersonal(area, field, to.x, to.y), `personal-move:${area}:${field}:${gesture.current}`);
                }}
              />
            </label>
          ))}
        </>
      )}
    </fieldset>
  );
}
