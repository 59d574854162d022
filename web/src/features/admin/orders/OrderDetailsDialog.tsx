// Order Details: the order, its customer, lines (with the engine's preflight
// warnings), shipping address, summary and status history; the pro-forma
// invoice (print window and PDF), the tax invoice and credit notes once paid,
// the proof's versions (send, download, the customer's comments) and the
// order's events, the shipment (create it, its tracking and label), the
// customer's claims (decided here), and the print files.
import { useState } from 'react';
import { PersonalisationCharge } from '../../../components/roster/PersonalisationCharge';
import { RosterSummary } from '../../../components/roster/RosterSummary';
import { DETAILS_FAILED, downloadPrintFiles, useAdminOrder } from '../../../api/adminOrders';
import type { Order } from '../../../api/orders';
import { Dialog } from '../../../components/Dialog';
import { Spinner } from '../../../components/Spinner';
import { addressLine } from '../../../lib/address';
import { chargesGatewayFee } from '../../../api/store';
import { rupees } from '../../../lib/money';
import { orderedSizes } from '../../../lib/sizes';
import { StatusChip } from '../../../components/order/StatusChip';
import { downloadInvoicePdf } from './invoice';
import { TaxDocumentLinks } from '../../../components/order/TaxDocumentLinks';
import { ProofsPanel, eventText } from './ProofsPanel';
import { ShipmentPanel } from './ShipmentPanel';
import { ClaimsPanel } from './ClaimsPanel';
import { dateFormat } from '../../../lib/dateFormat';

const dateTime = dateFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** "M × 10, L × 15": the sizes a line has. */
export function sizesText(q: Order['orderItems'][number]['quantity']): string {
  return orderedSizes(q)
    .filter((s) => s.count > 0)
    .map((s) => `${s.label} × ${s.count}`)
    .join(', ');
}

export function OrderDetailsDialog({ id, onClose, onInvoice, onError }: { id: string; onClose: () => void; onInvoice: (o: Order) => void; onError: (m: string) => void }) {
  const order = useAdminOrder(id);
  const [busy, setBusy] = useState<'pdf' | 'zip' | null>(null);
  const run = (what: 'pdf' | 'zip', work: () => Promise<void>) => {
    setBusy(what);
    work()
      .catch((e: Error) => onError(e.message))
      .finally(() => setBusy(null));
  };

  return (
    <Dialog title="Order Details" onClose={onClose} wide>
      {order.isPending ? (
        <Spinner label="Loading order..." />
      ) : order.isError ? (
        <p className="notice error" role="alert">
          {order.error.message || DETAILS_FAILED}
        </p>
      ) : (
        <OrderDetails order={order.data} />
      )}
      <div className="row dialog-actions">
        <button className="btn ghost" onClick={onClose}>
          Close
        </button>
        {order.data && (
          <>
            <button className="btn ghost" disabled={busy !== null} onClick={() => run('zip', () => downloadPrintFiles(order.data))}>
              {busy === 'zip' ? 'Preparing print files…' : 'Download print files'}
            </button>
            <button className="btn ghost" disabled={busy !== null} onClick={() => run('pdf', () => downloadInvoicePdf(order.data))}>
              {busy === 'pdf' ? 'Preparing PDF…' : 'Download invoice PDF'}
            </button>
            <button className="btn" onClick={() => onInvoice(order.data)}>
              Generate Performa Invoice
            </button>
          </>
        )}
      </div>
    </Dialog>
  );
}

