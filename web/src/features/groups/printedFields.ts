// Which personal fields a design document prints: a name, a number, both or
// neither (any print area holding one). The server requires `personalisation`
// exactly when it prints either, and asks members for exactly these.
import type { components } from '../../lib/schema';

type Design = components['schemas']['Design'];

export interface PrintedFields {
  name: boolean;
  number: boolean;
}

export function printedFields(design: Design): PrintedFields {
  const areas = Object.values(design.areas ?? {});
  return { name: areas.some((a) => !!a?.name), number: areas.some((a) => !!a?.number) };
}

export const printsAny = (f: PrintedFields) => f.name || f.number;

type RosterRow = components['schemas']['RosterRow'];
/** What a visitor sees printed where the member's own name and number go. */
export const SAMPLE_NAME = 'YOUR NAME';
export const SAMPLE_NUMBER = '10';

/**
 * The row a personalised group's design is drawn with: the member's own piece,
 * else a sample; none for a design that prints no names or numbers.
 */
export function previewRow(fields: PrintedFields, mine: { size: string; name?: string; number?: string } | null | undefined): RosterRow | undefined {
  if (!printsAny(fields)) return undefined;
  if (mine) return { size: mine.size, name: mine.name ?? null, number: mine.number ?? null };
  return { size: 'M', name: fields.name ? SAMPLE_NAME : null, number: fields.number ? SAMPLE_NUMBER : null };
}
