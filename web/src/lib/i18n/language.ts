// The language the shopper reads the store in: English or Hindi, kept in this browser (and, for a signed-in
// customer, in the profile). Plain module state, not only React state, so code outside components (the API
// client's Accept-Language, date formatting) reads the same choice.

export type Language = 'en' | 'hi';

export const LANGUAGES: readonly Language[] = ['en', 'hi'];

const KEY = 'store.language';

/** The locale numbers, dates and rupees are written in for a language. */
export function localeOf(language: Language): 'en-IN' | 'hi-IN' {
  return language === 'hi' ? 'hi-IN' : 'en-IN';
}

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'hi';
}

function stored(): Language {
  try {
    const kept = localStorage.getItem(KEY);
    return isLanguage(kept) ? kept : 'en';
  } catch {
    return 'en';
  }
}

let current: Language = typeof localStorage === 'undefined' ? 'en' : stored();
const listeners = new Set<(language: Language) => void>();

export function currentLanguage(): Language {
  return current;
}

/** Chooses `language`: kept in this browser, the page's `lang`, and every listener (the provider) told. */
export function chooseLanguage(language: Language): void {
  current = language;
  try {
    localStorage.setItem(KEY, language);
  } catch {
    // Private mode or a full storage: the choice holds for this visit.
  }
  if (typeof document !== 'undefined') document.documentElement.lang = localeOf(language);
  for (const listener of listeners) listener(language);
}

export function onLanguageChange(listener: (language: Language) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
