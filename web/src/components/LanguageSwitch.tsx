// The switch between English and Hindi, in the navigation bar: it names the other language in that language's
// own script, so a reader of either finds it.
import { useState } from 'react';
import { useLanguage, useT } from '../lib/i18n';

export function LanguageSwitch({ onChosen }: { onChosen?: (language: 'en' | 'hi') => void }) {
  const { language, setLanguage } = useLanguage();
  const t = useT();
  const [busy, setBusy] = useState(false);
  const other = language === 'hi' ? 'en' : 'hi';
  const choose = async () => {
    setBusy(true);
    try {
      await setLanguage(other);
      onChosen?.(other);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn ghost language-switch"
      lang={other === 'hi' ? 'hi-IN' : 'en-IN'}
      aria-label={t('language.switchLabel')}
      aria-busy={busy}
      disabled={busy}
      onClick={() => void choose()}
      data-testid="language-switch"
    >
      {t('language.switch')}
    </button>
  );
}
