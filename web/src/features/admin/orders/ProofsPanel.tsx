// The admin's side of an order's proof, in the order details: each version
// with its state, the admin's note and the customer's comment, a download of
// each, and "Send proof" (the server draws a new version, optional note).
import { useId, useState } from 'react';
import { PROOFS_FAILED, SEND_PROOF_FAILED, STATE_LABEL, downloadProof, useProofs, useSendProof } from '../../../api/proofs';
import type { Order } from '../../../api/orders';
import { messageOf } from '../../../lib/api';
import { Spinner } from '../../../components/Spinner';
import { dateFormat } from '../../../lib/dateFormat';

const dateTime = dateFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

export function ProofsPanel({ order }: { order: Order }) {
  const proofs = useProofs(order);
  const send = useSendProof(order._id);
  const [note, setNote] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const noteId = useId();
  if (!order.isPaid) return <p className="muted">An unpaid order has no proofs.</p>;
  const approved = (proofs.data?.proofState ?? order.proofState) === 'approved';
  const download = (version: number) => {
    setBusy(version);
    setError(null);
    downloadProof(order, version)
      .catch((e: Error) => setError(e.message))
      .finally(() => setBusy(null));
  };
  return (
    <div className="proofs-panel">
      <p>
        <strong>{approved ? 'Approved: the order may go into production.' : 'Waiting for the customer’s approval.'}</strong>
      </p>
      {proofs.isPending ? (
        <Spinner label="Loading proofs…" />
      ) : proofs.isError ? (
        <p className="notice error" role="alert">
          {messageOf(proofs.error, PROOFS_FAILED)}
        </p>
      ) : proofs.data.versions.length === 0 ? (
        <p className="muted">No proof sent yet.</p>
      ) : (
        <ol aria-label="Proof versions">
          {proofs.data.versions.map((v) => (
            <li key={v.version}>
              <strong>Version {v.version}</strong> · {STATE_LABEL[v.state]} · {dateTime.format(v.createdAt)}
              {v.source === 'uploaded' ? ' · uploaded' : ''}{' '}
              <button className="link-button" disabled={busy !== null} onClick={() => download(v.version)}>
                {busy === v.version ? 'Preparing…' : `Download version ${v.version}`}
              </button>
              {v.note && <div className="muted">Note: {v.note}</div>}
              {v.comment && <div>Customer’s comment: “{v.comment}”</div>}
            </li>
          ))}
        </ol>
      )}
      {!approved && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setSent(null);
            send.mutate(note, {
              onSuccess: (p) => {
                setNote('');
                setSent(`Proof version ${p.versions.at(-1)?.version ?? ''} sent to the customer`);
              },
            });
          }}
        >
          <label htmlFor={noteId}>Note to the customer (optional)</label>
          <textarea id={noteId} value={note} maxLength={1000} rows={2} onChange={(e) => setNote(e.target.value)} />
          <div className="row">
            <button className="btn small" type="submit" disabled={send.isPending}>
              {send.isPending ? 'Drawing the proof…' : 'Send proof'}
            </button>
          </div>
        </form>
      )}
      {sent && (
        <p className="notice ok" role="status">
          {sent}
        </p>
      )}
      {send.isError && (
        <p className="notice error" role="alert">
          {messageOf(send.error, SEND_PROOF_FAILED)}
        </p>
      )}
      {error && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The order's events in words, for the details' history. */
export function eventText(e: NonNullable<Order['events']>[number]): string {
  const who = e.actor === 'system' ? 'the system' : e.actorName || e.actor;
  const v = e.version ? ` version ${e.version}` : '';
  switch (e.kind) {
    case 'proof_sent':
      return `Proof${v} sent by ${who}${e.note ? `: ${e.note}` : ''}`;
    case 'proof_approved':
      return `Proof${v} approved by ${who}`;
    case 'proof_changes_requested':
      return `Changes to proof${v} requested by ${who}: “${e.note ?? ''}”`;
    case 'production_override':
      return `Production without an approved proof, by ${who}: ${e.note ?? ''}`;
    default:
      return `${e.kind} by ${who}`;
  }
}
