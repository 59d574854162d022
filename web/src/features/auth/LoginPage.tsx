// Login and registration (/login): e-mail, then the one-time code sent to it,
// then — only for an address with no account — the new user's name and mobile.
// An account with a password can sign in with it instead ('Forgot password?'
// leads to a reset link), and one with a proven mobile number by a code sent
// to it by SMS (the server says clearly when SMS is not configured). An admin in production then passes a second factor
// (SecondFactorStep: set up an authenticator app the first time, then its code
// or a recovery code). After success it returns to where the visitor came
// from (default /products). While the server cannot be reached it offers an
// offline session instead: clearly labelled, it fills the cart kept in this
// browser and can do nothing on the server.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { loginWithPassword, type AuthData } from '../../api/auth';
import type { SecondFactorChallenge } from '../../api/secondFactor';
import { api, ApiError, messageOf } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useBackendAvailable } from '../../lib/health';
import { parsePhone } from '../../lib/contact';
import { cleanPhone } from '../../lib/inputs';
import { useT } from '../../lib/i18n';
import { redirectTarget, startsWithPassword, type LoginStep } from './redirect';
import CodeStep from './CodeStep';
import SecondFactorStep from './SecondFactorStep';
import './login.css';

/** The spec's pauses before leaving the page, so the success message is seen. */
export const REDIRECT_AFTER_LOGIN_MS = 800;
export const REDIRECT_AFTER_REGISTRATION_MS = 1500;

/** India's dialling code, the same in every language. */
const INDIA_CODE = '+91';

type Notice = { kind: 'ok' | 'error'; text: string } | null;

