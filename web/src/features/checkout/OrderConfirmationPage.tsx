// Payment success (/order-confirmation): reached only with the verified order
// in the navigation state; without it there is nothing to confirm, so home.
import { Link, Navigate, useLocation } from 'react-router';
import type { OrderConfirmation } from '../../api/payments';
import { addressLine } from '../../lib/address';
import { rupees } from '../../lib/money';
import { useT } from '../../lib/i18n';
import './checkout.css';

// Signs the same in every language.
const TICK = '✓';
const INDIA_CODE = '+91';

export default function OrderConfirmationPage() {
  const location = useLocation();
  const t = useT();
  const orderData = (location.state as { orderData?: OrderConfirmation } | null)?.orderData;
  if (!orderData || typeof orderData !== 'object') return <Navigate to="/" replace />;
  const a = orderData.shippingAddress;

  return (
    <section className="page narrow result-page">
      <div className="result-card success">
        <div className="result-icon" aria-hidden="true">
          {TICK}
        </div>
        <h1>{t('checkout.done.title')}</h1>
        <p>{t('checkout.done.thanks')}</p>
        <dl className="result-facts">
          <dt>{t('checkout.done.orderNumber')}</dt>
          <dd data-testid="order-number">{orderData.orderNumber}</dd>
          <dt>{t('checkout.done.totalPaid')}</dt>
          <dd data-testid="order-total">{rupees(orderData.totalPrice)}</dd>
          <dt>{t('checkout.done.items')}</dt>
          <dd>{orderData.itemsCount}</dd>
          {orderData.paymentId && (
            <>
              <dt>{t('checkout.done.paymentId')}</dt>
              <dd className="mono">{orderData.paymentId}</dd>
            </>
          )}
        </dl>
        {a && (
          <div className="result-address">
            <h2>{t('checkout.done.shippingTo')}</h2>
            <address>
              <strong>{a.fullName}</strong>
              <br />
              {addressLine(a)}
              <br />
              {a.phone && <>{t('checkout.done.phone', { code: INDIA_CODE, phone: a.phone })}</>}
              {a.email}
            </address>
          </div>
        )}
        <p className="muted">{t('checkout.done.delivery')}</p>
        <div className="result-actions">
          <Link className="btn" to="/user/orders">
            {t('checkout.viewOrders')}
          </Link>
          <Link className="btn ghost" to="/products">
            {t('checkout.continueShopping')}
          </Link>
          <Link className="btn ghost" to="/">
            {t('checkout.goHome')}
          </Link>
        </div>
      </div>
    </section>
  );
}
