// The customer's proof on a paid order: while one waits, "Review proof"
// opens the latest version (the PDF), and the customer approves it or asks
// for changes with a comment; then the state the proof is in.
import { useId, useState } from 'react';
import { ANSWER_FAILED, MAX_COMMENT, PROOFS_FAILED, latest, openProof, useAnswerProof, useProofs } from '../../api/proofs';
import type { Order } from '../../api/orders';
import { messageOf } from '../../lib/api';
import { Spinner } from '../../components/Spinner';

export function ProofReview({ order }: { order: Order }) {
  const proofs = useProofs(order);
  const answer = useAnswerProof(order._id);
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  const [comment, setComment] = useState('');
  const [pdfError, setPdfError] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const commentId = useId();
  if (!order.isPaid || !order.proofState) return null;
  if (proofs.isPending) return <Spinner label="Loading the proof…" />;
  if (proofs.isError) {
    return (
      <p className="notice error" role="alert">
        {messageOf(proofs.error, PROOFS_FAILED)}
      </p>
    );
  }
  const state = proofs.data.proofState ?? order.proofState;
  const proof = latest(proofs.data);
  const view = () => {
    if (!proof) return;
    setOpening(true);
    setPdfError(null);
    openProof(order, proof.version)
      .catch((e: Error) => setPdfError(e.message))
      .finally(() => setOpening(false));
  };
  const failure = answer.isError ? messageOf(answer.error, ANSWER_FAILED) : null;

  let body;
  if (state === 'approved') {
    body = <p className="notice ok">{proof ? `You approved proof version ${proof.version}. Your order goes into production.` : 'Your order goes into production.'}</p>;
  } else if (!proof) {
    body = <p className="muted">We are preparing the proof of your design. We will e-mail you when it is ready to review.</p>;
  } else if (proof.state === 'changes_requested') {
    body = (
      <p className="muted">
        You asked for changes to version {proof.version}: “{proof.comment}”. We will send you a new version.
      </p>
    );
  } else if (!open) {
    body = (
      <div className="row">
        <span>Proof version {proof.version} is ready for your approval.</span>
        <button className="btn small" onClick={() => setOpen(true)}>
          Review proof
        </button>
      </div>
    );
  } else {
    const trimmed = comment.trim();
    body = (
      <div className="proof-review-body">
        <p>
          Proof version {proof.version}
          {proof.note ? ` · ${proof.note}` : ''}
        </p>
        <div className="row">
          <button className="btn ghost small" onClick={view} disabled={opening}>
            {opening ? 'Opening the proof…' : 'Open the proof (PDF)'}
          </button>
          <button className="btn small" disabled={answer.isPending} onClick={() => answer.mutate({ version: proof.version })}>
            {answer.isPending && !asking ? 'Approving…' : 'Approve'}
          </button>
          <button className="btn ghost small" aria-expanded={asking} onClick={() => setAsking((a) => !a)}>
            Ask for changes
          </button>
        </div>
        {asking && (
          <form
            className="proof-changes"
            onSubmit={(e) => {
              e.preventDefault();
              if (trimmed) answer.mutate({ version: proof.version, comment: trimmed }, { onSuccess: () => setAsking(false) });
            }}
          >
            <label htmlFor={commentId}>What should we change?</label>
            <textarea id={commentId} value={comment} maxLength={MAX_COMMENT} rows={3} onChange={(e) => setComment(e.target.value)} required />
            <span className="muted small">
              {comment.length}/{MAX_COMMENT}
            </span>
            <button className="btn small" type="submit" disabled={!trimmed || answer.isPending}>
              {answer.isPending ? 'Sending…' : 'Send the request'}
            </button>
          </form>
        )}
        {pdfError && (
          <p className="notice error" role="alert">
            {pdfError}
          </p>
        )}
      </div>
    );
  }
  return (
    <section className="proof-review" aria-label={`Proof of order ${order.orderNumber}`}>
      <h3>Proof</h3>
      {body}
      {failure && (
        <p className="notice error" role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}
