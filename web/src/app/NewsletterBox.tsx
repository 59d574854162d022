import { useEffect, useState, type FormEvent } from 'react';
import { SEND_FAILED, subscribeToNewsletter } from '../api/newsletter';
import { ApiError } from '../lib/api';
import { parseEmail } from '../lib/contact';

// The spec's states (idle, sending, success for 3 s, error), then a lasting
// one: the address is not subscribed until the e-mailed link is opened.
type State =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'success'; email: string }
  | { kind: 'confirm'; email: string }
  | { kind: 'error'; message: string };

export const SUCCESS_RESET_MS = 3_000;

export function NewsletterBox() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });

  useEffect(() => {
    if (state.kind !== 'success') return;
    const t = setTimeout(() => setState({ kind: 'confirm', email: state.email }), SUCCESS_RESET_MS);
    return () => clearTimeout(t);
  }, [state]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!value) return setState({ kind: 'error', message: 'Please enter an email address' });
    if (parseEmail(value) === null) return setState({ kind: 'error', message: 'Please enter a valid email address' });
    setState({ kind: 'sending' });
    try {
      await subscribeToNewsletter(value);
      setEmail('');
      setState({ kind: 'success', email: value });
    } catch (err) {
      setState({ kind: 'error', message: err instanceof ApiError ? err.message : SEND_FAILED });
    }
  };

  const waiting = state.kind === 'success' || state.kind === 'confirm' ? state.email : null;
  return (
    <form className="newsletter" onSubmit={submit} noValidate>
      <h3>Newsletter</h3>
      <p className="muted">New garments and offers, now and then.</p>
      <div className="row">
        <input
          type="email"
          aria-label="Email address"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          disabled={state.kind === 'sending'}
        />
        <button className="btn" disabled={state.kind === 'sending'}>
          {state.kind === 'sending' ? 'Sending…' : 'Subscribe'}
        </button>
      </div>
      <div role="status">
        {state.kind === 'success' && <p className="ok">Thank you for subscribing! Check your email for confirmation.</p>}
        {waiting !== null && (
          <p className="muted" data-testid="newsletter-confirm">
            Check your inbox to confirm: we sent a link to <strong>{waiting}</strong>. You are subscribed once you open it.
          </p>
        )}
      </div>
      {state.kind === 'error' && <p className="error" role="alert">{state.message}</p>}
    </form>
  );
}
