// /verify-email?token=...: the link in the "Confirm your e-mail address" mail.
// The token is sent once (it works once), after the stored session is known:
// proving an address for the first time ends the sessions set up before it,
// and this browser's is then ended too.
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { recheckSession, verifyEmail } from '../../api/auth';
import { Spinner } from '../../components/Spinner';
import { ApiError } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useAuth } from '../../lib/auth';
import './login.css';

/** Result marks, the same in every language. */
const TICK = '✓';
const CROSS = '✕';

type State = { kind: 'checking' } | { kind: 'done'; signInAgain: boolean } | { kind: 'failed'; message: string };

export default function VerifyEmailPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { loading, isAuthenticated } = useAuth();
  const [state, setState] = useState<State>(() => (token ? { kind: 'checking' } : { kind: 'failed', message: t('auth.invalidLink') }));
  const sent = useRef(false);

  useEffect(() => {
    if (!token || loading || sent.current) return;
    sent.current = true;
    verifyEmail(token).then(
      async ({ signInAgain }) => {
        if (isAuthenticated) await recheckSession();
        setState({ kind: 'done', signInAgain });
      },
      (e) => setState({ kind: 'failed', message: e instanceof ApiError ? e.message   : t('auth.verifyEmailFailed') }),
    );
  }, [token, loading, isAuthenticated, t]);

  return (
    <section className="page login-page">
      <div className="login-card center">
        {state.kind === 'checking' ? (
          <>
            <h1>{t('auth.verifyingEmail')}</h1>
            <Spinner label={t('auth.verifyingEmailBusy')} />
          </>
        ) : state.kind === 'done' ? (
          <>
            <div className="result-icon" aria-hidden="true">
              {TICK}
            </div>
            <h1>{t('auth.emailVerified')}</h1>
            <p className="notice ok" role="status">
              {t('auth.emailVerifiedText', { again: state.signInAgain ? 'yes' : 'no' })}
            </p>
            <div className="actions">
              {isAuthenticated ? (
                <Link className="btn" to="/user">
                  {t('auth.goToAccount')}
                </Link>
              ) : (
                <Link className="btn" to="/login">
                  {t('auth.signIn')}
                </Link>
              )}
              <Link className="btn ghost" to="/products">
                {t('auth.continueShopping')}
              </Link>
            </div>
          </>
        ) : (
          <>
            <div className="result-icon failed" aria-hidden="true">
              {CROSS}
            </div>
            <h1>{t('auth.emailNotVerified')}</h1>
            <p className="notice error" role="alert">
              {state.message}
            </p>
            <p className="muted">{t('auth.codeConfirmsEmail')}</p>
            <div className="actions">
              <Link className="btn" to="/login">
                {t('auth.signIn')}
              </Link>
              <Link className="btn ghost" to="/">
                {t('auth.goHome')}
              </Link>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
