// A signed-in member's part of a group link: the join form, or their pieces
// (one, or as many as the organiser allows), each with Change and Withdraw
// while the group is open (members paying may still withdraw, refunded, after
// the deadline until the group is placed), and "Add another piece" while they hold fewer
// than allowed. Members paying: what their unpaid pieces cost (billing
// details, then the provider), and each paid piece with its order; a paid
// piece cannot change, and withdrawing it is refunded (the confirmation says
// so). Every refusal (closed, cancelled, past the deadline, a name the engine
// will not print) shows the server's message.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useMyGroupPieces, useMyPieceActions, type MyGroupPiece } from '../../api/groupOrders';
import { chargesGatewayFee, useStoreFacts } from '../../api/store';
import type { SizeOffer } from '../../api/products';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Spinner } from '../../components/Spinner';
import { rupees } from '../../lib/money';
import { serverErrorText } from '../../lib/api';
import { useT } from '../../lib/i18n';
import { PayForPieces } from './PayForPieces';
import type { PrintedFields } from './printedFields';
import { EMPTY_ROW, RowFields, rowRequest, type RowValue } from './RowFields';

const SPACE = ' ';
const asValue = (piece: MyGroupPiece): RowValue => ({ size: piece.size, name: piece.name ?? '', number: piece.number ?? '' });
const describe = (piece: MyGroupPiece) => [piece.size, piece.name, piece.number].filter(Boolean).join(' · ');

interface Props {
  token: string;
  fields: PrintedFields;
  /** The product's sizes, surcharges and size chart. */
  offer: SizeOffer;
  open: boolean;
  /** Withdrawing is still possible: while open, and for a members-pay group
   *  past its deadline until it is placed (a paid piece is refunded). */
  withdrawOpen?: boolean;
  membersPay?: boolean;
  /** The most pieces the organiser lets each member add. */
  piecesPerMember?: number;
}

export function MemberPieces({ token, fields, offer, open, withdrawOpen = open, membersPay = false, piecesPerMember = 1 }: Props) {
  const t = useT();
  const mine = useMyGroupPieces(token, true);
  const actions = useMyPieceActions(token);
  const [editing, setEditing] = useState<{ id: string; value: RowValue } | null>(null);
  const [adding, setAdding] = useState(false);
  const [withdrawing, setWithdrawing] = useState<MyGroupPiece | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const busy = actions.join.isPending || actions.change.isPending || actions.withdraw.isPending;

  if (mine.isPending) return <Spinner label={t('groups.loadingYourPiece')} />;
  if (mine.isError) {
    return (
      <p className="notice error" role="alert">
        {serverErrorText(mine.error, t('groups.loadFailed'))}
      </p>
    );
  }

  const feedback = (
    <>
      <div role="status">{done && <p className="notice ok">{done}</p>}</div>
      <div role="alert">{error && <p className="notice error">{error}</p>}</div>
    </>
  );
  const run = (mutate: (options: { onSuccess: () => void; onError: (e: unknown) => void }) => void, success: string, fallback: string) => {
    setError(null);
    setDone(null);
    mutate({
      onSuccess: () => (setDone(success), setEditing(null), setAdding(false)),
      onError: (e) => setError(serverErrorText(e, fallback)),
    });
  };
  const join = (value: RowValue, success: string) => run((o) => actions.join.mutate(rowRequest(value, fields), o), success, t('groups.joinFailed'));

  const pieces = mine.data?.pieces ?? [];
  if (pieces.length === 0) {
    if (!open) return feedback;
    return (
      <PieceForm id="join" title={t('groups.joinTitle')} submitLabel={t('groups.join')} pendingLabel={t('groups.joining')} fields={fields} offer={offer} busy={busy} onSubmit={(v) => join(v, t('groups.joined'))}>
        {feedback}
      </PieceForm>
    );
  }

  const several = pieces.length > 1;
  const submitChange = (e: FormEvent) => {
    e.preventDefault();
    if (editing) run((o) => actions.change.mutate({ row: editing.id, body: rowRequest(editing.value, fields) }, o), t('groups.pieceChanged'), t('groups.changeFailed'));
  };
  const withdrawPaid = membersPay && !!withdrawing?.paid;
  return (
    <section className="stack your-piece" aria-labelledby="your-piece-title">
      <h2 id="your-piece-title">{several ? t('groups.yourPieces') : t('groups.yourPiece')}</h2>
      <ul className="your-pieces">
        {pieces.map((piece) => {
          const paid = membersPay && piece.paid;
          const lineId = `piece-${piece._id}`;
          return (
            <li key={piece._id} className="stack">
              {editing?.id === piece._id ? (
                <form className="stack group-form" onSubmit={submitChange}>
                  <RowFields id="my-row" value={editing.value} onChange={(value) => setEditing({ id: piece._id, value })} fields={fields} offer={offer} disabled={busy} />
                  <div className="row">
                    <button className="btn" type="submit" disabled={busy || !editing.value.size}>
                      {actions.change.isPending ? t('groups.saving') : t('groups.saveChanges')}
                    </button>
                    <button className="btn ghost" type="button" onClick={() => setEditing(null)}>
                      {t('groups.cancel')}
                    </button>
                  </div>
                </form>
              ) : (
                <>
                  <p className="your-piece-line" data-testid="your-piece" id={lineId}>
                    {describe(piece)}
                  </p>
                  {paid && <PaidPiece orderNumber={piece.orderNumber} />}
                  {open && paid && <p className="muted small-print">{t('groups.paidNoChange')}</p>}
                  {withdrawOpen && (
                    <div className="row">
                      {open && !paid && (
                        <button className="btn small" type="button" disabled={busy} aria-describedby={lineId} onClick={() => (setDone(null), setAdding(false), setEditing({ id: piece._id, value: asValue(piece) }))}>
                          {t('groups.change')}
                        </button>
                      )}
                      <button className="btn ghost small danger-text" type="button" disabled={busy} aria-describedby={lineId} onClick={() => setWithdrawing(piece)}>
                        {t('groups.withdraw')}
                      </button>
                    </div>
                  )}
                </>
              )}
            </li>
          );
        })}
      </ul>
      {membersPay && (
        <UnpaidPieces
          toPay={mine.data?.toPay ?? 0}
          unpaid={pieces.filter((p) => !p.paid).length}
          token={token}
          open={open}
          onPaid={(c) => (setError(null), setDone(t('groups.paymentReceived', { order: c.orderNumber })))}
        />
      )}
      {open &&
        pieces.length < piecesPerMember &&
        (adding ? (
          <PieceForm id="add-piece" title={t('groups.addAnother')} submitLabel={t('groups.addPiece')} pendingLabel={t('groups.adding')} fields={fields} offer={offer} busy={busy} onSubmit={(v) => join(v, t('groups.pieceAdded'))} onCancel={() => setAdding(false)} />
        ) : (
          <p className="row">
            <button className="btn ghost small" type="button" disabled={busy} onClick={() => (setDone(null), setEditing(null), setAdding(true))}>
              {t('groups.addAnother')}
            </button>
            <span className="muted small-print">{t('groups.mayAddUpTo', { max: piecesPerMember, left: piecesPerMember - pieces.length })}</span>
          </p>
        ))}
      {feedback}
      {withdrawing && (
        <ConfirmDialog
          title={t('groups.withdraw')}
          question={several ? t('groups.withdrawThisQuestion', { piece: describe(withdrawing) }) : t('groups.withdrawYoursQuestion')}
          confirmLabel={t('groups.withdraw')}
          cancelLabel={t('groups.keepMyPiece')}
          onConfirm={() => {
            const piece = withdrawing;
            setWithdrawing(null);
            // A paid piece is refunded (the server's answer says so too).
            const said = several ? (withdrawPaid ? 'groups.pieceWithdrawnRefunded' : 'groups.pieceWithdrawn') : withdrawPaid ? 'groups.youWithdrewRefunded' : 'groups.youWithdrew';
            run((o) => actions.withdraw.mutate(piece._id, o), t(said), t('groups.changeFailed'));
          }}
          onCancel={() => setWithdrawing(null)}
        >
          {withdrawPaid ? t('groups.refundWarning') : t('groups.joinAgainUntil')}
        </ConfirmDialog>
      )}
    </section>
  );
}

