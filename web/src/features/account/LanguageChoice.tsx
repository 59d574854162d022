// The profile's language choice (English / हिन्दी): switches the store's language at once, as the bar's switch
// does (kept in this browser). Each language is named in its own script, so a reader of either finds theirs.
import { useState } from 'react';
import { LANGUAGES, useLanguage, useT, type Language } from '../../lib/i18n';

/** The languages' own names: the same in every language. */
const NAMES: Record<Language, string> = { en: 'English', hi: 'हिन्दी' };
const LOCALES: Record<Language, string> = { en: 'en-IN', hi: 'hi-IN' };

export default function LanguageChoice() {
  const t = useT();
  const { language, setLanguage } = useLanguage();
  const [busy, setBusy] = useState(false);

  const choose = async (chosen: Language) => {
    setBusy(true);
    try {
      await setLanguage(chosen);
      // TODO(lead, issue 53): once GET/PUT /api/users/profile carry `language` ("en" | "hi") in openapi.json, also
      // save the choice there (useUpdateProfile().mutate({ ...profile, language: chosen })), and apply the saved
      // profile's `language` when the profile loads, so the choice follows the customer to other devices and to
      // the server's e-mails and WhatsApp messages.
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="account-panel">
      <fieldset className="account-form language-choice" aria-busy={busy}>
        <legend>
          <h2>{t('profile.language.title')}</h2>
        </legend>
        <p className="muted hint">{t('profile.language.hint')}</p>
        {LANGUAGES.map((l) => (
          <label key={l} className="check" lang={LOCALES[l]}>
            <input type="radio" name="store-language" value={l} checked={language === l} disabled={busy} onChange={() => void choose(l)} /> {NAMES[l]}
          </label>
        ))}
      </fieldset>
    </div>
  );
}
