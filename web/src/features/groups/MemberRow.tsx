// A signed-in member's part of a group link: the join form, or their piece
// with Change and Withdraw while the group is open. Members paying: the
// piece's price to pay (billing details, then the provider), or its paid
// state with its order; a paid piece cannot change, and withdrawing it is
// refunded (the confirmation says so). Every refusal (already joined,
// closed, cancelled, past the deadline, a name the engine will not print)
// shows the server's message.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { GROUP_CHANGE_FAILED, GROUP_FAILED, JOIN_FAILED, useMyGroupRow, useMyRowActions, type MyGroupRow } from '../../api/groupOrders';
import { chargesGatewayFee, useStoreFacts } from '../../api/store';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Spinner } from '../../components/Spinner';
import { rupees } from '../../lib/money';
import { designsError } from '../designs/errors';
import { PayForPieces } from './PayForPieces';
import type { PrintedFields } from './printedFields';
import { EMPTY_ROW, RowFields, rowRequest, type RowValue } from './RowFields';

const asValue = (row: MyGroupRow): RowValue => ({ size: row.size, name: row.name ?? '', number: row.number ?? '' });

export const PAID_NO_CHANGE = 'Your piece is paid for, so it cannot change: withdraw it (you are refunded) and join again.';
export const REFUND_WARNING = 'You have paid for this piece: withdrawing it refunds your payment to the card you paid with. You can join again (and pay again) until the deadline.';

export function MemberRow({ token, fields, open, membersPay = false }: { token: string; fields: PrintedFields; open: boolean; membersPay?: boolean }) {
  const mine = useMyGroupRow(token, true);
  const actions = useMyRowActions(token);
  const [editing, setEditing] = useState<RowValue | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const busy = actions.join.isPending || actions.change.isPending || actions.withdraw.isPending;

  if (mine.isPending) return <Spinner label="Loading your piece..." />;
  if (mine.isError) {
    return (
      <p className="notice error" role="alert">
        {designsError(mine.error, GROUP_FAILED)}
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
    mutate({ onSuccess: () => (setDone(success), setEditing(null)), onError: (e) => setError(designsError(e, fallback)) });
  };

  const row = mine.data;
  const paid = membersPay && !!row?.paid;
  if (!row) {
    if (!open) return feedback;
    return <JoinForm fields={fields} busy={busy} feedback={feedback} onJoin={(value) => run((o) => actions.join.mutate(rowRequest(value, fields), o), 'You have joined the group order.', JOIN_FAILED)} />;
  }

  const describe = [row.size, row.name, row.number].filter(Boolean).join(' · ');
  const submitChange = (e: FormEvent) => {
    e.preventDefault();
    if (editing) run((o) => actions.change.mutate(rowRequest(editing, fields), o), 'Your piece was changed.', GROUP_CHANGE_FAILED);
  };
  return (
    <section className="stack your-piece" aria-labelledby="your-piece-title">
      <h2 id="your-piece-title">Your piece</h2>
      {editing ? (
        <form className="stack group-form" onSubmit={submitChange}>
          <RowFields id="my-row" value={editing} onChange={setEditing} fields={fields} disabled={busy} />
          <div className="row">
            <button className="btn" type="submit" disabled={busy || !editing.size}>
              {actions.change.isPending ? 'Saving…' : 'Save changes'}
            </button>
            <button className="btn ghost" type="button" onClick={() => setEditing(null)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          <p className="your-piece-line" data-testid="your-piece">
            {describe}
          </p>
          {membersPay && (paid ? <PaidPiece orderNumber={row.orderNumber} /> : <UnpaidPiece row={row} token={token} open={open} onPaid={(c) => (setError(null), setDone(`Payment received: order ${c.orderNumber} is paid.`))} />)}
          {open && paid && <p className="muted small-print">{PAID_NO_CHANGE}</p>}
          {open && (
            <div className="row">
              {!paid && (
                <button className="btn small" type="button" disabled={busy} onClick={() => (setDone(null), setEditing(asValue(row)))}>
                  Change
                </button>
              )}
              <button className="btn ghost small danger-text" type="button" disabled={busy} onClick={() => setWithdrawing(true)}>
                Withdraw
              </button>
            </div>
          )}
        </>
      )}
      {feedback}
      {withdrawing && (
        <ConfirmDialog
          title="Withdraw"
          question="Withdraw your piece from this group order?"
          confirmLabel="Withdraw"
          cancelLabel="Keep my piece"
          onConfirm={() => {
            setWithdrawing(false);
            if (!paid) return run((o) => actions.withdraw.mutate(undefined, o), 'You have withdrawn from the group order.', GROUP_CHANGE_FAILED);
            // A paid piece: the server's own words on the refund.
            setError(null);
            setDone(null);
            actions.withdraw.mutate(undefined, { onSuccess: (message) => setDone(message), onError: (e) => setError(designsError(e, GROUP_CHANGE_FAILED)) });
          }}
          onCancel={() => setWithdrawing(false)}
        >
          {paid ? REFUND_WARNING : 'You can join again until the deadline.'}
        </ConfirmDialog>
      )}
    </section>
  );
}

function JoinForm({ fields, busy, feedback, onJoin }: { fields: PrintedFields; busy: boolean; feedback: React.ReactNode; onJoin: (row: RowValue) => void }) {
  const [value, setValue] = useState<RowValue>(EMPTY_ROW);
  return (
    <form
      className="stack group-form join-box"
      aria-labelledby="join-title"
      onSubmit={(e) => {
        e.preventDefault();
        onJoin(value);
      }}
    >
      <h2 id="join-title">Join this group order</h2>
      <RowFields id="join" value={value} onChange={setValue} fields={fields} disabled={busy} />
      <button className="btn" type="submit" disabled={busy || !value.size}>
        {busy ? 'Joining…' : 'Join'}
      </button>
      {feedback}
    </form>
  );
}

/** A paid piece: its order's number and where to follow it. */
function PaidPiece({ orderNumber }: { orderNumber?: string }) {
  return (
    <p className="notice ok paid-piece" data-testid="piece-paid">
      <span>
        <strong>Paid</strong>
        {orderNumber ? ` — order ${orderNumber}` : ''}
      </span>{' '}
      <Link to="/user/orders">View in My Orders</Link>
    </p>
  );
}

/** An unpaid piece of a members-pay group: what it costs, and Pay while the group is open. */
function UnpaidPiece({ row, token, open, onPaid }: { row: MyGroupRow; token: string; open: boolean; onPaid: Parameters<typeof PayForPieces>[0]['onPaid'] }) {
  const facts = useStoreFacts();
  if (row.toPay <= 0) return null;
  const fee = facts.data && chargesGatewayFee(facts.data.gatewayFeeBps) ? ` (${facts.data.gatewayLabel} included)` : '';
  return (
    <>
      <p className="piece-unpaid" data-testid="piece-unpaid">
        Not paid yet: <strong>{rupees(row.toPay)}</strong> for your piece{fee}. It counts towards the group once it is paid.
      </p>
      {open && <PayForPieces token={token} amount={row.toPay} label={`Pay ${rupees(row.toPay)}`} onPaid={onPaid} />}
    </>
  );
}
