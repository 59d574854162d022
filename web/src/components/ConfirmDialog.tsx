import type { ReactNode } from 'react';
import { Dialog } from './Dialog';
import { useT } from '../lib/i18n';

/**
 * The store's confirmation: a question, what it is about, and two buttons.
 * The safe choice has the focus, so Enter or Escape never destroys anything.
 */
export function ConfirmDialog({
  title,
  question,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
}: {
  title: string;
  question: ReactNode;
  /** What the question is about (shown muted under it). */
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <Dialog title={title} onClose={onCancel}>
      <p>{question}</p>
      {children && <p className="muted">{children}</p>}
      <div className="row">
        <button className="btn danger" onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button className="btn ghost" onClick={onCancel} autoFocus>
          {cancelLabel ?? t('dialog.cancel')}
        </button>
      </div>
    </Dialog>
  );
}
