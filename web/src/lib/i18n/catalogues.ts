// The message catalogues: English is the source and is bundled; Hindi is its own chunk, fetched only by a
// shopper who chose it (before the first render, so no English flashes first).
import en from './en.json';
import type { Language } from './language';

export type MessageId = keyof typeof en;
export type Catalogue = Record<MessageId, string>;

export const english: Catalogue = en;

const loaded: Partial<Record<Language, Catalogue>> = { en };

/** The catalogue of `language`, once loaded (English always is). */
export function catalogueOf(language: Language): Catalogue | undefined {
  return loaded[language];
}

/** Loads `language`'s catalogue (a no-op for English or when already loaded). */
export async function loadCatalogue(language: Language): Promise<Catalogue> {
  const have = loaded[language];
  if (have) return have;
  const hi = (await import('./hi.json')).default as Catalogue;
  loaded.hi = hi;
  return hi;
}