function OrderDetails({ order }: { order: Order }) {
  const a = order.shippingAddress;
  const warnings = order.orderItems.flatMap((item, i) => item.printWarnings.map((w) => `Line ${i + 1} (${item.name}): ${w}`));
  return (
    <div className="order-details-modal">
      <dl className="facts">
        <dt>Order number</dt>
        <dd>{order.orderNumber}</dd>
        <dt>Status</dt>
        <dd>
          <StatusChip status={order.status} />
        </dd>
        <dt>Total amount</dt>
        <dd>{rupees(order.totalPrice)}</dd>
        <dt>Payment method</dt>
        <dd>{order.paymentMethod}</dd>
        <dt>Payment status</dt>
        <dd>{order.isPaid ? (order.balanceDue > 0 ? `Advance of ${rupees(order.advanceAmount)} paid` : 'Paid') : 'Pending'}</dd>
        {order.isPaid && order.balanceDue > 0 && (
          <>
            <dt>Balance due</dt>
            <dd data-testid="admin-balance-due">{rupees(order.balanceDue)}</dd>
          </>
        )}
        {order.isPaid && (
          <>
            <dt>Tax documents</dt>
            <dd>
              <TaxDocumentLinks order={order} />
            </dd>
          </>
        )}
        <dt>Order date</dt>
        <dd>{dateTime.format(order.createdAt)}</dd>
        {order.buyerGstin && (
          <>
            <dt>Buyer's GSTIN</dt>
            <dd>{order.buyerGstin}</dd>
          </>
        )}
        {order.refundedAmount > 0 && (
          <>
            <dt>Refunded</dt>
            <dd>{rupees(order.refundedAmount)}</dd>
          </>
        )}
      </dl>

      <h3>Customer</h3>
      <p>
        {order.user.name || 'N/A'} · {order.user.email || 'N/A'}
      </p>

      <h3>Items</h3>
      <ul className="detail-items">
        {order.orderItems.map((item) => (
          <li key={item._id}>
            <span>
              <strong>{item.name}</strong>
              <span className="muted">
                {' '}
                · color: {item.color} · {sizesText(item.quantity)} ({item.itemCount})
              </span>
            </span>
            <span>{rupees(item.price)} each</span>
            {(item.personalisation || item.design.roster?.length) && (
              <div className="detail-roster">
                <PersonalisationCharge line={item.personalisation} />
                <RosterSummary rows={item.design.roster} />
              </div>
            )}
          </li>
        ))}
      </ul>
      {warnings.length > 0 && (
        <div className="notice warn-box" role="note">
          <strong>Print preflight</strong>
          <ul>
            {warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        </div>
      )}

      {a && (a.street || a.addressLine1 || a.city) && (
        <>
          <h3>Shipping address</h3>
          <p>{addressLine(a)}</p>
        </>
      )}

      <h3>Order summary</h3>
      <dl className="summary">
        <dt>Items price</dt>
        <dd>{rupees(order.itemsPrice)}</dd>
        {chargesGatewayFee(order.gatewayFeeBps) && (
          <>
            <dt>{order.gatewayLabel}</dt>
            <dd>{rupees(order.taxPrice)}</dd>
          </>
        )}
        {order.shippingPrice > 0 && (
          <>
            <dt>Shipping</dt>
            <dd>{rupees(order.shippingPrice)}</dd>
          </>
        )}
        {order.discountAmount > 0 && (
          <>
            <dt>Discount</dt>
            <dd>−{rupees(order.discountAmount)}</dd>
          </>
        )}
        <dt className="total">Total</dt>
        <dd className="total">{rupees(order.totalPrice)}</dd>
      </dl>

      {order.isPaid && (
        <>
          <h3>Proof</h3>
          <ProofsPanel order={order} />
        </>
      )}

      <ShipmentPanel order={order} />

      <ClaimsPanel order={order} />

      {order.events && order.events.length > 0 && (
        <>
          <h3>Order events</h3>
          <ol className="history" aria-label="Order events">
            {order.events.map((e) => (
              <li key={`${e.at}-${e.kind}-${e.version ?? ''}`}>
                {dateTime.format(e.at)}: {eventText(e)}
              </li>
            ))}
          </ol>
        </>
      )}

      {order.statusHistory && order.statusHistory.length > 0 && (
        <>
          <h3>Status history</h3>
          <ol className="history">
            {order.statusHistory.map((c) => (
              <li key={`${c.changedAt}-${c.to}`}>
                {dateTime.format(c.changedAt)}: {c.from} → {c.to} by {c.changedByName || c.changedBy}
              </li>
            ))}
          </ol>
        </>
      )}
      {order.stageHistory && order.stageHistory.length > 0 && (
        <>
          <h3>Production stages</h3>
          <ol className="history">
            {order.stageHistory.map((c, i) => (
              <li key={`${c.changedAt}-${c.to}-${i}`}>
                {dateTime.format(c.changedAt)}: {c.from ?? 'no stage'} → {c.to} by {c.changedByName || c.changedBy}
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