interface PieceFormProps {
  id: string;
  title: string;
  submitLabel: string;
  pendingLabel: string;
  fields: PrintedFields;
  offer: SizeOffer;
  busy: boolean;
  onSubmit: (row: RowValue) => void;
  onCancel?: () => void;
  children?: ReactNode;
}

/** A new piece's fields: joining, or adding another. */
function PieceForm({ id, title, submitLabel, pendingLabel, fields, offer, busy, onSubmit, onCancel, children }: PieceFormProps) {
  const t = useT();
  const [value, setValue] = useState<RowValue>(EMPTY_ROW);
  return (
    <form
      className="stack group-form join-box"
      aria-labelledby={`${id}-title`}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(value);
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <RowFields id={id} value={value} onChange={setValue} fields={fields} offer={offer} disabled={busy} />
      <div className="row">
        <button className="btn" type="submit" disabled={busy || !value.size}>
          {busy ? pendingLabel : submitLabel}
        </button>
        {onCancel && (
          <button className="btn ghost" type="button" onClick={onCancel}>
            {t('groups.cancel')}
          </button>
        )}
      </div>
      {children}
    </form>
  );
}

/** A paid piece: its order's number and where to follow it. */
function PaidPiece({ orderNumber }: { orderNumber?: string }) {
  const t = useT();
  const strong = (chunks: ReactNode[]) => <strong key="b">{chunks}</strong>;
  return (
    <p className="notice ok paid-piece" data-testid="piece-paid">
      <span>{orderNumber ? t.rich('groups.paidOrder', { order: orderNumber, b: strong }) : t.rich('groups.paidBare', { b: strong })}</span>
      {SPACE}
      <Link to="/user/orders">{t('groups.viewInMyOrders')}</Link>
    </p>
  );
}

/** A members-pay group's unpaid pieces: what they cost, and Pay while the group is open. */
function UnpaidPieces({ toPay, unpaid, token, open, onPaid }: { toPay: number; unpaid: number; token: string; open: boolean; onPaid: Parameters<typeof PayForPieces>[0]['onPaid'] }) {
  const t = useT();
  const facts = useStoreFacts();
  if (toPay <= 0) return null;
  // `none`: no gateway fee to name.
  const fee = facts.data && chargesGatewayFee(facts.data.gatewayFeeBps) ? facts.data.gatewayLabel : 'none';
  return (
    <>
      <p className="piece-unpaid" data-testid="piece-unpaid">
        {t.rich('groups.notPaidYet', { amount: rupees(toPay), count: Math.max(unpaid, 1), fee, b: (chunks) => <strong key="b">{chunks}</strong> })}
      </p>
      {open && <PayForPieces token={token} amount={toPay} label={t('groups.payAmount', { amount: rupees(toPay) })} onPaid={onPaid} />}
    </>
  );
}
