import { useContext, useMemo, type ReactNode } from 'react';
import type { MessageId } from './catalogues';
import { translate, translateRich, type RichValues, type Values } from './format';
import { I18nContext, type I18n } from './I18nProvider';

export type T = ((id: MessageId, values?: Values) => string) & {
  /** A message with tags (`<link>…</link>`) whose values make elements. */
  rich: (id: MessageId, values: RichValues) => ReactNode;
};

/** The page's translator: `t('cart.title')`, `t('cart.items', { count })`, `t.rich('login.terms', { link })`. */
export function useT(): T {
  const { language } = useContext(I18nContext);
  return useMemo(
    () =>
      Object.assign((id: MessageId, values?: Values) => translate(language, id, values), {
        rich: (id: MessageId, values: RichValues) => translateRich(language, id, values),
      }),
    [language],
  );
}

/** The language, its locale and the switch. */
export function useLanguage(): I18n {
  return useContext(I18nContext);
}
