// The customer's orders (/user/orders): filter by status, ten a page, each
// order's number, date, status, payment, items and total; a pending order can
// be cancelled after a confirmation; a paid order's proof is reviewed here,
// and a shipped one's parcel tracked in its details.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ordersError, useCancelOrder, useOrders, type Order } from '../../api/orders';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PersonalisationCharge } from '../../components/roster/PersonalisationCharge';
import { RosterSummary } from '../../components/roster/RosterSummary';
import { DesignThumbnails } from '../../components/DesignThumbnails';
import { Spinner } from '../../components/Spinner';
import { addressLine } from '../../lib/address';
import { rupees } from '../../lib/money';
import { chargesGatewayFee } from '../../api/store';
import './orders.css';
import { StatusChip } from '../../components/order/StatusChip';
import { useT } from '../../lib/i18n';
import { TaxDocumentLinks } from '../../components/order/TaxDocumentLinks';
import { formatDate } from '../../lib/formatDate';
import { OrderAgain } from './OrderAgain';
import { OrderTimeline } from './OrderTimeline';
import { ProofReview } from './ProofReview';
import { OrderTracking } from './OrderTracking';
import { OrderClaims } from './OrderClaims';
import { PayBalance } from './PayBalance';
import { hasShipped } from '../../api/shipping';

/** The customer's filters: every status but refunded. */
export const FILTERS = ['pending', 'confirmed', 'processing', 'shipped', 'delivered', 'cancelled'] as const;

/** Signs between an order's facts: the same in every language. */
const DOT = ' · ';
const SPACE = ' ';
const MINUS = '−';
const LIST_COMMA = ', ';

export default function OrdersPage() {
  const [status, setStatus] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const orders = useOrders(page, status);
  const cancel = useCancelOrder();
  const [confirming, setConfirming] = useState<Order | null>(null);
  const [cancelled, setCancelled] = useState<string | null>(null);
  const t = useT();

  const choose = (s: string | undefined) => {
    setStatus(s);
    setPage(1);
    setCancelled(null);
    cancel.reset();
  };
  const confirmCancel = () => {
    const order = confirming;
    setConfirming(null);
    if (!order) return;
    setCancelled(null);
    cancel.mutate(order._id, { onSuccess: () => setCancelled(order.orderNumber) });
  };

  const pagination = orders.data?.pagination;
  const list = orders.data?.orders ?? [];
  // A page emptied by a cancellation (or a shrinking list): back to the last page there is.
  const lastPage = pagination?.pages ?? 1;
  useEffect(() => {
    if (orders.isSuccess && !orders.isPlaceholderData && list.length === 0 && page > 1) setPage(Math.max(1, Math.min(page - 1, lastPage)));
  }, [orders.isSuccess, orders.isPlaceholderData, list.length, page, lastPage]);

  return (
    <section className="page orders-page">
      <header className="page-head">
        <h1>{t('orders.title')}</h1>
        <p className="muted">{t('orders.intro')}</p>
      </header>

      <div className="status-filters" role="group" aria-label={t('orders.filterByStatus')}>
        <button className={`filter ${status === undefined ? 'active' : ''}`} aria-pressed={status === undefined} onClick={() => choose(undefined)}>
          {t('orders.all')}
        </button>
        {FILTERS.map((s) => (
          <button key={s} className={`filter ${status === s ? 'active' : ''}`} aria-pressed={status === s} onClick={() => choose(s)}>
            {t('orders.status', { status: s })}
          </button>
        ))}
      </div>

      {cancelled && (
        <p className="notice ok" role="status">
          {t('orders.cancelled', { number: cancelled })}
        </p>
      )}
      {cancel.isError && (
        <p className="notice error" role="alert">
          {ordersError(cancel.error, t('orders.cancelFailed'))}
        </p>
      )}

      {orders.isPending ? (
        <Spinner label={t('orders.loading')} />
      ) : orders.isError ? (
        <div className="empty-state" role="alert">
          <h2>{t('orders.loadError')}</h2>
          <p className="muted">{ordersError(orders.error, t('orders.fetchFailed'))}</p>
          <button className="btn" onClick={() => void orders.refetch()} disabled={orders.isFetching}>
            {t('orders.tryAgain')}
          </button>
        </div>
      ) : list.length === 0 ? (
        <div className="empty-state">
          <h2>{t('orders.noneFound')}</h2>
          <p className="muted">{status ? t('orders.noneInStatus', { status }) : t('orders.noneYet')}</p>
          <Link className="btn" to="/products">
            {t('orders.startShopping')}
          </Link>
        </div>
      ) : (
        <>
          <ul className={`order-list ${orders.isPlaceholderData ? 'stale' : ''}`} aria-busy={orders.isFetching}>
            {list.map((order) => (
              <OrderCard key={order._id} order={order} cancelling={cancel.isPending && cancel.variables === order._id} onCancel={() => setConfirming(order)} />
            ))}
          </ul>
          {pagination && pagination.pages > 1 && (
            <nav className="pager" aria-label={t('orders.pagination')}>
              <button className="btn ghost small" onClick={() => setPage((p) => Math.max(1, p - 1))} disabled={page <= 1 || orders.isFetching}>
                {t('orders.previous')}
              </button>
              <span>
                {t('orders.page', { page: String(pagination.page), pages: String(pagination.pages), total: String(pagination.total) })}
              </span>
              <button className="btn ghost small" onClick={() => setPage((p) => p + 1)} disabled={page >= pagination.pages || orders.isFetching}>
                {t('orders.next')}
              </button>
            </nav>
          )}
        </>
      )}

      {confirming && (
        <ConfirmDialog
          title={t('orders.cancelTitle')}
          question={t('orders.cancelQuestion')}
          confirmLabel={t('orders.cancelConfirm')}
          cancelLabel={t('orders.keepOrder')}
          onConfirm={confirmCancel}
          onCancel={() => setConfirming(null)}
        >
          {t('orders.orderAndTotal', { number: confirming.orderNumber, total: rupees(confirming.totalPrice) })}
        </ConfirmDialog>
      )}
    </section>
  );
}

