import { useEffect, useState } from 'react';

/** The spec's colour-change debounce of the 3D view. */
export const COLOR_CHANGE_DEBOUNCE_MS = 300;

/** `value`, once it has stayed the same for `delayMs` (the first value at once). */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return;
    const t = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(t);
  }, [value, settled, delayMs]);
  return settled;
}
