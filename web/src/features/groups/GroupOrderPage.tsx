// The organiser's page of one group order (/account/group-orders/:id): the
// link to share, progress to the minimum in the server's figures, the roster
// as it fills (remove a row), top-ups, the deadline (extend it), and Close
// and pay (the rows become one line of the cart: on to the cart) or Cancel.
// Members paying: where every piece ships, which rows are paid, progress in
// paid pieces, paying for the organiser's own top-ups (as a member pays), and
// Close and place (the paid pieces go to print; unpaid rows leave).
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { GROUP_CHANGE_FAILED, GROUP_FAILED, MEMBERS_PAY, useGroupActions, useGroupOrder, type GroupOrder } from '../../api/groupOrders';
import { useSizeOffer } from '../../api/products';
import { Banners, useBanners } from '../../components/Banners';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Spinner } from '../../components/Spinner';
import { ApiError, serverErrorText } from '../../lib/api';
import { addressLine } from '../../lib/address';
import { rupees } from '../../lib/money';
import { formatDate } from '../../lib/formatDate';
import { DeadlineDialog } from './DeadlineDialog';
import { GroupProgressPanel } from './GroupProgressPanel';
import { PayForPieces } from './PayForPieces';
import { printedFields } from './printedFields';
import { RosterTable } from './RosterTable';
import { ShareLink } from './ShareLink';
import { TopUpForm } from './TopUpForm';
import './groups.css';

export const STATUS_LABELS: Record<string, string> = { open: 'Open', closed: 'Closed: in your cart', placed: 'Placed: paid', cancelled: 'Cancelled' };
/** Members paying: the group is placed at its close (each piece paid by its member). */
const MEMBERS_STATUS_LABELS: Record<string, string> = { ...STATUS_LABELS, placed: 'Placed: its pieces go to print' };

export const TOP_UP_PAY_HINT = 'Your name and billing address go on the tax invoice for your top-up pieces, which ship with the group.';

/** "Pay ₹x for your N top-up pieces" (the server's amount). */
export function topUpPayLabel(toPay: number, pieces: number): string {
  return pieces > 0 ? `Pay ${rupees(toPay)} for your ${pieces} top-up ${pieces === 1 ? 'piece' : 'pieces'}` : `Pay ${rupees(toPay)} for your pieces`;
}

export default function GroupOrderPage() {
  const { id = '' } = useParams();
  const group = useGroupOrder(id);
  if (group.isPending) return <Spinner label="Loading the group order..." />;
  if (group.isError) {
    const missing = group.error instanceof ApiError && group.error.status === 404;
    return (
      <section className="empty-state" role="alert">
        <h1>{missing ? 'Group order not found' : serverErrorText(group.error, GROUP_FAILED)}</h1>
        {!missing && (
          <button className="btn" onClick={() => void group.refetch()} disabled={group.isFetching}>
            Try Again
          </button>
        )}
        <Link className="btn ghost" to="/account/group-orders">
          Your group orders
        </Link>
      </section>
    );
  }
  return <Organiser group={group.data} />;
}

