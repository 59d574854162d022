// The engine's roster readers, once its module has loaded (null until then).
import { useEffect, useState } from 'react';
import { rosterReader, type RosterReader } from '../../lib/engine';

export function useRosterReader(): RosterReader | null {
  const [reader, setReader] = useState<RosterReader | null>(null);
  useEffect(() => {
    let live = true;
    rosterReader().then(
      (r) => live && setReader(r),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return reader;
}
