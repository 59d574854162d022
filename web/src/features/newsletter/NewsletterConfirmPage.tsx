// /newsletter/confirm?token=...: the link in the "Confirm your newsletter
// subscription" mail. The token is sent once (it works once); until then the
// address is not subscribed and is sent nothing.
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { CONFIRM_FAILED, confirmNewsletter, INVALID_LINK } from '../../api/newsletter';
import { Spinner } from '../../components/Spinner';
import { ApiError } from '../../lib/api';

type State = { kind: 'checking' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

export default function NewsletterConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [state, setState] = useState<State>(() => (token ? { kind: 'checking' } : { kind: 'failed', message: INVALID_LINK }));
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirmNewsletter(token).then(
      (message) => setState({ kind: 'done', message }),
      (e) => setState({ kind: 'failed', message: e instanceof ApiError ? e.message : CONFIRM_FAILED }),
    );
  }, [token]);

  return (
    <section className="page narrow center">
      {state.kind === 'checking' ? (
        <>
          <h1>Confirming your subscription</h1>
          <Spinner label="Confirming your subscription…" />
        </>
      ) : state.kind === 'done' ? (
        <>
          <h1>Subscription confirmed</h1>
          <p className="notice ok" role="status">
            {state.message}
          </p>
          <Link className="btn" to="/products">
            Continue Shopping
          </Link>
        </>
      ) : (
        <>
          <h1>Subscription not confirmed</h1>
          <p className="notice error" role="alert">
            {state.message}
          </p>
          <p className="muted">Subscribe again at the foot of any page for a new link.</p>
          <Link className="btn" to="/">
            Go to Home
          </Link>
        </>
      )}
    </section>
  );
}
