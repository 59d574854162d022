// The built-in test provider's popup (our stand-in for Razorpay's): it shows
// what would be charged and lets the tester pay or decline. No money moves.
import type { CreatedOrder } from '../api/payments';
import { Dialog } from './Dialog';
import { rupees } from '../lib/money';
import './testPayment.css';

interface Props {
  order: CreatedOrder;
  paying: boolean;
  onPay: (outcome: 'success' | 'failure') => void;
  onDismiss: () => void;
}

export function TestPaymentDialog({ order, paying, onPay, onDismiss }: Props) {
  const amount = rupees(order.amount);
  return (
    <Dialog title="Test payment" onClose={onDismiss}>
      <p className="notice info">Built-in test payment provider: no card is charged and no money moves.</p>
      <dl className="test-payment-facts">
        <dt>Amount</dt>
        <dd data-testid="test-payment-amount">{amount}</dd>
        <dt>Order number</dt>
        <dd>{order.order.orderNumber}</dd>
        <dt>Payment order</dt>
        <dd className="muted mono">{order.orderId}</dd>
      </dl>
      <div className="stack">
        <button className="btn block" onClick={() => onPay('success')} disabled={paying} autoFocus>
          {paying ? 'Processing payment…' : `Pay ${amount} (test)`}
        </button>
        <button className="btn ghost block" onClick={() => onPay('failure')} disabled={paying}>
          Fail payment
        </button>
        <button className="link-button" onClick={onDismiss} disabled={paying}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
