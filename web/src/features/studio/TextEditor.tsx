import { useEffect, useState, type KeyboardEvent } from 'react';
import { usePendingText } from './pendingText';
import { FACTS, letterCount, type AreaKey } from '../../lib/engine';
import type { StudioHandle } from './useStudio';
import { RadioGroup } from '../../components/RadioGroup';
import { contentOf } from '../../lib/printAreas';
import { FontPicker } from './FontPicker';
import { useT } from '../../lib/i18n';
import type { MessageId } from '../../lib/i18n';

/** Between the letters typed and the most allowed: the same in every language. */
const OF = '/';

/** The text of the chosen print area: adding replaces the area's text (the engine's rule). */
export function TextEditor({ handle, area, onMessage }: { handle: StudioHandle; area: AreaKey; onMessage: (kind: 'ok' | 'error', text: string) => void }) {
  const [text, setText] = usePendingText(handle.design.productId);
  const [size, setSize] = useState(FACTS.fontSizeDefault);
  const [color, setColor] = useState(FACTS.textColorPresets[0]);
  const [font, setFont] = useState(FACTS.fonts[0]);
  const chars = letterCount(text);
  const t = useT();

  const add = async () => {
    // The font's file, and its script's where the text needs one, before the engine sets the text.
    const unloaded = await handle.loadFonts([{ font, text }]);
    if (unloaded) return onMessage('error', unloaded);
    const error = handle.change((s) => s.setText(area, text, font, size, color));
    if (error) return onMessage('error', error);
    setText('');
    onMessage('ok', t('studio.textAdded'));
  };

  return (
    <section className="panel" aria-labelledby="text-heading">
      <h2 id="text-heading">{t('studio.addTextHeading')}</h2>
      <label htmlFor="studio-text">{t('studio.text')}</label>
      <input
        id="studio-text"
        value={text}
        placeholder={t('studio.textPlaceholder')}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && text.trim() && handle.textReady && void add()}
      />
      <span className={chars > FACTS.maxTextChars ? 'counter error' : 'counter muted'} aria-live="polite">
        {chars}
        {OF}
        {FACTS.maxTextChars}
      </span>
      <label htmlFor="studio-font-size">{t('studio.fontSize', { size: String(size) })}</label>
      <input id="studio-font-size" type="range" min={FACTS.fontSizeMin} max={FACTS.fontSizeMax} value={size} onChange={(e) => setSize(Number(e.target.value))} />
      <span className="label">{t('studio.colour')}</span>
      <RadioGroup label={t('studio.textColour')} className="chips" optionClass="chip" options={FACTS.textColorPresets.map((c) => ({ value: c, label: c, swatch: c }))} value={color} onChange={setColor} />
      <label htmlFor="studio-font">{t('studio.font')}</label>
      <FontPicker id="studio-font" value={font} onChange={setFont} />
      <button className="btn" disabled={!text.trim() || !handle.textReady} aria-busy={!handle.textReady} onClick={() => void add()}>
        {handle.textReady ? t('studio.addText') : t('studio.loadingFonts')}
      </button>
      <TextEffects handle={handle} area={area} onMessage={onMessage} />
    </section>
  );
}

type Arc = 'none' | 'up' | 'down';
const ARCS: { value: Arc; label: MessageId }[] = [
  { value: 'none', label: 'studio.arcNone' },
  { value: 'up', label: 'studio.arcUp' },
  { value: 'down', label: 'studio.arcDown' },
];

/**
 * A number typed into a box is only sent to the engine when the box is left or
 * Enter is pressed; a refused one goes back to the design's value.
 */
function NumberBox({ id, label, value, min, max, disabled, onCommit }: { id: string; label?: string; value: number; min: number; max: number; disabled?: boolean; onCommit: (n: number) => boolean }) {
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft(String(value)), [value]);
  const commit = () => {
    if (draft !== String(value) && !onCommit(Number(draft))) setDraft(String(value));
  };
  return (
    <input
      id={id}
      aria-label={label}
      className="effect-number"
      type="number"
      inputMode="numeric"
      min={min}
      max={max}
      value={draft}
      disabled={disabled}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={commit}
      onKeyDown={(e: KeyboardEvent) => e.key === 'Enter' && commit()}
    />
  );
}

