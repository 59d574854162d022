// Messages in ICU MessageFormat (FormatJS's intl-messageformat): plurals, selects, numbers and dates are the
// catalogue's, in the language's locale; each message is parsed once per language.
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import { Children, type ReactNode } from 'react';
import { catalogueOf, english, type MessageId } from './catalogues';
import { localeOf, type Language } from './language';

export type Values = Record<string, PrimitiveType>;
/** Values for a message with tags (`<link>…</link>`): each tag is a function of its contents. */
export type RichValues = Record<string, PrimitiveType | ReactNode | ((chunks: ReactNode[]) => ReactNode)>;

const parsed = new Map<string, IntlMessageFormat>();

function formatter(language: Language, id: MessageId): IntlMessageFormat {
  const key = `${language}\u0000${id}`;
  let made = parsed.get(key);
  if (!made) {
    // A message missing from a catalogue (the catalogue test forbids it) falls back to English, never to its id.
    const text = catalogueOf(language)?.[id] ?? english[id];
    made = new IntlMessageFormat(text, localeOf(language));
    parsed.set(key, made);
  }
  return made;
}

/** The message `id` in `language`, as text. */
export function translate(language: Language, id: MessageId, values?: Values): string {
  return String(formatter(language, id).format(values));
}

/** The message `id` in `language`, with its tags made into elements. */
export function translateRich(language: Language, id: MessageId, values: RichValues): ReactNode {
  const out = formatter(language, id).format<ReactNode>(values as Record<string, PrimitiveType | ReactNode>);
  // The parts come as a list: keyed here, so no caller's element needs a key of its own.
  return Array.isArray(out) ? Children.toArray(out) : out;
}
