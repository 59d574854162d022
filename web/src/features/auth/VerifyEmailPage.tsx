// /verify-email?token=...: the link in the "Confirm your e-mail address" mail.
// The token is sent once (it works once), after the stored session is known:
// proving an address for the first time ends the sessions set up before it,
// and this browser's is then ended too.
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { INVALID_LINK, recheckSession, VERIFY_EMAIL_FAILED, verifyEmail } from '../../api/auth';
import { Spinner } from '../../components/Spinner';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import './login.css';

type State = { kind: 'checking' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { loading, isAuthenticated } = useAuth();
  const [state, setState] = useState<State>(() => (token ? { kind: 'checking' } : { kind: 'failed', message: INVALID_LINK }));
  const sent = useRef(false);

  useEffect(() => {
    if (!token || loading || sent.current) return;
    sent.current = true;
    verifyEmail(token).then(
      async (message) => {
        if (isAuthenticated) await recheckSession();
        setState({ kind: 'done', message });
      },
      (e) => setState({ kind: 'failed', message: e instanceof ApiError ? e.message : VERIFY_EMAIL_FAILED }),
    );
  }, [token, loading, isAuthenticated]);

  return (
    <section className="page login-page">
      <div className="login-card center">
        {state.kind === 'checking' ? (
          <>
            <h1>Verifying your email</h1>
            <Spinner label="Verifying your email…" />
          </>
        ) : state.kind === 'done' ? (
          <>
            <div className="result-icon" aria-hidden="true">
              ✓
            </div>
            <h1>Email verified</h1>
            <p className="notice ok" role="status">
              {state.message}
            </p>
            <div className="actions">
              {isAuthenticated ? (
                <Link className="btn" to="/user">
                  Go to My Account
                </Link>
              ) : (
                <Link className="btn" to="/login">
                  Sign in
                </Link>
              )}
              <Link className="btn ghost" to="/products">
                Continue Shopping
              </Link>
            </div>
          </>
        ) : (
          <>
            <div className="result-icon failed" aria-hidden="true">
              ✕
            </div>
            <h1>Email not verified</h1>
            <p className="notice error" role="alert">
              {state.message}
            </p>
            <p className="muted">Signing in with a code sent to your e-mail confirms your address too.</p>
            <div className="actions">
              <Link className="btn" to="/login">
                Sign in
              </Link>
              <Link className="btn ghost" to="/">
                Go to Home
              </Link>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
