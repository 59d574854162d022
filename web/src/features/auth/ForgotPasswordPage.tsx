// /forgot-password: asks for a password-reset link. The answer is the same
// whether or not the address has an account (the server's own words).
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { FORGOT_PASSWORD_FAILED, forgotPassword } from '../../api/auth';
import { ApiError } from '../../lib/api';
import './login.css';

type Notice = { kind: 'ok' | 'error'; text: string } | null;

export default function ForgotPasswordPage() {
  const location = useLocation();
  const [email, setEmail] = useState(() => {
    const given = (location.state as { email?: unknown } | null)?.email;
    return typeof given === 'string' ? given : '';
  });
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setNotice(null);
    try {
      setNotice({ kind: 'ok', text: await forgotPassword(email.trim()) });
    } catch (err) {
      setNotice({ kind: 'error', text: err instanceof ApiError ? err.message : FORGOT_PASSWORD_FAILED });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page login-page">
      <div className="login-card">
        <h1>Forgot password?</h1>
        <p className="muted">Enter the e-mail address of your account and we will send you a link to set a new password.</p>
        <form onSubmit={submit} className="stack">
          <label>
            Email address
            <input type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
          </label>
          <button className="btn" type="submit" disabled={busy || !email.trim()}>
            {busy ? 'Sending…' : 'Send reset link'}
          </button>
        </form>
        {notice && (
          <p className={`notice ${notice.kind}`} role={notice.kind === 'ok' ? 'status' : 'alert'}>
            {notice.text}
          </p>
        )}
        <p className="login-forgot">
          <Link to="/login">Back to sign in</Link>
        </p>
      </div>
    </section>
  );
}
