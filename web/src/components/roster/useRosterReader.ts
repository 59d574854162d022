// The engine's roster readers for a product's sizes, once its module has
// loaded (null until then, and while the sizes are not known).
import { useEffect, useState } from 'react';
import { rosterReader, type RosterReader, type Size } from '../../lib/engine';

export function useRosterReader(sizes: Size[] | undefined): RosterReader | null {
  const [reader, setReader] = useState<{ for: string; reader: RosterReader } | null>(null);
  // The sizes by value: a new array of the same sizes keeps the reader.
  const key = sizes ? JSON.stringify(sizes) : null;
  useEffect(() => {
    if (key === null) return;
    let live = true;
    rosterReader(JSON.parse(key) as Size[]).then(
      (r) => live && setReader({ for: key, reader: r }),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [key]);
  return reader && reader.for === key ? reader.reader : null;
}
