// /newsletter/confirm?token=...: the link in the "Confirm your newsletter
// subscription" mail. The token is sent once (it works once); until then the
// address is not subscribed and is sent nothing.
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { confirmNewsletter } from '../../api/newsletter';
import { Spinner } from '../../components/Spinner';
import { ApiError } from '../../lib/api';
import { currentLanguage, translate, useT } from '../../lib/i18n';

type State = { kind: 'checking' } | { kind: 'done' } | { kind: 'failed'; message: string };

export default function NewsletterConfirmPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [state, setState] = useState<State>(() => (token ? { kind: 'checking' } : { kind: 'failed', message: t('newsletterConfirm.invalidLink') }));
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirmNewsletter(token).then(
      () => setState({ kind: 'done' }),
      (e) => setState({ kind: 'failed', message: e instanceof ApiError ? e.message : translate(currentLanguage(), 'newsletterConfirm.failed') }),
    );
  }, [token]);

  return (
    <section className="page narrow center">
      {state.kind === 'checking' ? (
        <>
          <h1>{t('newsletterConfirm.confirming')}</h1>
          <Spinner label={t('newsletterConfirm.confirmingBusy')} />
        </>
      ) : state.kind === 'done' ? (
        <>
          <h1>{t('newsletterConfirm.confirmed')}</h1>
          <p className="notice ok" role="status">
            {t('newsletterConfirm.confirmedText')}
          </p>
          <Link className="btn" to="/products">
            {t('newsletterConfirm.continueShopping')}
          </Link>
        </>
      ) : (
        <>
          <h1>{t('newsletterConfirm.notConfirmed')}</h1>
          <p className="notice error" role="alert">
            {state.message}
          </p>
          <p className="muted">{t('newsletterConfirm.again')}</p>
          <Link className="btn" to="/">
            {t('newsletterConfirm.goHome')}
          </Link>
        </>
      )}
    </section>
  );
}
