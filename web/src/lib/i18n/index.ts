// The store's translations: see docs/languages.md.
export { I18nProvider } from './I18nProvider';
export { useT, useLanguage, type T } from './useT';
export { currentLanguage, localeOf, LANGUAGES, isLanguage, chooseLanguage, type Language } from './language';
export { loadCatalogue, type MessageId } from './catalogues';
export { translate } from './format';
