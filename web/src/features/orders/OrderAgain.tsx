// "Order again": the order's designs go back in the cart at today's prices.
// The answer is shown as the server gives it: each line added (with a price
// change named) and each line left out with its reason; then on to the cart.
import { Link } from 'react-router';
import { ordersError, useReorder, type ReorderResult } from '../../api/orders';
import { useT } from '../../lib/i18n';
import { rupees } from '../../lib/money';

export function ReorderAnswer({ answer }: { answer: ReorderResult }) {
  const t = useT();
  return (
    <div className="reorder-answer" role="status">
      {answer.added.length > 0 ? (
        <>
          <p>{t('orders.addedToCart')}</p>
          <ul>
            {answer.added.map((l, i) => (
              <li key={`${l.productId}-${l.color}-${i}`}>
                {t('orders.reorderLine', { name: l.name, color: l.color, count: String(l.itemCount), price: rupees(l.price) })}
                {l.price !== l.orderedPrice && <span className="muted">{t('orders.was', { price: rupees(l.orderedPrice) })}</span>}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>{t('orders.nothingAdded')}</p>
      )}
      {answer.leftOut.length > 0 && (
        <>
          <p>{t('orders.leftOut')}</p>
          <ul className="reorder-left-out">
            {answer.leftOut.map((l, i) => (
              <li key={`${l.productId}-${l.color}-${i}`}>{l.reason}</li>
            ))}
          </ul>
        </>
      )}
      {answer.added.length > 0 && (
        <Link className="btn small" to="/cart">
          {t('orders.goToCart')}
        </Link>
      )}
    </div>
  );
}

export function OrderAgain({ orderId, orderNumber }: { orderId: string; orderNumber: string }) {
  const reorder = useReorder();
  const t = useT();
  return (
    <div className="order-again">
      <button className="btn ghost small" onClick={() => reorder.mutate(orderId)} disabled={reorder.isPending} aria-label={t('orders.orderAgainLabel', { number: orderNumber })}>
        {reorder.isPending ? t('orders.addingToCart') : t('orders.orderAgain')}
      </button>
      {reorder.isError && (
        <p className="notice error" role="alert">
          {ordersError(reorder.error, t('orders.reorderFailed'))}
        </p>
      )}
      {reorder.data && <ReorderAnswer answer={reorder.data} />}
    </div>
  );
}
