// /reset-password?token=...: the link in the "Reset your password" mail. A new
// password (the server's rules: at least 8 characters, not weak or common,
// with the server's reason shown when refused) typed twice; success
// signs out every session and leads to the password sign-in.
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { INVALID_LINK, recheckSession, RESET_PASSWORD_FAILED, resetPassword } from '../../api/auth';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { PASSWORD_LOGIN } from './redirect';
import './login.css';

export const MIN_PASSWORD_CHARS = 8;
export const PASSWORD_MESSAGES = {
  tooShort: 'Password must be at least 8 characters',
  mismatch: 'Passwords do not match',
} as const;

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { isAuthenticated } = useAuth();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : INVALID_LINK);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if ([...password].length < MIN_PASSWORD_CHARS) return setError(PASSWORD_MESSAGES.tooShort);
    if (password !== confirm) return setError(PASSWORD_MESSAGES.mismatch);
    setBusy(true);
    setError(null);
    try {
      const message = await resetPassword(token, password);
      if (isAuthenticated) await recheckSession();
      setDone(message);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : RESET_PASSWORD_FAILED);
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <section className="page login-page">
        <div className="login-card center">
          <div className="result-icon" aria-hidden="true">
            ✓
          </div>
          <h1>Password reset</h1>
          <p className="notice ok" role="status">
            {done}
          </p>
          <div className="actions">
            <Link className="btn" to="/login" state={PASSWORD_LOGIN}>
              Sign in
            </Link>
          </div>
        </div>
      </section>
    );
  }

  return (
    <section className="page login-page">
      <div className="login-card">
        <h1>Set a new password</h1>
        {token && (
          <form onSubmit={submit} className="stack" noValidate>
            <label>
              New password
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
              At least {MIN_PASSWORD_CHARS} characters. A few uncommon words together are strong and easy to remember; common passwords and
              your own name or e-mail are refused.
            </small>
            <label>
              Confirm new password
              <input type="password" autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.target.value)} />
            </label>
            <button className="btn" type="submit" disabled={busy || !password || !confirm}>
              {busy ? 'Saving…' : 'Reset password'}
            </button>
          </form>
        )}
        {error && (
          <p className="notice error" role="alert">
            {error}
          </p>
        )}
        <p className="login-forgot">
          <Link to="/forgot-password">Request a new link</Link> · <Link to="/login">Back to sign in</Link>
        </p>
      </div>
    </section>
  );
}
