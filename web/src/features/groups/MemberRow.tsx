// A signed-in member's part of a group link: the join form, or their piece
// with Change and Withdraw while the group is open. Every refusal (already
// joined, closed, cancelled, past the deadline, a name the engine will not
// print) shows the server's message.
import { useState, type FormEvent } from 'react';
import { GROUP_CHANGE_FAILED, GROUP_FAILED, JOIN_FAILED, useMyGroupRow, useMyRowActions, type MyGroupRow } from '../../api/groupOrders';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Spinner } from '../../components/Spinner';
import { designsError } from '../designs/errors';
import type { PrintedFields } from './printedFields';
import { EMPTY_ROW, RowFields, rowRequest, type RowValue } from './RowFields';

const asValue = (row: MyGroupRow): RowValue => ({ size: row.size, name: row.name ?? '', number: row.number ?? '' });

export function MemberRow({ token, fields, open }: { token: string; fields: PrintedFields; open: boolean }) {
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
          {open && (
            <div className="row">
              <button className="btn small" type="button" disabled={busy} onClick={() => (setDone(null), setEditing(asValue(row)))}>
                Change
              </button>
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
            run((o) => actions.withdraw.mutate(undefined, o), 'You have withdrawn from the group order.', GROUP_CHANGE_FAILED);
          }}
          onCancel={() => setWithdrawing(false)}
        >
          You can join again until the deadline.
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
