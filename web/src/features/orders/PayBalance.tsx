// An order paid in two parts (issue 52): "Balance due ₹x" and Pay balance,
// which runs checkout's payment flow (usePaymentPopup) on the provider order
// the server makes for exactly the balance. Paid, the orders are fetched
// again: the order shows paid in full, its tax invoice issued.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createBalancePayment } from '../../api/payments';
import type { Order } from '../../api/orders';
import { ApiError } from '../../lib/api';
import { rupees } from '../../lib/money';
import { TestPaymentDialog } from '../../components/TestPaymentDialog';
import { usePaymentPopup } from '../../hooks/usePaymentPopup';
import { useT } from '../../lib/i18n';

/** Between the balance and its note: the same in every language. */
const SPACE = ' ';

/** Whether the order has a balance the customer can pay now. */
export function balanceOwed(order: Order): boolean {
  return order.isPaid && order.balanceDue > 0 && order.status !== 'cancelled' && order.status !== 'refunded';
}

export function PayBalance({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const [paid, setPaid] = useState(false);
  const t = useT();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['orders'] });
  const payment = usePaymentPopup({
    onPaid: () => {
      setPaid(true);
      refresh();
    },
    onFailed: (e) => {
      setProblem(e.description);
      refresh();
    },
  });
  if (!balanceOwed(order) && !paid) return null;
  const a = order.shippingAddress;
  const pay = async () => {
    setProblem(null);
    try {
      await payment.pay(() => createBalancePayment(order._id), { fullName: a.fullName, email: a.email, phone: a.phone.replace(/\D/g, '').slice(-10) });
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) return;
      setProblem((e instanceof ApiError && e.message) || t('orders.balanceNotStarted'));
      refresh();
    }
  };
  return (
    <div className="balance-due stack" data-testid="balance-due">
      {paid ? (
        <p className="notice success" role="status">
          {t('orders.balancePaid')}
        </p>
      ) : (
        <>
          <p>
            <strong>{t('orders.balanceDue', { amount: rupees(order.balanceDue) })}</strong>{SPACE}
            <span className="muted">{t('orders.advanceNote', { amount: rupees(order.advanceAmount) })}</span>
          </p>
          <button type="button" className="btn small" onClick={() => void pay()} disabled={payment.processing}>
            {payment.processing ? t('orders.paying') : t('orders.payBalance', { amount: rupees(order.balanceDue) })}
          </button>
        </>
      )}
      {problem && (
        <p className="notice error" role="alert">
          {problem}
        </p>
      )}
      {payment.testOrder && (
        <TestPaymentDialog order={payment.testOrder} paying={payment.testPaying} onPay={(o) => void payment.payTest(o)} onDismiss={payment.dismissTest} />
      )}
    </div>
  );
}
