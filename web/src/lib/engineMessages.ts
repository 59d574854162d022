// The design engine's refusals in the shopper's language. The engine (wasm) throws Errors with a stable `code`, its
// English message and the `values` the message names (`{ size: 'M' }`, a roster row's with its `row`); its roster
// checks list the same as plain objects, a pasted list's with `line: true`. The catalogue holds each code's text
// (`engine.<CODE>`, its placeholders the engine's names and its English word for word the engine's, as
// engineMessages.test.ts and the engine's own test hold), so no rule's wording is typed twice and no value is read
// back from English. A code the catalogue lacks, or values its text does not take, show as the engine wrote it.
import { english, type MessageId } from './i18n/catalogues';
import { currentLanguage, type Language, type T } from './i18n';
import { translate, type Values } from './i18n/format';
import { rupees } from './money';

function idOf(code: string): MessageId | undefined {
  const id = `engine.${code}`;
  return Object.hasOwn(english, id) ? (id as MessageId) : undefined;
}

/** The engine's `values`: a plain object of strings. */
function valuesOf(values: unknown): Record<string, string> | undefined {
  if (typeof values !== 'object' || values === null) return undefined;
  return Object.values(values).every((v) => typeof v === 'string') ? (values as Record<string, string>) : undefined;
}

/**
 * An engine refusal in the shopper's language: an Error with a `code` and `values` as the engine throws it, or a
 * roster row's problem as it lists them (`{ row, code, message, values, line }`).
 */
export function engineError(t: T, e: unknown): string {
  if (typeof e !== 'object' || e === null || typeof (e as { message?: unknown }).message !== 'string') return String(e);
  const { code, message, values, line } = e as { code?: unknown; message: string; values?: unknown; line?: unknown };
  const id = typeof code === 'string' ? idOf(code) : undefined;
  const named = valuesOf(values);
  if (!id || !named) return message;
  const { row, ...own } = named;
  try {
    const problem = t(id, own);
    return row === undefined ? problem : t(line === true ? 'engine.line' : 'engine.row', { row, problem });
  } catch {
    // A text asking for a value the engine did not name (a catalogue behind the engine).
    return message;
  }
}

/** A translator for code outside components (texts only: no tags). */
export function translatorOf(language: Language): T {
  return Object.assign((id: MessageId, values?: Values) => translate(language, id, values), { rich: () => null });
}

/** `engineError` in the language chosen now, for code outside components (the cart kept in this browser). */
export function engineErrorNow(e: unknown): string {
  return engineError(translatorOf(currentLanguage()), e);
}

/** The engine's hint for a line's next quantity tier ("Add 12 more for ₹14.95 less per piece") from its figures. */
export function nextTierHint(t: T, next: { piecesNeeded: number; savingPerPiece: number }): string {
  return t('studio.nextTier', { pieces: String(next.piecesNeeded), saving: rupees(next.savingPerPiece) });
}
