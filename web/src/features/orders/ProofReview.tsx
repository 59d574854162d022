// The customer's proof on a paid order: while one waits, "Review proof"
// opens the latest version (the PDF), and the customer approves it or asks
// for changes with a comment; then the state the proof is in.
import { useId, useState } from 'react';
import { MAX_COMMENT, latest, openProof, useAnswerProof, useProofs } from '../../api/proofs';
import type { Order } from '../../api/orders';
import { serverErrorText } from '../../lib/api';
import { Spinner } from '../../components/Spinner';
import { useT } from '../../lib/i18n';

/** Signs the same in every language. */
const DOT = ' · ';
const OF = '/';

export function ProofReview({ order }: { order: Order }) {
  const proofs = useProofs(order);
  const answer = useAnswerProof(order._id);
  const [open, setOpen] = useState(false);
  const [asking, setAsking] = useState(false);
  const [comment, setComment] = useState('');
  const [pdfError, setPdfError] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const commentId = useId();
  const t = useT();
  if (!order.isPaid || !order.proofState) return null;
  if (proofs.isPending) return <Spinner label={t('proofs.loading')} />;
  if (proofs.isError) {
    return (
      <p className="notice error" role="alert">
        {serverErrorText(proofs.error, t('proofs.loadFailed'))}
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
  const failure = answer.isError ? serverErrorText(answer.error, t('proofs.answerFailed')) : null;

  let body;
  if (state === 'approved') {
    body = <p className="notice ok">{proof ? t('proofs.approved', { version: String(proof.version) }) : t('proofs.inProduction')}</p>;
  } else if (!proof) {
    body = <p className="muted">{t('proofs.preparing')}</p>;
  } else if (proof.state === 'changes_requested') {
    body = (
      <p className="muted">
        {t('proofs.changesAsked', { version: String(proof.version), comment: proof.comment ?? '' })}
      </p>
    );
  } else if (!open) {
    body = (
      <div className="row">
        <span>{t('proofs.ready', { version: String(proof.version) })}</span>
        <button className="btn small" onClick={() => setOpen(true)}>
          {t('proofs.review')}
        </button>
      </div>
    );
  } else {
    const trimmed = comment.trim();
    body = (
      <div className="proof-review-body">
        <p>
          {t('proofs.version', { version: String(proof.version) })}
          {proof.note && DOT}
          {proof.note}
        </p>
        <div className="row">
          <button className="btn ghost small" onClick={view} disabled={opening}>
            {opening ? t('proofs.opening') : t('proofs.open')}
          </button>
          <button className="btn small" disabled={answer.isPending} onClick={() => answer.mutate({ version: proof.version })}>
            {answer.isPending && !asking ? t('proofs.approving') : t('proofs.approve')}
          </button>
          <button className="btn ghost small" aria-expanded={asking} onClick={() => setAsking((a) => !a)}>
            {t('proofs.askChanges')}
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
            <label htmlFor={commentId}>{t('proofs.whatToChange')}</label>
            <textarea id={commentId} value={comment} maxLength={MAX_COMMENT} rows={3} onChange={(e) => setComment(e.target.value)} required />
            <span className="muted small">
              {comment.length}
              {OF}
              {MAX_COMMENT}
            </span>
            <button className="btn small" type="submit" disabled={!trimmed || answer.isPending}>
              {answer.isPending ? t('proofs.sending') : t('proofs.send')}
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
    <section className="proof-review" aria-label={t('proofs.ofOrder', { number: order.orderNumber })}>
      <h3>{t('proofs.title')}</h3>
      {body}
      {failure && (
        <p className="notice error" role="alert">
          {failure}
        </p>
      )}
    </section>
  );
}
