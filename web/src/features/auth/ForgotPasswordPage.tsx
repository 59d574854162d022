// /forgot-password: asks for a password-reset link. The answer is the same
// whether or not the address has an account (the server's own words).
import { useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { forgotPassword } from '../../api/auth';
import { ApiError } from '../../lib/api';
import { useT } from '../../lib/i18n';
import './login.css';

type Notice = { kind: 'ok' | 'error'; text: string } | null;

export default function ForgotPasswordPage() {
  const t = useT();
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
      await forgotPassword(email.trim());
      setNotice({ kind: 'ok', text: t('auth.resetLinkSent') });
    } catch (err) {
      setNotice({ kind: 'error', text: err instanceof ApiError ? err.message   : t('auth.forgotFailed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="page login-page">
      <div className="login-card">
        <h1>{t('auth.forgotPassword')}</h1>
        <p className="muted">{t('auth.forgotIntro')}</p>
        <form onSubmit={submit} className="stack">
          <label>
            {t('auth.emailLabel')}
            <input type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
          </label>
          <button className="btn" type="submit" disabled={busy || !email.trim()}>
            {busy ? t('auth.sending') : t('auth.sendResetLink')}
          </button>
        </form>
        {notice && (
          <p className={`notice ${notice.kind}`} role={notice.kind === 'ok' ? 'status' : 'alert'}>
            {notice.text}
          </p>
        )}
        <p className="login-forgot">
          <Link to="/login">{t('auth.backToSignIn')}</Link>
        </p>
      </div>
    </section>
  );
}
