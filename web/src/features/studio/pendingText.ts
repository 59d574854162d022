// The text being typed in the studio, before Add Text, kept with the draft so
// a reload (or a lost connection) does not lose it either.
import { useCallback, useState } from 'react';

const pendingKey = (productId: string) => `studio-draft-text:${productId}`;

function store(productId: string, text: string): void {
  try {
    if (text) localStorage.setItem(pendingKey(productId), text);
    else localStorage.removeItem(pendingKey(productId));
  } catch {
    // Storage full or blocked: the text stays on screen, it only would not survive a reload.
  }
}

export function usePendingText(productId: string): [string, (text: string) => void] {
  const [text, setText] = useState(() => localStorage.getItem(pendingKey(productId)) ?? '');
  const update = useCallback(
    (value: string) => {
      setText(value);
      store(productId, value);
    },
    [productId],
  );
  return [text, update];
}

export function forgetPendingText(productId: string): void {
  store(productId, '');
}
