// A look-up by a number and the e-mail address it belongs to (an order on /track, a support ticket on
// /support/lookup): both are asked for before anything is sent; then the server's answer, or its one message for a
// wrong number or e-mail alike, shows below.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useT } from '../lib/i18n';
import './lookupForm.css';

export interface LookupWords {
  /** The number's label ('Order number'). */
  number: string;
  /** What the form says when the number is missing, and when the e-mail is. */
  missingNumber: string;
  missingEmail: string;
  /** The button, idle and while the look-up runs. */
  submit: string;
  busy: string;
}

export function LookupForm({
  words,
  initialNumber = '',
  placeholder,
  pending,
  error,
  onLookup,
  children,
}: {
  words: LookupWords;
  initialNumber?: string;
  placeholder?: string;
  pending: boolean;
  /** The failed look-up's message, if it failed. */
  error: string | null;
  onLookup: (number: string, email: string) => void;
  /** The answer, shown while no message is. */
  children?: ReactNode;
}) {
  const [number, setNumber] = useState(initialNumber);
  const [email, setEmail] = useState('');
  const [missing, setMissing] = useState<string | null>(null);
  const id = useId();
  const t = useT();

  const submit = (ev: FormEvent) => {
    ev.preventDefault();
    const n = number.trim();
    const e = email.trim();
    setMissing(!n ? words.missingNumber : !e ? words.missingEmail : null);
    if (n && e) onLookup(n, e);
  };
  const message = missing ?? error;
  return (
    <>
      <form className="lookup-form" onSubmit={submit} noValidate aria-busy={pending}>
        <div className="field">
          <label htmlFor={`${id}-number`}>{words.number}</label>
          <input id={`${id}-number`} value={number} autoComplete="off" spellCheck={false} placeholder={placeholder} onChange={(e) => setNumber(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={`${id}-email`}>{t('lookup.email')}</label>
          <input id={`${id}-email`} type="email" inputMode="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <button className="btn" type="submit" disabled={pending}>
          {pending ? words.busy : words.submit}
        </button>
      </form>
      {message ? (
        <p className="notice error" role="alert">
          {message}
        </p>
      ) : (
        children && (
          <div className="lookup-result" aria-live="polite">
            {children}
          </div>
        )
      )}
    </>
  );
}
