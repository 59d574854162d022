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
import { LOGIN_FAILED, loginWithPassword, type AuthData } from '../../api/auth';
import type { SecondFactorChallenge } from '../../api/secondFactor';
import { api, ApiError, messageOf } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useBackendAvailable } from '../../lib/health';
import { parsePhone } from '../../lib/contact';
import { cleanPhone } from '../../lib/inputs';
import { redirectTarget, startsWithPassword, type LoginStep } from './redirect';
import CodeStep from './CodeStep';
import SecondFactorStep from './SecondFactorStep';
import './login.css';

/** The spec's pauses before leaving the page, so the success message is seen. */
export const REDIRECT_AFTER_LOGIN_MS = 800;
export const REDIRECT_AFTER_REGISTRATION_MS = 1500;

type Notice = { kind: 'ok' | 'error'; text: string } | null;

export default function LoginPage() {
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
        text: data.secondFactor.enrolled ? 'Enter the code from your authenticator app' : 'Set up your authenticator app to finish signing in',
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
      setNotice({ kind: 'error', text: 'An unexpected error occurred. Please try again.' });
    } finally {
      setBusy(false);
    }
  };

  const sendCode = (e?: FormEvent) => {
    e?.preventDefault();
    void run(async () => {
      const res = await api.POST('/auth/otp/email/send', { body: { email: email.trim() } });
      if (res.error) {
        setNotice({ kind: 'error', text: messageOf(res.error, 'Failed to send email OTP') });
        return;
      }
      setStep('email-otp');
      setCode('');
      setNotice({ kind: 'ok', text: 'OTP sent to your email' });
    });
  };

  const verifyCode = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const res = await api.POST('/auth/otp/email/verify', { body: { email: email.trim(), code: code.trim() } });
      if (res.error) {
        setNotice({ kind: 'error', text: messageOf(res.error, 'Verification failed') });
        return;
      }
      const data = res.data.data;
      if (data?.existingUser) {
        finish(data, REDIRECT_AFTER_LOGIN_MS, 'Login successful');
      } else {
        setStep('details');
        setNotice({ kind: 'ok', text: 'Enter your details to continue' });
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
        setNotice({ kind: 'error', text: err instanceof ApiError ? err.message : LOGIN_FAILED });
        return;
      }
      finish(signedIn.data, REDIRECT_AFTER_LOGIN_MS, signedIn.message);
    });
  };

  const sendPhoneCode = (e?: FormEvent) => {
    e?.preventDefault();
    void run(async () => {
      const res = await api.POST('/auth/otp/phone/send', { body: { phone: phone.trim() } });
      if (res.error) {
        setNotice({ kind: 'error', text: messageOf(res.error, 'Failed to send the code by SMS') });
        return;
      }
      setStep('phone-otp');
      setCode('');
      setNotice({ kind: 'ok', text: res.data.message });
    });
  };

  const verifyPhoneCode = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const res = await api.POST('/auth/otp/phone/verify', { body: { phone: phone.trim(), code: code.trim() } });
      if (res.error) {
        setNotice({ kind: 'error', text: messageOf(res.error, 'Verification failed') });
        return;
      }
      finish(res.data.data, REDIRECT_AFTER_LOGIN_MS, 'Login successful');
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
        setNotice({ kind: 'error', text: messageOf(res.error, 'Registration failed. Please try again.') });
        return;
      }
      finish(res.data.data, REDIRECT_AFTER_REGISTRATION_MS, 'Registration successful! Logging you in...');
    });
  };

  return (
    <section className="page login-page">
      <div className="login-card">
        <h1>{step === 'details' ? 'Create your account' : step === 'second-factor' ? 'Second factor' : 'Sign in'}</h1>
        {from !== '/products' && <p className="notice info">Please log in to access the requested page</p>}
        {(step === 'email' || step === 'email-otp' || step === 'details') && (
          <ol className="login-steps" aria-label="Steps">
            <li aria-current={step === 'email' ? 'step' : undefined}>E-mail</li>
            <li aria-current={step === 'email-otp' ? 'step' : undefined}>Code</li>
            <li aria-current={step === 'details' ? 'step' : undefined}>Your details</li>
          </ol>
        )}

        {backend === false && (
          <p className="notice error" role="alert">
            Backend server is not available. Please check if the server is running. Signing in needs the server; the
            studio keeps working meanwhile.
          </p>
        )}
        {backend === false && (
          <section className="offline-session" aria-labelledby="offline-session-heading">
            <h2 id="offline-session-heading">Offline session</h2>
            <p className="muted">
              Keep designing and fill a cart kept in this browser. An offline session is not an account: it can do nothing
              on the server (no orders, no saved designs). When the server is back, sign in and your offline cart goes to
              your account&apos;s cart.
            </p>
            <button type="button" className="btn ghost block" onClick={startOffline}>
              Continue offline
            </button>
          </section>
        )}

        {step === 'email' && (
          <form onSubmit={sendCode} className="stack">
            <label>
              Email address
              <input type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
            </label>
            <button className="btn" type="submit" disabled={busy || !email.trim() || backend === false}>
              {busy ? 'Sending…' : 'Send code'}
            </button>
            <button type="button" className="link-button" onClick={() => goTo('password')} disabled={busy}>
              Sign in with a password instead
            </button>
            <button type="button" className="link-button" onClick={() => goTo('phone')} disabled={busy}>
              Sign in with a phone code instead
            </button>
          </form>
        )}

        {step === 'password' && (
          <form onSubmit={passwordLogin} className="stack">
            <label>
              Email address
              <input type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
            </label>
            <label>
              Password
              <input type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
            </label>
            <button className="btn" type="submit" disabled={busy || leaving || !email.trim() || !password || backend === false}>
              {busy ? 'Signing in…' : 'Sign in'}
            </button>
            <button type="button" className="link-button" onClick={() => goTo('email')} disabled={busy || leaving}>
              Sign in with an e-mail code instead
            </button>
            <button type="button" className="link-button" onClick={() => goTo('phone')} disabled={busy || leaving}>
              Sign in with a phone code instead
            </button>
          </form>
        )}

        {step === 'phone' && (
          <form onSubmit={sendPhoneCode} className="stack">
            <label>
              Mobile number
              <span className="phone-input">
                <span aria-hidden="true">+91</span>
                <input
                  aria-label="Mobile number"
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
              {busy ? 'Sending…' : 'Send code by SMS'}
            </button>
            <button type="button" className="link-button" onClick={() => goTo('email')} disabled={busy}>
              Sign in with an e-mail code instead
            </button>
            <button type="button" className="link-button" onClick={() => goTo('password')} disabled={busy}>
              Sign in with a password instead
            </button>
          </form>
        )}

        {step === 'phone-otp' && (
          <CodeStep
            sentTo={`+91 ${phone}`}
            how="a 6-digit code by SMS"
            code={code}
            onCode={setCode}
            onSubmit={verifyPhoneCode}
            submitLabel="Verify and sign in"
            onResend={() => sendPhoneCode()}
            onChange={() => goTo('phone')}
            changeLabel="Use a different number"
            busy={busy}
            disabled={busy || leaving}
          />
        )}

        {(step === 'email' || step === 'password') && (
          <p className="login-forgot">
            <Link to="/forgot-password" state={{ email: email.trim() }}>
              Forgot password?
            </Link>
          </p>
        )}

        {step === 'email-otp' && (
          <CodeStep
            sentTo={email.trim()}
            how="a 6-digit code"
            code={code}
            onCode={setCode}
            onSubmit={verifyCode}
            submitLabel="Verify and continue"
            onResend={() => sendCode()}
            onChange={() => goTo('email')}
            changeLabel="Use a different e-mail"
            busy={busy}
            disabled={busy || leaving}
          />
        )}

        {step === 'details' && (
          <form onSubmit={register} className="stack">
            <label>
              Full name
              <input autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} autoFocus />
            </label>
            <label>
              Mobile number
              <input type="tel" autoComplete="tel" inputMode="tel" required value={phone} onChange={(e) => setPhone(e.target.value)} />
            </label>
            <button className="btn" type="submit" disabled={busy || leaving || !name.trim() || !phone.trim()}>
              {busy ? 'Creating…' : 'Create account'}
            </button>
          </form>
        )}

        {step === 'second-factor' && secondFactor && (
          <SecondFactorStep
            challenge={secondFactor}
            done={leaving}
            onSignedIn={(data, message) => finish(data, REDIRECT_AFTER_LOGIN_MS, message)}
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
