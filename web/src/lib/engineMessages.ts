// The design engine's refusals in the shopper's language. The engine (wasm) throws Errors with a stable `code` and
// its English message; the catalogue holds each code's text (`engine.<CODE>`, the English word for word the
// engine's, so the test in engineMessages.test.ts can hold them to it). The values a message names (a size, a
// radius) are read back from the engine's English by the English template, so no value is lost and no rule's
// wording is typed twice; a message the template does not match (or an unknown code) is shown as the engine
// wrote it.
import { english, type MessageId } from './i18n/catalogues';
import { currentLanguage, type Language, type T } from './i18n';
import { translate, type Values } from './i18n/format';
import { valuesIn } from './i18n/readBack';

/** How a roster row's problem comes when the engine names the row (typed rows) or the line (a pasted list). */
const ROW = /^(Row|Line) (\d+): ([\s\S]*)$/;

function idOf(code: string | undefined): MessageId | undefined {
  const id = `engine.${code}`;
  return code && Object.hasOwn(english, id) ? (id as MessageId) : undefined;
}

/** The values of `code`'s message read from the engine's English one, or undefined when it does not match. */
export function valuesOf(code: string, message: string): Values | undefined {
  const id = idOf(code);
  return id && valuesIn(id, message);
}

/** The text of the engine's `code` with `values`, in the shopper's language; `fallbackEnglish` for a code the catalogue lacks. */
export function engineMessage(t: T, code: string | undefined, values: Values | undefined, fallbackEnglish: string): string {
  const id = idOf(code);
  return id ? t(id, values) : fallbackEnglish;
}

/**
 * An engine refusal in the shopper's language: an Error with a `code` as the engine throws it, or a roster row's
 * problem as it lists them (`{ row, code, message }`).
 */
export function engineError(t: T, e: unknown): string {
  if (typeof e !== 'object' || e === null || typeof (e as { message?: unknown }).message !== 'string') return String(e);
  const { code, message } = e as { code?: unknown; message: string };
  if (typeof code !== 'string') return message;
  const values = valuesOf(code, message);
  if (values) return engineMessage(t, code, values, message);
  // A roster row's problem, named with its row.
  const row = ROW.exec(message);
  const inRow = row && valuesOf(code, row[3]);
  if (row && inRow) return t(row[1] === 'Row' ? 'engine.row' : 'engine.line', { row: row[2], problem: engineMessage(t, code, inRow, row[3]) });
  return message;
}

/** A translator for code outside components (texts only: no tags). */
export function translatorOf(language: Language): T {
  return Object.assign((id: MessageId, values?: Values) => translate(language, id, values), { rich: () => null });
}

/** `engineError` in the language chosen now, for code outside components (the cart kept in this browser). */
export function engineErrorNow(e: unknown): string {
  return engineError(translatorOf(currentLanguage()), e);
}
