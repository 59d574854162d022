// A customer's order and its problems: a delivered order within the claim
// window (the store's CLAIM_WINDOW_DAYS from GET /api/store) has "Report a
// problem", opening the claim form; any other order's "Report a problem" leads
// to the contact form with the order named. The order's claims are listed
// with their ticket numbers and decisions.
import { useState } from 'react';
import { Link } from 'react-router';
import { claimablePieces, deliveredAt, useClaims, withinClaimWindow, type Claim } from '../../api/claims';
import { useOrder, type Order, type OrderItem } from '../../api/orders';
import { useStoreFacts } from '../../api/store';
import { serverErrorText } from '../../lib/api';
import { formatDate } from '../../lib/formatDate';
import { rupees } from '../../lib/money';
import { sizesText, totalOf } from '../../lib/sizes';
import { ClaimDialog } from './ClaimDialog';
import { useT } from '../../lib/i18n';

/** Signs the same in every language. */
const DOT = ' · ';
const SPACE = ' ';
const OPEN_QUOTE = '“';
const CLOSE_QUOTE = '”';
const ELLIPSIS = '…';

export function OrderClaims({ order }: { order: Order }) {
  const delivered = order.status === 'delivered';
  const claims = useClaims(order._id, delivered);
  const full = useOrder(order._id, delivered);
  const facts = useStoreFacts();
  const [claiming, setClaiming] = useState(false);
  const [filed, setFiled] = useState<Claim | null>(null);
  const t = useT();

  const contact = (
    <Link className="btn ghost small" to={`/contact?orderId=${encodeURIComponent(order.orderNumber)}`}>
      {t('claims.report')}
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
          {t('claims.report')}
        </button>
      ) : (
        claims.isSuccess && contact
      )}
      {filed && (
        <p className="notice ok" role="status">
          {t.rich('claims.filed', { ticket: filed.ticketNumber, b: (chunks) => <strong>{chunks}</strong>, link: (chunks) => <Link to="/account/support">{chunks}</Link> })}
        </p>
      )}
      {claims.isError && (
        <p className="notice error" role="alert">
          {serverErrorText(claims.error, t('claims.fetchFailed'))}
        </p>
      )}
      {list.length > 0 && (
        <section aria-label={t('claims.reportedWith', { number: order.orderNumber })}>
          <h3 className="claims-heading">{t('claims.reported')}</h3>
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
  const t = useT();
  return (
    <li className="claim-summary" data-testid="claim">
      <p>
        <strong>{t('claims.ticket', { number: claim.ticketNumber })}</strong>
        {DOT}
        {t('claims.reason', { reason: claim.reason })}
        {DOT}
        {line && t('claims.line', { name: line.name, color: line.color })}
        {sizesText(claim.pieces)}{SPACE}
        <span className={`claim-status claim-${claim.status}`}>{t('claims.status', { status: claim.status })}</span>
      </p>
      <p className="muted">{t('claims.reportedOn', { date: formatDate(claim.createdAt) })}</p>
      {d && (
        <p>
          {d.action === 'reprint' && d.reprintOrderId && (
            <>
              {t.rich('claims.reprinted', { order: <ReprintOrder id={d.reprintOrderId} /> })}{SPACE}
            </>
          )}
          {d.action === 'refund' && (
            <>
              {t('claims.refunded', {
                hasAmount: d.refundPaise !== undefined ? 'yes' : 'no',
                amount: d.refundPaise !== undefined ? rupees(d.refundPaise) : '',
                hasNote: d.creditNoteNumber ? 'yes' : 'no',
                note: d.creditNoteNumber ?? '',
              })}{SPACE}
            </>
          )}
          {d.action === 'reject' && <>{t('claims.rejected')} </>}
          {d.note && (
            <span className="claim-note">
              {OPEN_QUOTE}
              {d.note}
              {CLOSE_QUOTE}
            </span>
          )} <span className="muted">{formatDate(d.decidedAt)}</span>
        </p>
      )}
    </li>
  );
}

/** The reprint's order by its number, once it has loaded. */
function ReprintOrder({ id }: { id: string }) {
  const order = useOrder(id);
  const t = useT();
  return <strong>{t('claims.reprintOrder', { number: order.data?.orderNumber ?? ELLIPSIS })}</strong>;
}
