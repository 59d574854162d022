// Undo and redo for the studio: two buttons, and Ctrl/Cmd+Z, Ctrl/Cmd+Shift+Z
// and Ctrl+Y anywhere on the page except in a text field, where the browser's
// own undo of the typing applies.
import { useEffect, useState } from 'react';
import type { HistoryControls } from './useStudio';
import { useT } from '../../lib/i18n';

const UNDO_SIGN = '↶';
const REDO_SIGN = '↷';

const TYPING = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number']);

/** Whether a key press goes to a field whose own undo is the typing's. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return target instanceof HTMLInputElement && TYPING.has(target.type);
}

export function HistoryButtons({ history }: { history: HistoryControls }) {
  const { undo, redo, canUndo, canRedo } = history;
  // What was done, as a new node each time, so that a screen reader announces every step, not only the first.
  const [said, setSaidState] = useState<{ text: string; n: number } | null>(null);
  const t = useT();
  const setSaid = (text: string) => setSaidState((prev) => ({ text, n: (prev?.n ?? 0) + 1 }));

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || typingIn(e.target)) return;
      const key = e.key.toLowerCase();
      const action = key === 'z' ? (e.shiftKey ? 'redo' : 'undo') : key === 'y' && e.ctrlKey && !e.shiftKey ? 'redo' : null;
      if (!action) return;
      e.preventDefault();
      void (action === 'undo' ? undo() : redo()).then(() => setSaid(action === 'undo' ? t('studio.undone') : t('studio.redone')));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo, t]);

  return (
    <div className="row history-buttons" role="group" aria-label={t('studio.history')}>
      <button type="button" className="btn small ghost" onClick={() => void undo().then(() => setSaid(t('studio.undone')))} disabled={!canUndo} aria-keyshortcuts="Control+Z Meta+Z" title={t('studio.undoTitle')}>
        <span aria-hidden="true">{UNDO_SIGN}</span> {t('studio.undo')}
      </button>
      <button
        type="button"
        className="btn small ghost"
        onClick={() => void redo().then(() => setSaid(t('studio.redone')))}
        disabled={!canRedo}
        aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
        title={t('studio.redoTitle')}
      >
        <span aria-hidden="true">{REDO_SIGN}</span> {t('studio.redo')}
      </button>
      <span className="visually-hidden" aria-live="polite">
        {said && <span key={said.n}>{said.text}</span>}
      </span>
    </div>
  );
}
