// The second step of an admin's sign-in (the server asks for it in production).
// Not yet enrolled: 'Set up authenticator app' shows the QR code to scan (drawn
// by the server as SVG), the same secret as text for typing in by hand, and
// ten one-time recovery codes to keep; the app's first code finishes the
// set-up. Enrolled: the app's current 6-digit code, or a recovery code.
import { useState, type FormEvent } from 'react';
import type { AuthData } from '../../api/auth';
import { ENROL_FAILED, enrolSecondFactor, SECOND_FACTOR_FAILED, verifySecondFactor, type Enrolment, type SecondFactorChallenge } from '../../api/secondFactor';
import { ApiError } from '../../lib/api';

interface Props {
  challenge: SecondFactorChallenge;
  /** The session started: the answer's data and message. */
  onSignedIn: (data: AuthData, message: string) => void;
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
      failed(err, ENROL_FAILED);
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
      onSignedIn(signedIn.data, signedIn.message);
    } catch (err) {
      failed(err, SECOND_FACTOR_FAILED);
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
        {busy ? 'Checking…' : 'Verify and sign in'}
      </button>
    </form>
  );

  return (
    <div className="stack second-factor">
      {settingUp && !enrolment && (
        <>
          <p>
            Admins sign in with a second factor. Set up an authenticator app (such as Google Authenticator, Microsoft Authenticator or
            1Password) on your phone: it shows a new 6-digit code every 30 seconds.
          </p>
          <button className="btn" type="button" onClick={() => void enrol()} disabled={busy || expired}>
            {busy ? 'Preparing…' : 'Set up authenticator app'}
          </button>
        </>
      )}
      {settingUp && enrolment && (
        <>
          <h2>1. Scan the QR code</h2>
          <img
            className="totp-qr"
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
            alt="QR code for setting up your authenticator app; the same key is shown as text below"
            width={200}
            height={200}
          />
          <p>
            Can’t scan it? Enter this key in the app:{' '}
            <code className="totp-secret" aria-label="Setup key">
              {groupSecret(enrolment.secret)}
            </code>
          </p>
          <h2>2. Keep your recovery codes</h2>
          <p>If you lose your phone, each of these codes signs you in once. Keep them somewhere safe: they are shown only now.</p>
          <ul className="recovery-codes" aria-label="Recovery codes">
            {enrolment.recoveryCodes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <h2>3. Enter the code from the app</h2>
          {codeForm('6-digit code from your app', 'The code the app shows for this store now.')}
        </>
      )}
      {!settingUp && codeForm('Authentication code', 'The 6-digit code from your authenticator app, or one of your recovery codes.')}
      {error && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="link-button" onClick={onRestart} disabled={busy || done}>
        {expired ? 'Sign in again' : 'Use a different account'}
      </button>
    </div>
  );
}
