// The organiser's page of one group order (/account/group-orders/:id): the
// link to share, progress to the minimum in the server's figures, the roster
// as it fills (remove a row), top-ups, the deadline (extend it), and Close
// and pay (the rows become one line of the cart: on to the cart) or Cancel.
// Members paying: where every piece ships, which rows are paid, progress in
// paid pieces, paying for the organiser's own top-ups (as a member pays), and
// Close and place (the paid pieces go to print; unpaid rows leave).
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { MEMBERS_PAY, useGroupActions, useGroupOrder, type GroupOrder } from '../../api/groupOrders';
import { useSizeOffer } from '../../api/products';
import { Banners, useBanners } from '../../components/Banners';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Spinner } from '../../components/Spinner';
import { ApiError, serverErrorText } from '../../lib/api';
import { addressLine } from '../../lib/address';
import { rupees } from '../../lib/money';
import { formatDate } from '../../lib/formatDate';
import { useT, type MessageId } from '../../lib/i18n';
import { DeadlineDialog } from './DeadlineDialog';
import { GroupProgressPanel } from './GroupProgressPanel';
import { PayForPieces } from './PayForPieces';
import { printedFields } from './printedFields';
import { RosterTable } from './RosterTable';
import { ShareLink } from './ShareLink';
import { TopUpForm } from './TopUpForm';
import type { Translate } from './statusText';
import './groups.css';

/** A group's status in words (the catalogue's ids); a status not listed shows as the server names it. */
export const STATUS_LABELS: Partial<Record<string, MessageId>> = { open: 'groups.status.open', closed: 'groups.status.closed', placed: 'groups.status.placed', cancelled: 'groups.status.cancelled' };
/** Members paying: the group is placed at its close (each piece paid by its member). */
const MEMBERS_STATUS_LABELS: Partial<Record<string, MessageId>> = { ...STATUS_LABELS, placed: 'groups.status.placedMembers' };

/** "Pay ₹x for your N top-up pieces" (the server's amount). */
export function topUpPayLabel(t: Translate, toPay: number, pieces: number): string {
  return pieces > 0 ? t('groups.payTopUps', { amount: rupees(toPay), count: pieces }) : t('groups.payYourPieces', { amount: rupees(toPay) });
}

export default function GroupOrderPage() {
  const { id = '' } = useParams();
  const t = useT();
  const group = useGroupOrder(id);
  if (group.isPending) return <Spinner label={t('groups.loading')} />;
  if (group.isError) {
    const missing = group.error instanceof ApiError && group.error.status === 404;
    return (
      <section className="empty-state" role="alert">
        <h1>{missing ? t('groups.notFound') : serverErrorText(group.error, t('groups.loadFailed'))}</h1>
        {!missing && (
          <button className="btn" onClick={() => void group.refetch()} disabled={group.isFetching}>
            {t('groups.tryAgain')}
          </button>
        )}
        <Link className="btn ghost" to="/account/group-orders">
          {t('groups.yourGroupOrders')}
        </Link>
      </section>
    );
  }
  return <Organiser group={group.data} />;
}

