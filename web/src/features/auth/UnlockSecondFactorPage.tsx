// /unlock-second-factor?token=...: the link in the "Your second factor is
// locked" mail an admin gets after 10 wrong codes. The token is sent once (it
// works once, for 24 hours); a request that got no answer (or a server error)
// can be tried again. A refused link says how to get unlocked another way.
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { unlockSecondFactor } from '../../api/secondFactor';
import { Spinner } from '../../components/Spinner';
import { ApiError, isUnreachable } from '../../lib/api';
import { currentLanguage, translate, useT, type Language } from '../../lib/i18n';
import './login.css';

/** Result marks, the same in every language. */
const TICK = '✓';
const CROSS = '✕';
/** The command an admin runs on the server: not translated. */
const UNLOCK_COMMAND = 'api reset-second-factor --email … --unlock';

type State = { kind: 'checking' } | { kind: 'done' } | { kind: 'failed'; message: string; retry: boolean };

/** What a failure shows; a refused link (4xx other than 429) is final, anything else may be tried again. */
function failure(e: unknown, language: Language): State {
  const fallback = translate(language, 'auth.unlockFailed');
  if (e instanceof ApiError) return { kind: 'failed', message: e.message || fallback, retry: e.status === 429 || e.status >= 500 };
  return { kind: 'failed', message: isUnreachable(e) ? translate(language, 'server.unreachable') : fallback, retry: true };
}

function unlock(token: string, show: (state: State) => void) {
  unlockSecondFactor(token).then(
    () => show({ kind: 'done' }),
    (e) => show(failure(e, currentLanguage())),
  );
}

export default function UnlockSecondFactorPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [state, setState] = useState<State>(() => (token ? { kind: 'checking' } : { kind: 'failed', message: t('auth.invalidLink'), retry: false }));
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    unlock(token, setState);
  }, [token]);

  const tryAgain = () => {
    setState({ kind: 'checking' });
    unlock(token, setState);
  };

  return (
    <section className="page login-page">
      <div className="login-card center">
        {state.kind === 'checking' ? (
          <>
            <h1>{t('auth.unlocking')}</h1>
            <Spinner label={t('auth.unlockingBusy')} />
          </>
        ) : state.kind === 'done' ? (
          <>
            <div className="result-icon" aria-hidden="true">
              {TICK}
            </div>
            <h1>{t('auth.unlocked')}</h1>
            <p className="notice ok" role="status">
              {t('auth.unlockedText')}
            </p>
            <p className="muted">{t('auth.unlockedNote')}</p>
            <div className="actions">
              <Link className="btn" to="/login">
                {t('auth.signIn')}
              </Link>
            </div>
          </>
        ) : (
          <>
            <div className="result-icon failed" aria-hidden="true">
              {CROSS}
            </div>
            <h1>{t('auth.notUnlocked')}</h1>
            <p className="notice error" role="alert">
              {state.message}
            </p>
            {state.retry ? (
              <div className="actions">
                <button className="btn" type="button" onClick={tryAgain}>
                  {t('auth.tryAgain')}
                </button>
              </div>
            ) : (
              <>
                <p className="muted" data-testid="unlock-help">
                  {t.rich('auth.unlockHelp', { command: UNLOCK_COMMAND, code: (chunks) => <code key="code">{chunks}</code> })}
                </p>
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
          </>
        )}
      </div>
    </section>
  );
}