export default function LoginPage() {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const { signIn, isAuthenticated, startOffline } = useAuth();
  const from = redirectTarget(location.state);
  const [step, setStep] = useState<LoginStep>(() => (startsWithPassword(location.state) ? 'password' : 'email'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const [leaving, setLeaving] = useState(false);
  const [secondFactor, setSecondFactor] = useState<SecondFactorChallenge | null>(null);
  const backend = useBackendAvailable();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  // Someone already signed in (another tab, or the back button) has nothing to do here.
  if (isAuthenticated && !leaving) return <Navigate to={from} replace />;

  const finish = (data: AuthData | undefined, delay: number, text: string) => {
    // An admin's first factor passed: no session until the second one does.
    if (data?.secondFactor) {
      setSecondFactor(data.secondFactor);
      setStep('second-factor');
      setNotice({
        kind: 'ok',
        text: data.secondFactor.enrolled ? t('auth.enterAppCode') : t('auth.setUpApp'),
      });
      return;
    }
    signIn(data as Parameters<typeof signIn>[0]);
    setLeaving(true);
    setNotice({ kind: 'ok', text });
    timer.current = setTimeout(() => navigate(from, { replace: true }), delay);
  };

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setNotice(null);
    try {
      await action();
    } catch {
      setNotice({ kind: 'error', text: t('auth.unexpected') });
    } finally {
      setBusy(false);
    }
  };

  const sendCode = (e?: FormEvent) => {
    e?.preventDefault();
    void run(async () => {
      const res = await api.POST('/auth/otp/email/send', { body: { email: email.trim() } });
      if (res.error) {
        setNotice({ kind: 'error', text: messageOf(res.error, t('auth.emailCodeFailed')) });
        return;
      }
      setStep('email-otp');
      setCode('');
      setNotice({ kind: 'ok', text: t('auth.emailCodeSent') });
    });
  };

  const verifyCode = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const res = await api.POST('/auth/otp/email/verify', { body: { email: email.trim(), code: code.trim() } });
      if (res.error) {
        setNotice({ kind: 'error', text: messageOf(res.error, t('auth.verifyFailed')) });
        return;
      }
      const data = res.data.data;
      if (data?.existingUser) {
        finish(data, REDIRECT_AFTER_LOGIN_MS, t('auth.loginSuccessful'));
      } else {
        setStep('details');
        setNotice({ kind: 'ok', text: t('auth.enterDetails') });
      }
    });
  };

  const passwordLogin = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      let signedIn;
      try {
        signedIn = await loginWithPassword(email.trim(), password);
      } catch (err) {
        setNotice({ kind: 'error', text: err instanceof ApiError ? err.message : t('auth.loginFailed') });
        return;
      }
      finish(signedIn, REDIRECT_AFTER_LOGIN_MS, t('auth.loginSuccessful'));
    });
  };

  const sendPhoneCode = (e?: FormEvent) => {
    e?.preventDefault();
    void run(async () => {
      const res = await api.POST('/auth/otp/phone/send', { body: { phone: phone.trim() } });
      if (res.error) {
        setNotice({ kind: 'error', text: messageOf(res.error, t('auth.smsFailed')) });
        return;
      }
      setStep('phone-otp');
      setCode('');
      setNotice({ kind: 'ok', text: t('auth.phoneCodeSent') });
    });
  };

  const verifyPhoneCode = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const res = await api.POST('/auth/otp/phone/verify', { body: { phone: phone.trim(), code: code.trim() } });
      if (res.error) {
        setNotice({ kind: 'error', text: messageOf(res.error, t('auth.verifyFailed')) });
        return;
      }
      finish(res.data.data, REDIRECT_AFTER_LOGIN_MS, t('auth.loginSuccessful'));
    });
  };

  const goTo = (next: LoginStep) => {
    setStep(next);
    setNotice(null);
  };

  const register = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const res = await api.POST('/auth/otp/phone/verify', {
        body: { email: email.trim(), name: name.trim(), phone: phone.trim(), code: code.trim() },
      });
      if (res.error) {
        setNotice({ kind: 'error', text: messageOf(res.error, t('auth.registrationFailed')) });
        return;
      }
      finish(res.data.data, REDIRECT_AFTER_REGISTRATION_MS, t('auth.registrationSuccessful'));
    });
  };

  return (
    <section className="page login-page">
      <div className="login-card">
        <h1>{step === 'details' ? t('auth.createAccountTitle') : step === 'second-factor' ? t('auth.secondFactorTitle') : t('auth.signInTitle')}</h1>
        {from !== '/products' && <p className="notice info">{t('auth.loginToAccess')}</p>}
        {(step === 'email' || step === 'email-otp' || step === 'details') && (
          <ol className="login-steps" aria-label={t('auth.steps')}>
            <li aria-current={step === 'email' ? 'step' : undefined}>{t('auth.step.email')}</li>
            <li aria-current={step === 'email-otp' ? 'step' : undefined}>{t('auth.step.code')}</li>
            <li aria-current={step === 'details' ? 'step' : undefined}>{t('auth.step.details')}</li>
          </ol>
        )}

        {backend === false && (
          <p className="notice error" role="alert">
            {t('auth.backendDown')}
          </p>
        )}
        {backend === false && (
          <section className="offline-session" aria-labelledby="offline-session-heading">
            <h2 id="offline-session-heading">{t('auth.offlineTitle')}</h2>
            <p className="muted">{t('auth.offlineText')}</p>
            <button type="button" className="btn ghost block" onClick={startOffline}>
              {t('auth.continueOffline')}
            </button>
          </section>
        )}

        {step === 'email' && (
          <form onSubmit={sendCode} className="stack">
            <label>
              {t('auth.emailLabel')}
              <input type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
            </label>
            <button className="btn" type="submit" disabled={busy || !email.trim() || backend === false}>
              {busy ? t('auth.sending') : t('auth.sendCode')}
            </button>
            <button type="button" className="link-button" onClick={() => goTo('password')} disabled={busy}>
              {t('auth.withPassword')}
            </button>
            <button type="button" className="link-button" onClick={() => goTo('phone')} disabled={busy}>
              {t('auth.withPhone')}
            </button>
          </form>
        )}

        {step === 'password' && (
          <form onSubmit={passwordLogin} className="stack">
            <label>
              {t('auth.emailLabel')}
              <input type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
            </label>
            <label>
              {t('auth.passwordLabel')}
              <input type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
            </label>
            <button className="btn" type="submit" disabled={busy || leaving || !email.trim() || !password || backend === false}>
              {busy ? t('auth.signingIn') : t('auth.signIn')}
            </button>
            <button type="button" className="link-button" onClick={() => goTo('email')} disabled={busy || leaving}>
              {t('auth.withEmail')}
            </button>
            <button type="button" className="link-button" onClick={() => goTo('phone')} disabled={busy || leaving}>
              {t('auth.withPhone')}
            </button>
          </form>
        )}

        {step === 'phone' && (
          <form onSubmit={sendPhoneCode} className="stack">
            <label>
              {t('auth.mobileLabel')}
              <span className="phone-input">
                <span aria-hidden="true">{INDIA_CODE}</span>
                <input
                  aria-label={t('auth.mobileLabel')}
                  type="tel"
                  autoComplete="tel-national"
                  inputMode="numeric"
                  required
                  value={phone}
                  onChange={(e) => setPhone(cleanPhone(e.target.value))}
                  autoFocus
                />
              </span>
            </label>
            <button className="btn" type="submit" disabled={busy || parsePhone(phone) === null || backend === false}>
              {busy ? t('auth.sending') : t('auth.sendSms')}
            </button>
            <button type="button" className="link-button" onClick={() => goTo('email')} disabled={busy}>
              {t('auth.withEmail')}
            </button>
            <button type="button" className="link-button" onClick={() => goTo('password')} disabled={busy}>
              {t('auth.withPassword')}
            </button>
          </form>
        )}

        {step === 'phone-otp' && (
          <CodeStep
            sent={t.rich('auth.sentSms', { to: `+91 ${phone}`, b: (chunks) => <strong key="b">{chunks}</strong> })}
            code={code}
            onCode={setCode}
            onSubmit={verifyPhoneCode}
            submitLabel={t('auth.verifySignIn')}
            onResend={() => sendPhoneCode()}
            onChange={() => goTo('phone')}
            changeLabel={t('auth.differentNumber')}
            busy={busy}
            disabled={busy || leaving}
          />
        )}

        {(step === 'email' || step === 'password') && (
          <p className="login-forgot">
            <Link to="/forgot-password" state={{ email: email.trim() }}>
              {t('auth.forgotPassword')}
            </Link>
          </p>
        )}

        {step === 'email-otp' && (
          <CodeStep
            sent={t.rich('auth.sentEmail', { to: email.trim(), b: (chunks) => <strong key="b">{chunks}</strong> })}
            code={code}
            onCode={setCode}
            onSubmit={verifyCode}
            submitLabel={t('auth.verifyContinue')}
            onResend={() => sendCode()}
            onChange={() => goTo('email')}
            changeLabel={t('auth.differentEmail')}
            busy={busy}
            disabled={busy || leaving}
          />
        )}

        {step === 'details' && (
          <form onSubmit={register} className="stack">
            <label>
              {t('auth.fullName')}
              <input autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} autoFocus />
            </label>
            <label>
              {t('auth.mobileLabel')}
              <input type="tel" autoComplete="tel" inputMode="tel" required value={phone} onChange={(e) => setPhone(e.target.value)} />
            </label>
            <button className="btn" type="submit" disabled={busy || leaving || !name.trim() || !phone.trim()}>
              {busy ? t('auth.creating') : t('auth.createAccount')}
            </button>
          </form>
        )}

        {step === 'second-factor' && secondFactor && (
          <SecondFactorStep
            challenge={secondFactor}
            done={leaving}
            onSignedIn={(data, said) => finish(data, REDIRECT_AFTER_LOGIN_MS, said)}
            onRestart={() => {
              setSecondFactor(null);
              setCode('');
              setPassword('');
              goTo('email');
            }}
          />
        )}

        {notice && (
          <p className={`notice ${notice.kind}`} role={notice.kind === 'ok' ? 'status' : 'alert'}>
            {notice.text}
          </p>
        )}
      </div>
    </section>
  );
}
