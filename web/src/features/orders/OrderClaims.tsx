// A customer's order and its problems: a delivered order within the claim
// window (the store's CLAIM_WINDOW_DAYS from GET /api/store) has "Report a
// problem", opening the claim form; any other order's "Report a problem" leads
// to the contact form with the order named. The order's claims are listed
// with their ticket numbers and decisions.
import { useState } from 'react';
import { Link } from 'react-router';
import { CLAIMS_FAILED, CLAIM_STATUS_LABEL, claimablePieces, deliveredAt, reasonLabel, useClaims, withinClaimWindow, type Claim } from '../../api/claims';
import { useOrder, type Order, type OrderItem } from '../../api/orders';
import { useStoreFacts } from '../../api/store';
import { serverErrorText } from '../../lib/api';
import { formatDate } from '../../lib/formatDate';
import { rupees } from '../../lib/money';
import { sizesText, totalOf } from '../../lib/sizes';
import { ClaimDialog } from './ClaimDialog';

export function OrderClaims({ order }: { order: Order }) {
  const delivered = order.status === 'delivered';
  const claims = useClaims(order._id, delivered);
  const full = useOrder(order._id, delivered);
  const facts = useStoreFacts();
  const [claiming, setClaiming] = useState(false);
  const [filed, setFiled] = useState<Claim | null>(null);

  const contact = (
    <Link className="btn ghost small" to={`/contact?orderId=${encodeURIComponent(order.orderNumber)}`}>
      Report a problem
    </Link>
  );
  if (!delivered) return <div className="order-claims">{contact}</div>;

  const list = claims.data ?? [];
  const lines = order.orderItems.map((item) => ({ item, left: claimablePieces(item, list) }));
  const mayClaim =
    claims.isSuccess &&
    facts.isSuccess &&
    withinClaimWindow(full.data && deliveredAt(full.data), facts.data.claimWindowDays) &&
    lines.some((l) => totalOf(l.left) > 0);

  return (
    <div className="order-claims">
      {mayClaim ? (
        <button className="btn ghost small" onClick={() => setClaiming(true)}>
          Report a problem
        </button>
      ) : (
        claims.isSuccess && contact
      )}
      {filed && (
        <p className="notice ok" role="status">
          Problem reported: ticket <strong>{filed.ticketNumber}</strong>. We acknowledge it within 48 hours; follow it under{' '}
          <Link to="/account/support">Support</Link>.
        </p>
      )}
      {claims.isError && (
        <p className="notice error" role="alert">
          {serverErrorText(claims.error, CLAIMS_FAILED)}
        </p>
      )}
      {list.length > 0 && (
        <section aria-label={`Problems reported with order ${order.orderNumber}`}>
          <h3 className="claims-heading">Problems reported</h3>
          <ul className="claim-list">
            {list.map((c) => (
              <ClaimSummary key={c.id} claim={c} line={order.orderItems.length > 1 ? order.orderItems.find((i) => i._id === c.itemId) : undefined} />
            ))}
          </ul>
        </section>
      )}
      {claiming && (
        <ClaimDialog
          order={order}
          lines={lines}
          onClose={() => setClaiming(false)}
          onFiled={(claim) => {
            setClaiming(false);
            setFiled(claim);
          }}
        />
      )}
    </div>
  );
}

/** A claim, with its line's name when the order has several. */
function ClaimSummary({ claim, line }: { claim: Claim; line?: OrderItem }) {
  const d = claim.decision;
  return (
    <li className="claim-summary" data-testid="claim">
      <p>
        <strong>Ticket {claim.ticketNumber}</strong> · {reasonLabel(claim.reason)} · {line && `${line.name} (${line.color}) `}
        {sizesText(claim.pieces)}{' '}
        <span className={`claim-status claim-${claim.status}`}>{CLAIM_STATUS_LABEL[claim.status]}</span>
      </p>
      <p className="muted">Reported {formatDate(claim.createdAt)}</p>
      {d && (
        <p>
          {d.action === 'reprint' && d.reprintOrderId && (
            <>
              Reprinted free of charge as <ReprintOrder id={d.reprintOrderId} />.{' '}
            </>
          )}
          {d.action === 'refund' && (
            <>
              Refunded{d.refundPaise !== undefined && ` ${rupees(d.refundPaise)}`}
              {d.creditNoteNumber && ` (credit note ${d.creditNoteNumber})`}.{' '}
            </>
          )}
          {d.action === 'reject' && <>Not accepted. </>}
          {d.note && <span className="claim-note">“{d.note}”</span>} <span className="muted">{formatDate(d.decidedAt)}</span>
        </p>
      )}
    </li>
  );
}

/** The reprint's order by its number, once it has loaded. */
function ReprintOrder({ id }: { id: string }) {
  const order = useOrder(id);
  return <strong>order {order.data?.orderNumber ?? '…'}</strong>;
}
