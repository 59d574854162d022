// Payment failure (/order-failed): reached only with the error in the
// navigation state. Nothing was charged; Try Again returns to checkout with the
// form as it was. The support contact is the store's configured one.
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Dialog } from '../../components/Dialog';
import { useStoreFacts } from '../../api/store';
import { FALLBACK, type ErrorData } from '../../lib/paymentFailure';
import { telHref } from './support';
import { useT, type T } from '../../lib/i18n';
import './checkout.css';

// The failure's sign, the same in every language.
const BANG = '!';

export default function OrderFailedPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [contact, setContact] = useState(false);
  const store = useStoreFacts();
  const t = useT();
  const support = store.data;
  const supportMissing = <p className="muted">{store.isError ? t('checkout.failed.supportUnavailable') : t('checkout.failed.supportLoading')}</p>;
  const errorData = (location.state as { errorData?: Partial<ErrorData> } | null)?.errorData;
  if (!errorData || typeof errorData !== 'object') return <Navigate to="/" replace />;
  const code = errorData.code || FALLBACK.unknownCode;
  const description = errorData.description || FALLBACK.placing;

  return (
    <section className="page narrow result-page">
      <div className="result-card failed">
        <div className="result-icon" aria-hidden="true">
          {BANG}
        </div>
        <h1>{t('checkout.failed.title')}</h1>
        <p className="notice error" role="alert">
          {description}
        </p>
        <p>
          {t.rich('checkout.failed.kept', { note: chargeNote(code, t), b: (chunks) => <strong key="b">{chunks}</strong> })}
        </p>
        <dl className="result-facts">
          <dt>{t('checkout.failed.errorCode')}</dt>
          <dd className="mono" data-testid="error-code">
            {code}
          </dd>
          {errorData.orderNumber && (
            <>
              <dt>{t('checkout.failed.orderReference')}</dt>
              <dd className="mono">{errorData.orderNumber}</dd>
            </>
          )}
        </dl>
        <div className="result-address">
          <h2>{t('checkout.failed.needHelp')}</h2>
          {support ? (
            <p>
              {t.rich('checkout.failed.reachUs', {
                email: support.supportEmail,
                phone: support.supportPhone,
                mail: (chunks) => (
                  <a key="mail" href={`mailto:${support.supportEmail}`}>
                    {chunks}
                  </a>
                ),
                tel: (chunks) => (
                  <a key="tel" href={telHref(support.supportPhone)}>
                    {chunks}
                  </a>
                ),
              })}
            </p>
          ) : (
            supportMissing
          )}
        </div>
        <div className="result-actions">
          <button className="btn" onClick={() => navigate('/shipping', { state: { formData: errorData.formData } })}>
            {t('checkout.tryAgain')}
          </button>
          <button className="btn ghost" onClick={() => setContact(true)}>
            {t('checkout.failed.contactSupport')}
          </button>
          <Link className="btn ghost" to="/cart">
            {t('checkout.failed.reviewCart')}
          </Link>
          <Link className="btn ghost" to="/">
            {t('checkout.goHome')}
          </Link>
        </div>
      </div>
      {contact && (
        <Dialog title={t('checkout.failed.contactSupport')} onClose={() => setContact(false)}>
          <p>{t('checkout.failed.supportHelps')}</p>
          {support ? (
            <ul className="contact-list">
              <li>
                {t.rich('checkout.failed.email', {
                  email: support.supportEmail,
                  mail: (chunks) => (
                    <a key="mail" href={`mailto:${support.supportEmail}`}>
                      {chunks}
                    </a>
                  ),
                })}
              </li>
              <li>
                {t.rich('checkout.failed.phone', {
                  phone: support.supportPhone,
                  tel: (chunks) => (
                    <a key="tel" href={telHref(support.supportPhone)}>
                      {chunks}
                    </a>
                  ),
                })}
              </li>
            </ul>
          ) : (
            supportMissing
          )}
          <p className="muted">
            {t.rich(errorData.orderNumber ? 'checkout.failed.quoteBoth' : 'checkout.failed.quoteCode', {
              code,
              order: errorData.orderNumber ?? '',
              mono: (chunks) => (
                <span key="code" className="mono">
                  {chunks}
                </span>
              ),
              ref: (chunks) => (
                <span key="order" className="mono">
                  {chunks}
                </span>
              ),
            })}
          </p>
          <button className="btn block" onClick={() => setContact(false)} autoFocus>
            {t('checkout.failed.close')}
          </button>
        </Dialog>
      )}
    </section>
  );
}

/** A payment that reached an order the shopper had cancelled was taken, then given back. */
function chargeNote(code: string, t: T): string {
  if (code === 'PAYMENT_REFUNDED') return t('checkout.failed.refunded');
  if (code === 'ORDER_CANCELLED') return t('checkout.failed.willRefund');
  return t('checkout.failed.noCharge');
}