/**
 * The area's text along an arc and with an outline. The engine checks every
 * value (an arc must hold the text in a half circle) and its message is shown
 * when it refuses one; the controls show the design as it is.
 */
export function TextEffects({ handle, area, onMessage }: { handle: StudioHandle; area: AreaKey; onMessage: (kind: 'ok' | 'error', text: string) => void }) {
  const text = contentOf(handle.design, area).text;
  const [refused, setRefused] = useState<string | null>(null);
  const t = useT();
  // What a control goes back to when turned on again.
  const [radius, setRadius] = useState(FACTS.arcRadiusDefault);
  const [outlineColor, setOutlineColor] = useState(FACTS.textColorPresets[1]);
  const arc: Arc = text?.arc?.direction ?? 'none';
  const shownRadius = text?.arc?.radius ?? radius;
  const width = text?.outline?.width ?? 0;
  const color = FACTS.textColorPresets.find((c) => c.toLowerCase() === (text?.outline?.color ?? outlineColor).toLowerCase()) ?? FACTS.textColorPresets[1];

  const apply = (fn: Parameters<StudioHandle['change']>[0], done: string) => {
    const error = handle.change(fn);
    setRefused(error);
    if (error) onMessage('error', error);
    else onMessage('ok', done);
    return !error;
  };
  const setArc = (direction: Arc, r: number) => {
    const done = apply((s) => s.setTextArc(area, direction, r), direction === 'none' ? t('studio.arcRemoved') : t('studio.arcUpdated'));
    if (done && direction !== 'none') setRadius(r);
    return done;
  };
  const setOutline = (w: number, c: string) => apply((s) => s.setTextOutline(area, w, c), w === 0 ? t('studio.outlineRemoved') : t('studio.outlineUpdated'));

  if (!text) {
    return (
      <p className="hint muted" id="text-effects">
        {t('studio.effectsHint')}
      </p>
    );
  }
  return (
    <fieldset className="text-effects" id="text-effects">
      <legend>{t('studio.textEffects')}</legend>
      <label htmlFor="studio-arc">{t('studio.arc')}</label>
      <select id="studio-arc" value={arc} onChange={(e) => setArc(e.target.value as Arc, shownRadius)}>
        {ARCS.map((a) => (
          <option key={a.value} value={a.value}>
            {t(a.label)}
          </option>
        ))}
      </select>
      <label htmlFor="studio-arc-radius">{t('studio.arcRadius')}</label>
      <div className="row effect-row">
        <input
          id="studio-arc-radius"
          type="range"
          min={FACTS.arcRadiusMin}
          max={FACTS.arcRadiusMax}
          value={shownRadius}
          disabled={arc === 'none'}
          aria-describedby={refused ? 'text-effects-error' : undefined}
          onChange={(e) => setArc(arc, Number(e.target.value))}
        />
        <NumberBox id="studio-arc-radius-value" label={t('studio.arcRadiusTyped')} value={shownRadius} min={FACTS.arcRadiusMin} max={FACTS.arcRadiusMax} disabled={arc === 'none'} onCommit={(r) => setArc(arc, r)} />
      </div>
      <label htmlFor="studio-outline-width">{t('studio.outlineWidth')}</label>
      <NumberBox id="studio-outline-width" value={width} min={0} max={FACTS.outlineWidthMax} onCommit={(w) => setOutline(w, color)} />
      <span className="label">{t('studio.outlineColour')}</span>
      <RadioGroup
        label={t('studio.outlineColour')}
        className="chips"
        optionClass="chip"
        options={FACTS.textColorPresets.map((c) => ({ value: c, label: c, swatch: c }))}
        value={color}
        onChange={(c) => {
          setOutlineColor(c);
          if (width > 0) setOutline(width, c);
        }}
      />
      {refused && (
        <p className="error" role="alert" id="text-effects-error">
          {refused}
        </p>
      )}
    </fieldset>
  );
}
