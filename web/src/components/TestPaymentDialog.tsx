// The built-in test provider's popup (our stand-in for Razorpay's): it shows
// what would be charged and lets the tester pay or decline. No money moves.
import type { CreatedOrder } from '../api/payments';
import { Dialog } from './Dialog';
import { rupees } from '../lib/money';
import { useT } from '../lib/i18n';
import './testPayment.css';

interface Props {
  order: CreatedOrder;
  paying: boolean;
  onPay: (outcome: 'success' | 'failure') => void;
  onDismiss: () => void;
}

export function TestPaymentDialog({ order, paying, onPay, onDismiss }: Props) {
  const amount = rupees(order.amount);
  const t = useT();
  return (
    <Dialog title={t('payment.test.title')} onClose={onDismiss}>
      <p className="notice info">{t('payment.test.note')}</p>
      <dl className="test-payment-facts">
        <dt>{t('payment.test.amount')}</dt>
        <dd data-testid="test-payment-amount">{amount}</dd>
        <dt>{t('payment.test.orderNumber')}</dt>
        <dd>{order.order.orderNumber}</dd>
        <dt>{t('payment.test.paymentOrder')}</dt>
        <dd className="muted mono">{order.orderId}</dd>
      </dl>
      <div className="stack">
        <button className="btn block" onClick={() => onPay('success')} disabled={paying} autoFocus>
          {paying ? t('payment.test.processing') : t('payment.test.pay', { amount })}
        </button>
        <button className="btn ghost block" onClick={() => onPay('failure')} disabled={paying}>
          {t('payment.test.fail')}
        </button>
        <button className="link-button" onClick={onDismiss} disabled={paying}>
          {t('payment.test.cancel')}
        </button>
      </div>
    </Dialog>
  );
}
