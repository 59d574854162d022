// Payment success (/order-confirmation): reached only with the verified order
// in the navigation state; without it there is nothing to confirm, so home.
import { Link, Navigate, useLocation } from 'react-router';
import type { OrderConfirmation } from '../../api/payments';
import { addressLine } from '../../lib/address';
import { rupees } from '../../lib/money';
import './checkout.css';

export default function OrderConfirmationPage() {
  const location = useLocation();
  const orderData = (location.state as { orderData?: OrderConfirmation } | null)?.orderData;
  if (!orderData || typeof orderData !== 'object') return <Navigate to="/" replace />;
  const a = orderData.shippingAddress;

  return (
    <section className="page narrow result-page">
      <div className="result-card success">
        <div className="result-icon" aria-hidden="true">
          ✓
        </div>
        <h1>Order Placed Successfully!</h1>
        <p>Thank you for your order. Your payment was received and your custom apparel is now in the queue.</p>
        <dl className="result-facts">
          <dt>Order number</dt>
          <dd data-testid="order-number">{orderData.orderNumber}</dd>
          <dt>Total paid</dt>
          <dd data-testid="order-total">{rupees(orderData.totalPrice)}</dd>
          <dt>Items</dt>
          <dd>{orderData.itemsCount}</dd>
          {orderData.paymentId && (
            <>
              <dt>Payment ID</dt>
              <dd className="mono">{orderData.paymentId}</dd>
            </>
          )}
        </dl>
        {a && (
          <div className="result-address">
            <h2>Shipping to</h2>
            <address>
              <strong>{a.fullName}</strong>
              <br />
              {addressLine(a)}
              <br />
              {a.phone && <>+91 {a.phone} · </>}
              {a.email}
            </address>
          </div>
        )}
        <p className="muted">Expect delivery in 15-20 business days. We will e-mail you when it ships.</p>
        <div className="result-actions">
          <Link className="btn" to="/user/orders">
            View My Orders
          </Link>
          <Link className="btn ghost" to="/products">
            Continue Shopping
          </Link>
          <Link className="btn ghost" to="/">
            Go to Home
          </Link>
        </div>
      </div>
    </section>
  );
}