function Organiser({ group }: { group: GroupOrder }) {
  const t = useT();
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
  const statusId = (membersPay ? MEMBERS_STATUS_LABELS : STATUS_LABELS)[group.status];
  const failed = (e: unknown) => banners.error(serverErrorText(e, t('groups.changeFailed')));

  const close = () =>
    actions.close.mutate(undefined, {
      onSuccess: () => (membersPay ? banners.success(t('groups.closedToPrint')) : navigate('/cart')),
      onError: failed,
    });
  const cancel = () => {
    setConfirming(null);
    actions.cancel.mutate(undefined, { onSuccess: () => banners.success(t('groups.cancelledToast')), onError: failed });
  };

  return (
    <section className="group-page stack">
      <header className="page-head">
        <p className="eyebrow">{t('groups.eyebrowStatus', { status: statusId ? t(statusId) : group.status })}</p>
        <h1>{group.title}</h1>
        <p className="muted">{group.productName}</p>
      </header>
      <Banners banners={banners} />
      {group.status === 'closed' && (
        <p className="notice info">
          {t.rich('groups.closedInCart', { link: (chunks) => <Link key="link" to="/cart">{chunks}</Link> })}
        </p>
      )}
      {group.status === 'placed' &&
        (membersPay ? (
          <p className="notice ok" data-testid="group-placed">
            {t('groups.placedMembers', { count: group.progress.paidPieces })}
          </p>
        ) : (
          <p className="notice ok" data-testid="group-placed">
            {t.rich('groups.placedPaid', { link: (chunks) => <Link key="link" to="/user/orders">{chunks}</Link> })}
          </p>
        ))}
      {group.status === 'cancelled' && <p className="notice info">{t('groups.cancelled')}</p>}

      {open && <ShareLink path={group.path} title={group.title} />}

      {membersPay && group.shipTo && (
        <section className="group-ship-to" aria-labelledby="group-ship-to-title">
          <h2 id="group-ship-to-title">{t('groups.shipsTo')}</h2>
          <address data-testid="group-ship-to">
            <strong>{group.shipTo.fullName}</strong>
            <br />
            {addressLine(group.shipTo)}
            <br />
            {contactLine(group.shipTo)}
          </address>
          <p className="muted small-print">{t('groups.shipsToNote')}</p>
        </section>
      )}

      <div className="group-deadline row">
        <p>
          {t.rich('groups.deadlineIs', { date: formatDate(group.deadline), b: (chunks) => <strong key="b" data-testid="group-deadline">{chunks}</strong> })}
          {group.deadlinePassed && open && <span className="notice error inline">{t('groups.deadlinePassedOrganiser')}</span>}
        </p>
        {group.piecesPerMember > 1 && (
          <p data-testid="group-pieces-per-member">
            {t.rich('groups.eachMayAdd', { count: group.piecesPerMember, b: (chunks) => <strong key="b">{chunks}</strong> })}
          </p>
        )}
        {open && (
          <button className="btn ghost small" type="button" onClick={() => setExtending(true)}>
            {group.deadlinePassed ? t('groups.extendDeadline') : t('groups.changeDeadline')}
          </button>
        )}
      </div>

      <div className="group-columns">
        <GroupProgressPanel progress={group.progress} sizes={offer.sizes} membersPay={membersPay} />
        <section className="group-roster-box" aria-labelledby="group-roster-title">
          <h2 id="group-roster-title">{t('groups.roster')}</h2>
          <RosterTable rows={group.rows} fields={fields} busy={busy} membersPay={membersPay} onRemove={open ? (row) => actions.removeRow.mutate(row._id, { onSuccess: () => banners.success(t('groups.pieceRemoved', { member: row.member })), onError: failed }) : undefined} />
        </section>
      </div>

      {open && membersPay && group.toPay > 0 && (
        <section className="group-top-up-pay stack" aria-labelledby="top-up-pay-title">
          <h2 id="top-up-pay-title">{t('groups.yourTopUps')}</h2>
          <p className="muted">{t('groups.topUpsToPay', { amount: rupees(group.toPay), count: unpaidTopUps })}</p>
          <PayForPieces
            token={group.token}
            amount={group.toPay}
            label={topUpPayLabel(t, group.toPay, unpaidTopUps)}
            hint={t('groups.topUpPayHint')}
            onPaid={(c) => banners.success(t('groups.topUpPaid', { order: c.orderNumber }))}
          />
        </section>
      )}

      {open && <TopUpForm fields={fields} offer={offer} addPiece={(row) => actions.topUp.mutateAsync(row).then((g) => (banners.dismiss('err'), g))} suggested={group.progress.needMore} disabled={busy} />}

      {open && (
        <div className="group-finish stack">
          <h2>{t('groups.placeTheOrder')}</h2>
          <p className="muted">
            {membersPay ? t('groups.closingMembers') : t('groups.closingOrganiser')}
          </p>
          <div className="row">
            <button className="btn" type="button" disabled={busy} onClick={close} aria-describedby="close-note">
              {actions.close.isPending ? t('groups.closing') : membersPay ? t('groups.closeAndPlace') : t('groups.closeAndPay')}
            </button>
            <button className="btn ghost danger-text" type="button" disabled={busy} onClick={() => setConfirming('cancel')}>
              {t('groups.cancelGroup')}
            </button>
          </div>
          <p id="close-note" className="muted small-print">
            {t(closeNote(group, membersPay))}
          </p>
        </div>
      )}

      <Link className="btn ghost small back-link" to="/account/group-orders">
        {t('groups.allYourGroupOrders')}
      </Link>

      {extending && <DeadlineDialog group={group} save={(body) => actions.update.mutateAsync(body)} onClose={() => setExtending(false)} />}
      {confirming === 'cancel' && (
        <ConfirmDialog title={t('groups.cancelGroup')} question={t('groups.cancelQuestion')} confirmLabel={t('groups.cancelGroup')} cancelLabel={t('groups.keepIt')} onConfirm={cancel} onCancel={() => setConfirming(null)}>
          {t('groups.cancelNote')}
        </ConfirmDialog>
      )}
    </section>
  );
}

/** The ship-to contact: figures and an address, the same in every language. */
const contactLine = (to: { phone: string; email: string }) => `+91 ${to.phone} · ${to.email}`;

function closeNote(group: GroupOrder, membersPay: boolean): MessageId {
  if (membersPay) return group.progress.paidNeedMore === 0 ? 'groups.closeNote.membersReady' : 'groups.closeNote.membersShort';
  return group.progress.minimumReached ? 'groups.closeNote.ready' : 'groups.closeNote.short';
}