function OrderCard({ order, cancelling, onCancel }: { order: Order; cancelling: boolean; onCancel: () => void }) {
  const [open, setOpen] = useState(false);
  const items = order.orderItems;
  const a = order.shippingAddress;
  const detailsId = `order-${order._id}-details`;
  const t = useT();
  return (
    <li className="order-card" data-testid="order-card">
      <div className="order-head">
        <div>
          <h2>{t('orders.orderNumber', { number: order.orderNumber })}</h2>
          <span className="muted">{formatDate(order.createdAt)}</span>
        </div>
        <div className="order-badges">
          <StatusChip status={order.status} />
          <span className={`pay-chip ${order.isPaid ? 'paid' : 'unpaid'}`}>{order.isPaid ? (order.balanceDue > 0 ? t('orders.advancePaid') : t('orders.paid')) : t('orders.pending')}</span>
        </div>
      </div>
      <ul className="order-items">
        {items.map((item) => (
          <li key={item._id}>
            <span className="summary-dot" style={{ background: item.colorHex ?? '#ccc' }} aria-hidden />
            <span>
              {item.name}{SPACE}
              <span className="muted">{t('orders.lineFacts', { color: item.color, count: String(item.itemCount) })}</span>
            </span>
            <span>{rupees(item.lineTotal)}</span>
          </li>
        ))}
      </ul>
      <div className="order-foot">
        <span>
          {t('orders.itemsCount', { count: String(order.itemsCount) })}
          {DOT}
          <strong>{t('orders.total', { total: rupees(order.totalPrice) })}</strong>
        </span>
        <div className="row">
          <button className="link-button" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((o) => !o)}>
            {open ? t('orders.hideDetails') : t('orders.viewDetails')}
          </button>
          {/* Pending and unpaid: a paid order is refunded by the store, not cancelled here. */}
          {order.status === 'pending' && !order.isPaid && (
            <button className="btn ghost small danger-text" onClick={onCancel} disabled={cancelling}>
              {cancelling ? t('orders.cancelling') : t('orders.cancelOrder')}
            </button>
          )}
        </div>
      </div>
      <PayBalance order={order} />
      <TaxDocumentLinks order={order} />
      {/* A past order (not one still waiting for payment) can be ordered again. */}
      {order.status !== 'pending' && <OrderAgain orderId={order._id} orderNumber={order.orderNumber} />}
      <ProofReview order={order} />
      {/* A problem with a paid order: a claim on a delivered one, else the contact form. */}
      {order.isPaid && <OrderClaims order={order} />}
      {open && (
        <div className="order-details" id={detailsId}>
          {order.isPaid && <OrderTimeline orderId={order._id} />}
          {hasShipped(order) && <OrderTracking orderId={order._id} />}
          {/* Each line as ordered: its design drawn over the garment by the engine. */}
          <ul className="order-line-designs" aria-label={t('orders.designsOrdered')}>
            {items.map((item) => (
              <li key={item._id}>
                <span>
                  {item.name}{SPACE}
                  <span className="muted">
                    {DOT}
                    {item.color}
                  </span>
                </span>
                <DesignThumbnails productId={item.productId} color={item.color} design={item.design} />
                <PersonalisationCharge line={item.personalisation} />
                <RosterSummary rows={item.design.roster} />
              </li>
            ))}
          </ul>
          <dl>
            <dt>{t('orders.items')}</dt>
            <dd>{rupees(order.itemsPrice)}</dd>
            <dt>{t('orders.shipping')}</dt>
            <dd>{order.shippingPrice ? rupees(order.shippingPrice) : t('orders.free')}</dd>
            {chargesGatewayFee(order.gatewayFeeBps) && (
              <>
                <dt>{order.gatewayLabel}</dt>
                <dd>{rupees(order.taxPrice)}</dd>
              </>
            )}
            {order.discountAmount > 0 && (
              <>
                <dt>{t('orders.discount')}</dt>
                <dd>
                  {MINUS}
                  {rupees(order.discountAmount)}
                </dd>
              </>
            )}
            <dt className="total">{t('orders.totalLabel')}</dt>
            <dd className="total">{rupees(order.totalPrice)}</dd>
          </dl>
          <p>
            <strong>{t('orders.shippingTo')}</strong> {a.fullName}
            {LIST_COMMA}
            {addressLine(a)}
          </p>
          <p>
            <strong>{t('orders.payment')}</strong> {t('orders.paymentFacts', { method: order.paymentMethod || 'card', paid: order.isPaid ? 'yes' : 'no' })}
          </p>
          {order.buyerGstin && (
            <p>
              <strong>{t('orders.yourGstin')}</strong> {order.buyerGstin}
            </p>
          )}
          {/* A shipped order's number is the AWB, shown with its tracking above. */}
          {order.trackingNumber && !hasShipped(order) && (
            <p>
              <strong>{t('orders.trackingNumber')}</strong> {order.trackingNumber}
            </p>
          )}
          {order.cancelReason && (
            <p>
              <strong>{t('orders.cancelledLabel')}</strong> {order.cancelReason}
            </p>
          )}
        </div>
      )}
    </li>
  );
}
