// The profile's 'Change password' panel: the current password, then a new one
// typed twice. The server refuses weak and common passwords (and ones made of
// the user's name or e-mail) and says why; that message is shown as it is.
// Other devices are signed out; this one stays signed in.
import { useState, type FormEvent } from 'react';
import { changePassword } from '../../api/auth';
import { ApiError } from '../../lib/api';
import { useT } from '../../lib/i18n';

const MIN_PASSWORD_CHARS = 8;

type Notice = { kind: 'ok' | 'error'; text: string } | null;

export default function ChangePasswordForm() {
  const t = useT();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if ([...next].length < MIN_PASSWORD_CHARS) return setNotice({ kind: 'error', text: t('profile.password.tooShort', { min: MIN_PASSWORD_CHARS }) });
    if (next !== confirm) return setNotice({ kind: 'error', text: t('profile.password.mismatch') });
    setBusy(true);
    setNotice(null);
    try {
      await changePassword(current, next);
      setCurrent('');
      setNext('');
      setConfirm('');
      setNotice({ kind: 'ok', text: t('profile.password.changed') });
    } catch (err) {
      setNotice({ kind: 'error', text: err instanceof ApiError && err.message ? err.message   : t('profile.password.failed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="account-panel">
      <h2 id="change-password-title">{t('profile.password.title')}</h2>
      <form className="account-form" onSubmit={submit} noValidate aria-labelledby="change-password-title" aria-busy={busy}>
        <div className="field">
          <label htmlFor="current-password">{t('profile.password.current')}</label>
          <input id="current-password" type="password" autoComplete="current-password" required value={current} onChange={(e) => setCurrent(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="new-password">{t('profile.password.new')}</label>
          <input
            id="new-password"
            type="password"
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_CHARS}
            aria-describedby="new-password-hint"
            value={next}
            onChange={(e) => setNext(e.target.value)}
          />
          <small id="new-password-hint" className="muted hint">
            {t('profile.password.hint', { min: MIN_PASSWORD_CHARS })}
          </small>
        </div>
        <div className="field">
          <label htmlFor="confirm-password">{t('profile.password.confirm')}</label>
          <input id="confirm-password" type="password" autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.target.value)} />
        </div>
        <div className="actions">
          <button type="submit" className="btn" disabled={busy || !current || !next || !confirm}>
            {busy ? t('profile.saving') : t('profile.password.submit')}
          </button>
        </div>
        {notice && (
          <p className={`notice ${notice.kind}`} role={notice.kind === 'ok' ? 'status' : 'alert'}>
            {notice.text}
          </p>
        )}
      </form>
    </div>
  );
}
