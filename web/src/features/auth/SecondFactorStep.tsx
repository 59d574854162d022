// The second step of an admin's sign-in (the server asks for it in production).
// Not yet enrolled: 'Set up authenticator app' shows the QR code to scan (drawn
// by the server as SVG), the same secret as text for typing in by hand, and
// ten one-time recovery codes to keep; the app's first code finishes the
// set-up. Enrolled: the app's current 6-digit code, or a recovery code.
import { useState, type FormEvent } from 'react';
import type { AuthData } from '../../api/auth';
import { enrolSecondFactor, verifySecondFactor, type Enrolment, type SecondFactorChallenge } from '../../api/secondFactor';
import { ApiError } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { valuesIn } from '../../lib/i18n/readBack';

interface Props {
  challenge: SecondFactorChallenge;
  /** The session started: the answer's data, and `said`: what the page tells the admin (signed in; with a recovery code, how many are left). */
  onSignedIn: (data: AuthData, said: string) => void;
  /** Back to the first step (an expired challenge, or another account). */
  onRestart: () => void;
  /** Disables the form once signed in (the page is about to leave). */
  done: boolean;
}

/** The secret in groups of four, as authenticator apps show it. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim();
}

export default function SecondFactorStep({ challenge, onSignedIn, onRestart, done }: Props) {
  const t = useT();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const settingUp = !challenge.enrolled;

  const failed = (err: unknown, fallback: string) => {
    if (err instanceof ApiError && err.status === 401) setExpired(true);
    setError(err instanceof ApiError && err.message ? err.message : fallback);
  };

  const enrol = async () => {
    setBusy(true);
    setError(null);
    try {
      setEnrolment(await enrolSecondFactor(challenge.challenge));
    } catch (err) {
      failed(err, t('auth.enrolFailed'));
    } finally {
      setBusy(false);
    }
  };

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const signedIn = await verifySecondFactor(challenge.challenge, code.trim());
      // The server counts the recovery codes left (api/src/core/messages/accounts.rs); read back from its English.
      const left = valuesIn('auth.signedInWithRecoveryCode', signedIn.message);
      onSignedIn(signedIn.data, left ? t('auth.signedInWithRecoveryCode', left) : t('auth.loginSuccessful'));
    } catch (err) {
      failed(err, t('auth.secondFactorFailed'));
    } finally {
      setBusy(false);
    }
  };

  const codeForm = (label: string, hint: string) => (
    <form onSubmit={verify} className="stack" aria-busy={busy}>
      <label>
        {label}
        <input
          autoComplete="one-time-code"
          spellCheck={false}
          autoCapitalize="none"
          maxLength={16}
          required
          value={code}
          aria-describedby="second-factor-hint"
          onChange={(e) => setCode(e.target.value)}
          autoFocus
        />
      </label>
      <small id="second-factor-hint" className="muted">
        {hint}
      </small>
      <button className="btn" type="submit" disabled={busy || done || !code.trim()}>
        {busy ? t('auth.checking') : t('auth.verifySignIn')}
      </button>
    </form>
  );

  return (
    <div className="stack second-factor">
      {settingUp && !enrolment && (
        <>
          <p>{t('auth.tfa.intro')}</p>
          <button className="btn" type="button" onClick={() => void enrol()} disabled={busy || expired}>
            {busy ? t('auth.tfa.preparing') : t('auth.tfa.setUp')}
          </button>
        </>
      )}
      {settingUp && enrolment && (
        <>
          <h2>{t('auth.tfa.scan')}</h2>
          <img
            className="totp-qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
            alt={t('auth.tfa.qrAlt')}
            width={200}
            height={200}
          />
          <p>
            {t.rich('auth.tfa.cantScan', {
              key: (chunks) => (
                <code key="key" className="totp-secret" aria-label={t('auth.tfa.setupKey')}>
                  {chunks}
                </code>
              ),
              secret: groupSecret(enrolment.secret),
            })}
          </p>
          <h2>{t('auth.tfa.keepCodes')}</h2>
          <p>{t('auth.tfa.keepCodesText')}</p>
          <ul className="recovery-codes" aria-label={t('auth.tfa.recoveryCodes')}>
            {enrolment.recoveryCodes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <h2>{t('auth.tfa.enterCode')}</h2>
          {codeForm(t('auth.tfa.appCodeLabel'), t('auth.tfa.appCodeHint'))}
        </>
      )}
      {!settingUp && codeForm(t('auth.tfa.codeLabel'), t('auth.tfa.codeHint'))}
      {error && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="link-button" onClick={onRestart} disabled={busy || done}>
        {expired ? t('auth.signInAgain') : t('auth.differentAccount')}
      </button>
    </div>
  );
}
