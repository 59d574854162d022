// "Order again": the order's designs go back in the cart at today's prices.
// The answer is shown as the server gives it: each line added (with a price
// change named) and each line left out with its reason; then on to the cart.
import { Link } from 'react-router';
import { REORDER_FAILED, ordersError, useReorder, type ReorderResult } from '../../api/orders';
import { rupees } from '../../lib/money';

export function ReorderAnswer({ answer }: { answer: ReorderResult }) {
  return (
    <div className="reorder-answer" role="status">
      {answer.added.length > 0 ? (
        <>
          <p>Added to your cart:</p>
          <ul>
            {answer.added.map((l, i) => (
              <li key={`${l.productId}-${l.color}-${i}`}>
                {l.name} · {l.color} · {l.itemCount} items at {rupees(l.price)} each
                {l.price !== l.orderedPrice && <span className="muted"> (was {rupees(l.orderedPrice)})</span>}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p>Nothing could be added to your cart.</p>
      )}
      {answer.leftOut.length > 0 && (
        <>
          <p>Left out:</p>
          <ul className="reorder-left-out">
            {answer.leftOut.map((l, i) => (
              <li key={`${l.productId}-${l.color}-${i}`}>{l.reason}</li>
            ))}
          </ul>
        </>
      )}
      {answer.added.length > 0 && (
        <Link className="btn small" to="/cart">
          Go to cart
        </Link>
      )}
    </div>
  );
}

export function OrderAgain({ orderId, orderNumber }: { orderId: string; orderNumber: string }) {
  const reorder = useReorder();
  return (
    <div className="order-again">
      <button className="btn ghost small" onClick={() => reorder.mutate(orderId)} disabled={reorder.isPending} aria-label={`Order again: order ${orderNumber}`}>
        {reorder.isPending ? 'Adding to cart…' : 'Order again'}
      </button>
      {reorder.isError && (
        <p className="notice error" role="alert">
          {ordersError(reorder.error, REORDER_FAILED)}
        </p>
      )}
      {reorder.data && <ReorderAnswer answer={reorder.data} />}
    </div>
  );
}
