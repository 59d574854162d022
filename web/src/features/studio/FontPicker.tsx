import { FACTS, type Font } from '../../lib/engine';

/** What a shopper reads for each script (its languages), in the picker's groups. */
const SCRIPT_LABELS: Record<string, string> = {
  Latin: 'Latin (English)',
  Devanagari: 'Devanagari (Hindi, Marathi)',
  Bengali: 'Bengali (Bangla, Assamese)',
  Gurmukhi: 'Gurmukhi (Punjabi)',
  Gujarati: 'Gujarati',
  Tamil: 'Tamil',
  Telugu: 'Telugu',
  Kannada: 'Kannada',
  Malayalam: 'Malayalam',
};

/** The engine's fonts grouped by the script each is made for (its first); the file loads when one is used. */
export function FontPicker({ id, value, onChange }: { id: string; value: Font; onChange: (font: Font) => void }) {
  const groups = new Map<string, Font[]>();
  for (const { font, scripts } of FACTS.fontScripts) {
    const script = scripts[0] ?? 'Latin';
    groups.set(script, [...(groups.get(script) ?? []), font]);
  }
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value as Font)}>
      {[...groups].map(([script, fonts]) => (
        <optgroup key={script} label={SCRIPT_LABELS[script] ?? script}>
          {fonts.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}
