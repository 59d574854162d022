// The roster editor's view of a design: its rows as the engine keeps them,
// the engine's problems with them, and one way to change them. The studio
// backs it with its undoable engine document, the cart's "Edit names" dialog
// with an engine opened on the line's design. Every rule is the engine's:
// this module only counts rows and finds a pasted line's text again.
import type { RosterReader, RosterRow, RosterRowInput, RowError, Size, Studio } from '../../lib/engine';
import { sizeKey } from '../../lib/sizes';
import { engineErrorNow } from '../../lib/engineMessages';
import { currentLanguage, translate } from '../../lib/i18n';
import type { components } from '../../lib/schema';

/** A row as the API carries it in a design (the engine's rows are ones too). */
export type ListedRow = components['schemas']['RosterRow'];

export interface RosterModel {
  rows: RosterRow[];
  /** What keeps the roster from the cart (`rosterProblems`), each naming its row; row 0 is the whole roster. */
  problems: RowError[];
  /** Replaces the rows, all or nothing (the quantities follow); the engine's message when it refuses them. */
  setRows: (rows: RosterRowInput[], gesture?: string) => string | null;
}

/**
 * Sets a studio's roster and makes its quantities the roster's size counts
 * (every one of the product's `sizes`): the pieces of a personalised line are its rows.
 */
export function applyRoster(studio: Studio, rows: RosterRowInput[], sizes: Size[]): void {
  studio.setRoster(rows);
  const counts = sizeCounts(studio.roster(), sizes);
  for (const { size, count } of counts) studio.setQuantity(size, count);
}

/** Pieces per size, in the product's size order. */
export function sizeCounts(rows: RosterRow[], sizes: Size[]): { size: Size; count: number }[] {
  return sizes.map((size) => ({ size, count: rows.filter((r) => sizeKey(r.size) === sizeKey(size)).length }));
}

/** A pasted line the engine could not read, kept as typed until it is fixed or dropped. */
export interface PendingLine {
  id: string;
  /** Its line in the pasted text (from 1): the engine's message names it. */
  line: number;
  text: string;
  message: string;
}

let pendingIds = 0;

/** A pasted list read by the engine: the rows it read, and each line it could not read with its message. */
export function readPaste(reader: RosterReader, text: string): { rows: RosterRow[]; pending: PendingLine[] } {
  const parsed = reader.parse(text);
  // The engine counts lines as Rust's `str::lines` does: split at \n, a trailing \r dropped.
  const lines = text.split('\n');
  const pending = parsed.errors.map((e) => ({ id: `line-${++pendingIds}`, line: e.row, text: (lines[e.row - 1] ?? '').replace(/\r$/, ''), message: engineErrorNow(e) }));
  return { rows: parsed.rows, pending };
}

/**
 * A fixed line read again at its place in the paste (blank lines before it),
 * so the engine's message still names its line: the row, or the new message;
 * neither for a blank line or a header.
 */
export function readLine(reader: RosterReader, pending: PendingLine): { row?: RosterRow; message?: string } {
  const parsed = reader.parse('\n'.repeat(Math.max(0, pending.line - 1)) + pending.text);
  return { row: parsed.rows[0], message: parsed.errors[0] && engineErrorNow(parsed.errors[0]) };
}

/** "27 names and numbers", "1 name", "3 numbers": what a roster holds, for a collapsed list. */
export function rosterCount(rows: ListedRow[]): string {
  const names = rows.some((r) => r.name);
  const numbers = rows.some((r) => r.number);
  const what = names && numbers ? 'both' : numbers ? 'numbers' : 'names';
  return translate(currentLanguage(), 'roster.count', { what, count: rows.length });
}

/** A row as it prints, for lists: "SHARMA · 10". */
export function rowText(row: ListedRow): string {
  return [row.name, row.number].filter(Boolean).join(' · ');
}
