import { FACTS, type Font } from '../../lib/engine';
import { useT, type MessageId } from '../../lib/i18n';

/** What a shopper reads for each script (its languages), in the picker's groups. */
const SCRIPT_LABELS: Record<string, MessageId> = {
  Latin: 'studio.scriptLatin',
  Devanagari: 'studio.scriptDevanagari',
  Bengali: 'studio.scriptBengali',
  Gurmukhi: 'studio.scriptGurmukhi',
  Gujarati: 'studio.scriptGujarati',
  Tamil: 'studio.scriptTamil',
  Telugu: 'studio.scriptTelugu',
  Kannada: 'studio.scriptKannada',
  Malayalam: 'studio.scriptMalayalam',
};

/** The engine's fonts grouped by the script each is made for (its first); the file loads when one is used. */
export function FontPicker({ id, value, onChange }: { id: string; value: Font; onChange: (font: Font) => void }) {
  const t = useT();
  const groups = new Map<string, Font[]>();
  for (const { font, scripts } of FACTS.fontScripts) {
    const script = scripts[0] ?? 'Latin';
    groups.set(script, [...(groups.get(script) ?? []), font]);
  }
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value as Font)}>
      {[...groups].map(([script, fonts]) => (
        <optgroup key={script} label={script in SCRIPT_LABELS ? t(SCRIPT_LABELS[script]) : script}>
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
