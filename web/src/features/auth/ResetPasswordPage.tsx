// /reset-password?token=...: the link in the "Reset your password" mail. A new
// password (the server's rules: at least 8 characters, not weak or common,
// with the server's reason shown when refused) typed twice; success
// signs out every session and leads to the password sign-in.
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { recheckSession, resetPassword } from '../../api/auth';
import { ApiError } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { useAuth } from '../../lib/auth';
import { PASSWORD_LOGIN } from './redirect';
import './login.css';

export const MIN_PASSWORD_CHARS = 8;
/** A result mark, the same in every language. */
const TICK = '✓';
const LINKS_BETWEEN = ' · ';

export default function ResetPasswordPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { isAuthenticated } = useAuth();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : t('auth.invalidLink'));
  const [done, setDone] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if ([...password].length < MIN_PASSWORD_CHARS) return setError(t('auth.passwordTooShort', { min: MIN_PASSWORD_CHARS }));
    if (password !== confirm) return setError(t('auth.passwordMismatch'));
    setBusy(true);
    setError(null);
    try {
      await resetPassword(token, password);
      if (isAuthenticated) await recheckSession();
      setDone(true);
    } catch (err) {
      setError(err instanceof ApiError ? err.message   : t('auth.resetFailed'));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <section className="page login-page">
        <div className="login-card center">
          <div className="result-icon" aria-hidden="true">
            {TICK}
          </div>
          <h1>{t('auth.passwordResetDone')}</h1>
          <p className="notice ok" role="status">
            {t('auth.passwordResetText')}
          </p>
          <div className="actions">
            <Link className="btn" to="/login" state={PASSWORD_LOGIN}>
              {t('auth.signIn')}
            </Link>
          </div>
        </div>
      </section>
    );
  }

  return (
    <section className="page login-page">
      <div className="login-card">
        <h1>{t('auth.setNewPassword')}</h1>
        {token && (
          <form onSubmit={submit} className="stack" noValidate>
            <label>
              {t('auth.newPassword')}
              <input
                type="password"
                autoComplete="new-password"
                required
                minLength={MIN_PASSWORD_CHARS}
                value={password}
                aria-describedby="new-password-hint"
                onChange={(e) => setPassword(e.target.value)}
                autoFocus
              />
            </label>
            <small id="new-password-hint" className="muted">
              {t('auth.passwordHint', { min: MIN_PASSWORD_CHARS })}
            </small>
            <label>
              {t('auth.confirmNewPassword')}
              <input type="password" autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.target.value)} />
            </label>
            <button className="btn" type="submit" disabled={busy || !password || !confirm}>
              {busy ? t('auth.saving') : t('auth.resetPassword')}
            </button>
          </form>
        )}
        {error && (
          <p className="notice error" role="alert">
            {error}
          </p>
        )}
        <p className="login-forgot">
          <Link to="/forgot-password">{t('auth.requestNewLink')}</Link>
          {LINKS_BETWEEN}
          <Link to="/login">{t('auth.backToSignIn')}</Link>
        </p>
      </div>
    </section>
  );
}
