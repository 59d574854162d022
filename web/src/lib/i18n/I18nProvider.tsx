import { createContext, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { loadCatalogue } from './catalogues';
import { chooseLanguage, currentLanguage, localeOf, onLanguageChange, type Language } from './language';

export interface I18n {
  language: Language;
  /** `en-IN` or `hi-IN`, for Intl. */
  locale: string;
  /** Switches the store's language: the catalogue is fetched first, so the page never shows a missing text. */
  setLanguage: (language: Language) => Promise<void>;
}

export const I18nContext = createContext<I18n>({
  language: 'en',
  locale: 'en-IN',
  setLanguage: async () => {},
});

export function I18nProvider({ children }: { children: ReactNode }) {
  const [language, setState] = useState<Language>(currentLanguage);
  useEffect(() => onLanguageChange(setState), []);
  const setLanguage = useCallback(async (next: Language) => {
    await loadCatalogue(next);
    chooseLanguage(next);
  }, []);
  const value = useMemo(() => ({ language, locale: localeOf(language), setLanguage }), [language, setLanguage]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}
