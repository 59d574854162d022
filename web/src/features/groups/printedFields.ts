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
