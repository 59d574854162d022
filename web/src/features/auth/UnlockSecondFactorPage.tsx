// /unlock-second-factor?token=...: the link in the "Your second factor is
// locked" mail an admin gets after 10 wrong codes. The token is sent once (it
// works once, for 24 hours); a request that got no answer (or a server error)
// can be tried again. A refused link says how to get unlocked another way.
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { INVALID_LINK } from '../../api/auth';
import { UNLOCK_FAILED, unlockSecondFactor } from '../../api/secondFactor';
import { Spinner } from '../../components/Spinner';
import { ApiError, isUnreachable, SERVER_UNREACHABLE } from '../../lib/api';
import './login.css';

type State = { kind: 'checking' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string; retry: boolean };

/** What a failure shows; a refused link (4xx other than 429) is final, anything else may be tried again. */
function failure(e: unknown): State {
  if (e instanceof ApiError) return { kind: 'failed', message: e.message || UNLOCK_FAILED, retry: e.status === 429 || e.status >= 500 };
  return { kind: 'failed', message: isUnreachable(e) ? SERVER_UNREACHABLE : UNLOCK_FAILED, retry: true };
}

function unlock(token: string, show: (state: State) => void) {
  unlockSecondFactor(token).then(
    (message) => show({ kind: 'done', message }),
    (e) => show(failure(e)),
  );
}

export default function UnlockSecondFactorPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [state, setState] = useState<State>(() => (token ? { kind: 'checking' } : { kind: 'failed', message: INVALID_LINK, retry: false }));
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
            <h1>Unlocking your second factor</h1>
            <Spinner label="Unlocking your second factor…" />
          </>
        ) : state.kind === 'done' ? (
          <>
            <div className="result-icon" aria-hidden="true">
              ✓
            </div>
            <h1>Second factor unlocked</h1>
            <p className="notice ok" role="status">
              {state.message}
            </p>
            <p className="muted">If you did not enter those wrong codes, change your password once you are signed in: whoever did knows it.</p>
            <div className="actions">
              <Link className="btn" to="/login">
                Sign in
              </Link>
            </div>
          </>
        ) : (
          <>
            <div className="result-icon failed" aria-hidden="true">
              ✕
            </div>
            <h1>Second factor not unlocked</h1>
            <p className="notice error" role="alert">
              {state.message}
            </p>
            {state.retry ? (
              <div className="actions">
                <button className="btn" type="button" onClick={tryAgain}>
                  Try Again
                </button>
              </div>
            ) : (
              <>
                <p className="muted" data-testid="unlock-help">
                  Each link works once, for 24 hours. If you have used this one already, just sign in. If it has expired, sign in and enter
                  a code: we e-mail you a new link. Or ask another admin to run <code>api reset-second-factor --email … --unlock</code> with
                  your e-mail address on the server.
                </p>
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
          </>
        )}
      </div>
    </section>
  );
}