function Organiser({ group }: { group: GroupOrder }) {
  const actions = useGroupActions(group._id);
  const navigate = useNavigate();
  const banners = useBanners();
  const offer = useSizeOffer(group.productId);
  const [confirming, setConfirming] = useState<'cancel' | null>(null);
  const [extending, setExtending] = useState(false);
  const fields = printedFields(group.design);
  const open = group.status === 'open';
  const membersPay = group.payment === MEMBERS_PAY;
  const unpaidTopUps = group.rows.filter((r) => r.topUp && !r.paid).length;
  const busy = actions.close.isPending || actions.cancel.isPending || actions.removeRow.isPending || actions.topUp.isPending;
  const failed = (e: unknown) => banners.error(serverErrorText(e, GROUP_CHANGE_FAILED));

  const close = () =>
    actions.close.mutate(undefined, {
      onSuccess: ({ message }) => (membersPay ? banners.success(message) : navigate('/cart')),
      onError: failed,
    });
  const cancel = () => {
    setConfirming(null);
    actions.cancel.mutate(undefined, { onSuccess: () => banners.success('The group order is cancelled; its members were told.'), onError: failed });
  };

  return (
    <section className="group-page stack">
      <header className="page-head">
        <p className="eyebrow">Group order · {(membersPay ? MEMBERS_STATUS_LABELS : STATUS_LABELS)[group.status] ?? group.status}</p>
        <h1>{group.title}</h1>
        <p className="muted">{group.productName}</p>
      </header>
      <Banners banners={banners} />
      {group.status === 'closed' && (
        <p className="notice info">
          This group order is closed: its pieces are one line in your <Link to="/cart">cart</Link>, ready to pay.
        </p>
      )}
      {group.status === 'placed' &&
        (membersPay ? (
          <p className="notice ok" data-testid="group-placed">
            This group order is placed: its {group.progress.paidPieces} paid pieces go to print and ship together to the address below.
          </p>
        ) : (
          <p className="notice ok" data-testid="group-placed">
            This group order is placed: its order is paid. Follow it in <Link to="/user/orders">your orders</Link>.
          </p>
        ))}
      {group.status === 'cancelled' && <p className="notice info">This group order was cancelled.</p>}

      {open && <ShareLink path={group.path} title={group.title} />}

      {membersPay && group.shipTo && (
        <section className="group-ship-to" aria-labelledby="group-ship-to-title">
          <h2 id="group-ship-to-title">Every piece ships to</h2>
          <address data-testid="group-ship-to">
            <strong>{group.shipTo.fullName}</strong>
            <br />
            {addressLine(group.shipTo)}
            <br />
            +91 {group.shipTo.phone} · {group.shipTo.email}
          </address>
          <p className="muted small-print">Each member pays for their own piece; the pieces ship together here once the group is placed.</p>
        </section>
      )}

      <div className="group-deadline row">
        <p>
          Deadline: <strong data-testid="group-deadline">{formatDate(group.deadline)}</strong>
          {group.deadlinePassed && open && <span className="notice error inline">The deadline has passed: members can no longer join or change their piece.</span>}
        </p>
        {group.piecesPerMember > 1 && (
          <p data-testid="group-pieces-per-member">
            Each member may add up to <strong>{group.piecesPerMember}</strong> pieces.
          </p>
        )}
        {open && (
          <button className="btn ghost small" type="button" onClick={() => setExtending(true)}>
            {group.deadlinePassed ? 'Extend deadline' : 'Change deadline'}
          </button>
        )}
      </div>

      <div className="group-columns">
        <GroupProgressPanel progress={group.progress} sizes={offer.sizes} membersPay={membersPay} />
        <section className="group-roster-box" aria-labelledby="group-roster-title">
          <h2 id="group-roster-title">Roster</h2>
          <RosterTable rows={group.rows} fields={fields} busy={busy} membersPay={membersPay} onRemove={open ? (row) => actions.removeRow.mutate(row._id, { onSuccess: () => banners.success(`${row.member}’s piece was removed.`), onError: failed }) : undefined} />
        </section>
      </div>

      {open && membersPay && group.toPay > 0 && (
        <section className="group-top-up-pay stack" aria-labelledby="top-up-pay-title">
          <h2 id="top-up-pay-title">Your top-up pieces</h2>
          <p className="muted">
            Top-up pieces are yours to pay for, as each member pays for their own: {rupees(group.toPay)} for {unpaidTopUps} {unpaidTopUps === 1 ? 'piece' : 'pieces'}. They count
            towards the minimum once paid.
          </p>
          <PayForPieces
            token={group.token}
            amount={group.toPay}
            label={topUpPayLabel(group.toPay, unpaidTopUps)}
            hint={TOP_UP_PAY_HINT}
            onPaid={(c) => banners.success(`Payment received: order ${c.orderNumber} pays for your top-up pieces.`)}
          />
        </section>
      )}

      {open && <TopUpForm fields={fields} offer={offer} addPiece={(row) => actions.topUp.mutateAsync(row).then((g) => (banners.dismiss('err'), g))} suggested={group.progress.needMore} disabled={busy} />}

      {open && (
        <div className="group-finish stack">
          <h2>Place the order</h2>
          <p className="muted">
            {membersPay
              ? 'Closing places the group: the paid pieces go to print and ship together; a piece not paid yet leaves the group (its member is told). Nobody can join or change their piece after that.'
              : 'Closing turns every piece into one line of your cart, priced by the store; then you pay at checkout. Nobody can join or change their piece after that.'}
          </p>
          <div className="row">
            <button className="btn" type="button" disabled={busy} onClick={close} aria-describedby="close-note">
              {actions.close.isPending ? 'Closing…' : membersPay ? 'Close and place order' : 'Close and pay'}
            </button>
            <button className="btn ghost danger-text" type="button" disabled={busy} onClick={() => setConfirming('cancel')}>
              Cancel group order
            </button>
          </div>
          <p id="close-note" className="muted small-print">
            {closeNote(group, membersPay)}
          </p>
        </div>
      )}

      <Link className="btn ghost small back-link" to="/account/group-orders">
        All your group orders
      </Link>

      {extending && <DeadlineDialog group={group} save={(body) => actions.update.mutateAsync(body)} onClose={() => setExtending(false)} />}
      {confirming === 'cancel' && (
        <ConfirmDialog title="Cancel group order" question="Cancel this group order?" confirmLabel="Cancel group order" cancelLabel="Keep it" onConfirm={cancel} onCancel={() => setConfirming(null)}>
          Everyone who joined is told by e-mail. This cannot be undone.
        </ConfirmDialog>
      )}
    </section>
  );
}

function closeNote(group: GroupOrder, membersPay: boolean): string {
  if (membersPay) {
    return group.progress.paidNeedMore === 0
      ? 'Everyone in? Close the group and its paid pieces go to print.'
      : 'Closing needs the minimum of paid pieces: wait for members to pay, top up and pay for pieces yourself, or extend the deadline.';
  }
  return group.progress.minimumReached ? 'Everyone in? Close the group and pay.' : 'Closing needs the minimum: top up the pieces still needed, or extend the deadline.';
}
