// A message box with its send button: a reply on a ticket, a resolution note,
// a decision's note. An empty message is named before anything is sent; the
// server's refusal is shown under the box; the box empties once sent.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { serverErrorText } from '../../lib/api';
import './support.css';

export const MAX_MESSAGE = 5000;

export function MessageForm({
  label,
  send,
  sending,
  missing,
  failed,
  onSend,
  hint,
  name,
}: {
  label: string;
  send: string;
  sending: string;
  /** What an empty box is told. */
  missing: string;
  /** The fallback when the server gives no reason. */
  failed: string;
  onSend: (message: string) => Promise<unknown>;
  hint?: ReactNode;
  /** The form's accessible name (default: the label). */
  name?: string;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const message = text.trim();
    if (!message) return setError(missing);
    setError(null);
    setBusy(true);
    onSend(message)
      .then(() => setText(''))
      .catch((err: unknown) => setError(serverErrorText(err, failed)))
      .finally(() => setBusy(false));
  };
  return (
    <form className="message-form" onSubmit={submit} noValidate aria-label={name ?? label}>
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="muted small" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      <textarea
        id={id}
        rows={4}
        maxLength={MAX_MESSAGE}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
      />
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      <button className="btn small" type="submit" disabled={busy}>
        {busy ? sending : send}
      </button>
    </form>
  );
}
