import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../lib/api';

type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'success' } | { kind: 'error'; message: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const SUCCESS_RESET_MS = 3_000;

/** The message for a failed subscription, by status. */
export function newsletterError(status: number | undefined): string {
  if (status === 404) return 'Newsletter service not available. Please try again later.';
  if (status !== undefined && status >= 500) return 'Server error. Please try again later.';
  return 'Failed to subscribe to newsletter. Please try again.';
}

export function NewsletterBox() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });

  useEffect(() => {
    if (state.kind !== 'success') return;
    const t = setTimeout(() => setState({ kind: 'idle' }), SUCCESS_RESET_MS);
    return () => clearTimeout(t);
  }, [state]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!value) return setState({ kind: 'error', message: 'Please enter an email address' });
    if (!EMAIL.test(value)) return setState({ kind: 'error', message: 'Please enter a valid email address' });
    setState({ kind: 'sending' });
    try {
      const res = await api.POST('/newsletter/subscribe', { body: { email: value } });
      if (res.error !== undefined) return setState({ kind: 'error', message: newsletterError(res.response.status) });
      setEmail('');
      setState({ kind: 'success' });
    } catch {
      setState({ kind: 'error', message: 'Failed to send confirmation email. Please try again.' });
    }
  };

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
      {state.kind === 'success' && <p className="ok">Thank you for subscribing! Check your email for confirmation.</p>}
      {state.kind === 'error' && <p className="error" role="alert">{state.message}</p>}
    </form>
  );
}
