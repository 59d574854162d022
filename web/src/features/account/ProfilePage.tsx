// The profile (/user/profile): name and mobile number can be changed; the
// e-mail address is shown (with whether it is verified) but cannot. A new
// mobile number is saved only with the code sent to it, as the server asks;
// when the store cannot send SMS (503), its message says so.
// Below, WhatsApp updates (WhatsAppChoice), the store's language (LanguageChoice) and the password (ChangePasswordForm) can be changed.
import { useState, type FormEvent } from 'react';
import { profileError, sendPhoneCode, useProfile, useUpdateProfile } from '../../api/profile';
import { Banners, useBanners } from '../../components/Banners';
import { Spinner } from '../../components/Spinner';
import { ApiError } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { parsePhone } from '../../lib/contact';
import { cleanPhone } from '../../lib/inputs';
import ChangePasswordForm from './ChangePasswordForm';
import LanguageChoice from './LanguageChoice';
import WhatsAppChoice from './WhatsAppChoice';
import { useT } from '../../lib/i18n';
import { shopperDateFormat } from '../../lib/dateFormat';

/** India's dialling code and the verified mark, the same in every language. */
const INDIA_CODE = '+91';

const memberSince = shopperDateFormat({ day: 'numeric', month: 'long', year: 'numeric' });

export default function ProfilePage() {
  const t = useT();
  const profile = useProfile();
  const update = useUpdateProfile();
  const { updateUser } = useAuth();
  const banners = useBanners();
  // What the user typed; null shows the saved profile.
  const [draft, setDraft] = useState<{ name: string; phone: string } | null>(null);
  const [code, setCode] = useState('');
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  if (profile.isPending) return <Spinner label={t('profile.loading')} />;
  if (profile.isError) {
    return (
      <section className="page empty-state" role="alert">
        <h2>{t('profile.loadFailed')}</h2>
        <button className="btn" onClick={() => void profile.refetch()} disabled={profile.isFetching}>
          {t('profile.tryAgain')}
        </button>
      </section>
    );
  }

  const saved = profile.data;
  const values = draft ?? { name: saved.name, phone: saved.phone };
  const phone = cleanPhone(values.phone);
  const newPhone = phone !== '' && phone !== saved.phone;
  const dirty = values.name !== saved.name || phone !== saved.phone;
  const edit = (patch: Partial<typeof values>) => setDraft({ ...values, ...patch });

  const sendCode = async () => {
    setSending(true);
    try {
      await sendPhoneCode(phone);
      setCodeSentTo(phone);
      setCode('');
    } catch (e) {
      // A 503 names what is missing (no SMS provider, or it refused the message).
      const unavailable = e instanceof ApiError && e.status === 503 && e.message;
      banners.error(unavailable ? e.message : profileError(e, t('profile.sendCodeFailed')));
    } finally {
      setSending(false);
    }
  };

  const save = (e: FormEvent) => {
    e.preventDefault();
    update.mutate(
      { name: values.name.trim(), phone, ...(newPhone ? { phoneCode: code.trim() } : {}) },
      {
        onSuccess: (p) => {
          setDraft(null);
          setCode('');
          setCodeSentTo(null);
          updateUser({ name: p.name });
          banners.success(t('profile.updated'));
        },
        onError: (err) => banners.error(profileError(err, t('profile.updateFailed'))),
      },
    );
  };

  const reset = () => {
    setDraft(null);
    setCode('');
    setCodeSentTo(null);
  };

  return (
    <section className="page profile-page">
      <header className="page-head">
        <h1>{t('profile.title')}</h1>
        <p className="muted">{t('profile.intro')}</p>
      </header>
      <Banners banners={banners} />
      <div className="account-panel">
        <dl className="profile-facts">
          <dt>{t('profile.memberSince')}</dt>
          <dd data-testid="member-since">{memberSince.format(new Date(saved.createdAt))}</dd>
        </dl>
        <form className="account-form" onSubmit={save} noValidate aria-busy={update.isPending}>
          <div className="field">
            <label htmlFor="profile-name">{t('profile.fullName')}</label>
            <input id="profile-name" autoComplete="name" required value={values.name} onChange={(e) => edit({ name: e.target.value })} />
          </div>
          <div className="field">
            <label htmlFor="profile-email">{t('profile.email')}</label>
            <input id="profile-email" type="email" value={saved.email} readOnly aria-describedby="profile-email-status" />
            <span id="profile-email-status" className={`verified ${saved.isVerified ? '' : 'no'}`}>
              {saved.isVerified ? t('profile.verified') : t('profile.notVerified')}
            </span>
            <small className="muted hint">{t('profile.emailFixed')}</small>
          </div>
          <div className="field">
            <label htmlFor="profile-phone">{t('profile.mobile')}</label>
            <input
              id="profile-phone"
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              value={values.phone}
              aria-describedby="profile-phone-hint"
              onChange={(e) => edit({ phone: cleanPhone(e.target.value) })}
            />
            <small id="profile-phone-hint" className="muted hint">
              {newPhone ? t('profile.mobileHintNew') : t('profile.mobileHint')}
            </small>
          </div>
          {newPhone && (
            <div className="field">
              <label htmlFor="profile-code">{t('profile.codeLabel')}</label>
              <div className="field-row">
                <input
                  id="profile-code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={6}
                  value={code}
                  disabled={codeSentTo !== phone}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
                />
                <button type="button" className="btn ghost small" onClick={() => void sendCode()} disabled={sending || parsePhone(phone) === null}>
                  {sending ? t('profile.sending') : codeSentTo === phone ? t('profile.resendCode') : t('profile.sendCode')}
                </button>
              </div>
              {codeSentTo === phone && <small className="muted hint">{t('profile.codeSent', { to: `${INDIA_CODE} ${phone}` })}</small>}
            </div>
          )}
          <div className="actions">
            <button type="submit" className="btn" disabled={!dirty || update.isPending}>
              {update.isPending ? t('profile.saving') : t('profile.save')}
            </button>
            {dirty && (
              <button type="button" className="btn ghost" onClick={reset} disabled={update.isPending}>
                {t('profile.cancel')}
              </button>
            )}
          </div>
        </form>
      </div>
      <WhatsAppChoice profile={saved} />
      <LanguageChoice />
      <ChangePasswordForm />
    </section>
  );
}
