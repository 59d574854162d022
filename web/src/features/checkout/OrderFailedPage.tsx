// Payment failure (/order-failed): reached only with the error in the
// navigation state. Nothing was charged; Try Again returns to checkout with the
// form as it was. The support contact is the store's configured one.
import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { Dialog } from '../../components/Dialog';
import { useStoreFacts } from '../../api/store';
import { FALLBACK, type ErrorData } from '../../lib/paymentFailure';
import { SUPPORT_LOADING, SUPPORT_UNAVAILABLE, telHref } from './support';
import './checkout.css';

export default function OrderFailedPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [contact, setContact] = useState(false);
  const store = useStoreFacts();
  const support = store.data;
  const supportMissing = <p className="muted">{store.isError ? SUPPORT_UNAVAILABLE : SUPPORT_LOADING}</p>;
  const errorData = (location.state as { errorData?: Partial<ErrorData> } | null)?.errorData;
  if (!errorData || typeof errorData !== 'object') return <Navigate to="/" replace />;
  const code = errorData.code || FALLBACK.unknownCode;
  const description = errorData.description || FALLBACK.placing;

  return (
    <section className="page narrow result-page">
      <div className="result-card failed">
        <div className="result-icon" aria-hidden="true">
          !
        </div>
        <h1>Payment Failed</h1>
        <p className="notice error" role="alert">
          {description}
        </p>
        <p>
          <strong>{chargeNote(code)}</strong> Your cart and the details you entered are kept, so you can try again.
        </p>
        <dl className="result-facts">
          <dt>Error code</dt>
          <dd className="mono" data-testid="error-code">
            {code}
          </dd>
          {errorData.orderNumber && (
            <>
              <dt>Order reference</dt>
              <dd className="mono">{errorData.orderNumber}</dd>
            </>
          )}
        </dl>
        <div className="result-address">
          <h2>Need help?</h2>
          {support ? (
            <p>
              E-mail <a href={`mailto:${support.supportEmail}`}>{support.supportEmail}</a> or call <a href={telHref(support.supportPhone)}>{support.supportPhone}</a>.
            </p>
          ) : (
            supportMissing
          )}
        </div>
        <div className="result-actions">
          <button className="btn" onClick={() => navigate('/shipping', { state: { formData: errorData.formData } })}>
            Try Again
          </button>
          <button className="btn ghost" onClick={() => setContact(true)}>
            Contact Support
          </button>
          <Link className="btn ghost" to="/cart">
            Review Cart
          </Link>
          <Link className="btn ghost" to="/">
            Go to Home
          </Link>
        </div>
      </div>
      {contact && (
        <Dialog title="Contact Support" onClose={() => setContact(false)}>
          <p>Our support team will help with your payment or order.</p>
          {support ? (
            <ul className="contact-list">
              <li>
                Email: <a href={`mailto:${support.supportEmail}`}>{support.supportEmail}</a>
              </li>
              <li>
                Phone: <a href={telHref(support.supportPhone)}>{support.supportPhone}</a>
              </li>
            </ul>
          ) : (
            supportMissing
          )}
          <p className="muted">
            Please quote error code <span className="mono">{code}</span>
            {errorData.orderNumber && (
              <>
                {' '}
                and order <span className="mono">{errorData.orderNumber}</span>
              </>
            )}
            .
          </p>
          <button className="btn block" onClick={() => setContact(false)} autoFocus>
            Close
          </button>
        </Dialog>
      )}
    </section>
  );
}

/** A payment that reached an order the shopper had cancelled was taken, then given back. */
function chargeNote(code: string): string {
  if (code === 'PAYMENT_REFUNDED') return 'Your payment has been refunded in full.';
  if (code === 'ORDER_CANCELLED') return 'Your payment will be refunded.';
  return 'No charge was made to your account.';
}
