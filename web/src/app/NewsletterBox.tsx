import { useEffect, useState, type FormEvent } from 'react';
import { newsletterRefusal, subscribeToNewsletter } from '../api/newsletter';
import { ApiError } from '../lib/api';
import { parseEmail } from '../lib/contact';
import { useT } from '../lib/i18n';

// An example address, the same in every language.
const EXAMPLE_EMAIL = 'you@example.com';

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
  const t = useT();

  useEffect(() => {
    if (state.kind !== 'success') return;
    const timer = setTimeout(() => setState({ kind: 'confirm', email: state.email }), SUCCESS_RESET_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!value) return setState({ kind: 'error', message: t('newsletter.missingEmail') });
    if (parseEmail(value) === null) return setState({ kind: 'error', message: t('newsletter.badEmail') });
    setState({ kind: 'sending' });
    try {
      await subscribeToNewsletter(value);
      setEmail('');
      setState({ kind: 'success', email: value });
    } catch (err) {
      setState({ kind: 'error', message: t(err instanceof ApiError ? newsletterRefusal(err.status) : 'newsletter.failed') });
    }
  };

  const waiting = state.kind === 'success' || state.kind === 'confirm' ? state.email : null;
  return (
    <form className="newsletter" onSubmit={submit} noValidate>
      <h3>{t('newsletter.title')}</h3>
      <p className="muted">{t('newsletter.intro')}</p>
      <div className="row">
        <input
          type="email"
          aria-label={t('newsletter.email')}
          placeholder={EXAMPLE_EMAIL}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          disabled={state.kind === 'sending'}
        />
        <button className="btn" disabled={state.kind === 'sending'}>
          {state.kind === 'sending' ? t('newsletter.sending') : t('newsletter.subscribe')}
        </button>
      </div>
      <div role="status">
        {state.kind === 'success' && <p className="ok">{t('newsletter.thanks')}</p>}
        {waiting !== null && (
          <p className="muted" data-testid="newsletter-confirm">
            {t.rich('newsletter.confirm', { email: waiting, b: (chunks) => <strong key="email">{chunks}</strong> })}
          </p>
        )}
      </div>
      {state.kind === 'error' && <p className="error" role="alert">{state.message}</p>}
    </form>
  );
}
