import { useState } from 'react';
import { usePendingText } from './pendingText';
import { FACTS, type AreaKey, type Font } from '../../lib/engine';
import type { StudioHandle } from './useStudio';
import { RadioGroup } from '../../components/RadioGroup';

/** The text of the chosen print area: adding replaces the area's text (the engine's rule). */
export function TextEditor({ handle, area, onMessage }: { handle: StudioHandle; area: AreaKey; onMessage: (kind: 'ok' | 'error', text: string) => void }) {
  const [text, setText] = usePendingText(handle.design.productId);
  const [size, setSize] = useState(FACTS.fontSizeDefault);
  const [color, setColor] = useState(FACTS.textColorPresets[0]);
  const [font, setFont] = useState(FACTS.fonts[0]);
  const chars = [...text].length;

  const add = () => {
    const error = handle.change((s) => s.setText(area, text, font, size, color));
    if (error) return onMessage('error', error);
    setText('');
    onMessage('ok', 'Text added');
  };

  return (
    <section className="panel" aria-labelledby="text-heading">
      <h2 id="text-heading">Add Text</h2>
      <label htmlFor="studio-text">Text</label>
      <input
        id="studio-text"
        value={text}
        maxLength={FACTS.maxTextChars}
        placeholder="Your text"
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === 'Enter' && text.trim() && handle.textReady && add()}
      />
      <span className="counter muted" aria-live="polite">
        {chars}/{FACTS.maxTextChars}
      </span>
      <label htmlFor="studio-font-size">Font size: {size}</label>
      <input id="studio-font-size" type="range" min={FACTS.fontSizeMin} max={FACTS.fontSizeMax} value={size} onChange={(e) => setSize(Number(e.target.value))} />
      <span className="label">Colour</span>
      <RadioGroup label="Text colour" className="chips" optionClass="chip" options={FACTS.textColorPresets.map((c) => ({ value: c, label: c, swatch: c }))} value={color} onChange={setColor} />
      <label htmlFor="studio-font">Font</label>
      <select id="studio-font" value={font} onChange={(e) => setFont(e.target.value as Font)}>
        {FACTS.fonts.map((f) => (
          <option key={f} value={f} style={{ fontFamily: f }}>
            {f}
          </option>
        ))}
      </select>
      <button className="btn" disabled={!text.trim() || !handle.textReady} aria-busy={!handle.textReady} onClick={add}>
        {handle.textReady ? 'Add Text' : 'Loading fonts…'}
      </button>
    </section>
  );
}
