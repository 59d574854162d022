// /proof/:token: the proof a WhatsApp update links to, opened without
// signing in; the customer approves it or says what to change, once.
import { useState } from 'react';
import { useParams } from 'react-router';
import { useAnswerProofLink, useProofLink } from '../../api/proofLinks';
import { ApiError } from '../../lib/api';
import { useT, type T } from '../../lib/i18n';
import './proofLink.css';

/** The page's words for why a link does not open (the server's status), not its English message. */
function failure(t: T, error: unknown): string {
  const status = error instanceof ApiError ? error.status : 0;
  if (status === 404) return t('proofLink.notFound');
  if (status === 409) return t('proofLink.used');
  if (status === 410) return t('proofLink.expired');
  return t('proofLink.failed');
}

export default function ProofLinkPage() {
  const { token = '' } = useParams();
  const t = useT();
  const proof = useProofLink(token);
  const answer = useAnswerProofLink(token);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const view = proof.data;

  if (proof.isPending) {
    return (
      <section className="page proof-link-page">
        <p className="muted" role="status">{t('proofLink.loading')}</p>
      </section>
    );
  }
  if (proof.isError || !view) {
    return (
      <section className="page proof-link-page">
        <h1>{t('proofLink.title')}</h1>
        <p className="form-error" role="alert">{failure(t, proof.error)}</p>
      </section>
    );
  }
  const open = view.state === 'sent' && !answer.isSuccess;
  const requestChanges = () => {
    if (!comment.trim()) {
      setMissing(true);
      return;
    }
    answer.mutate(comment.trim());
  };
  return (
    <section className="page proof-link-page">
      <header className="page-head">
        <h1>{t('proofLink.title')}</h1>
        <p className="muted">{t('proofLink.intro', { number: view.orderNumber, version: view.version })}</p>
      </header>
      {view.note && <p className="proof-link-note">{t('proofLink.note', { note: view.note })}</p>}
      <object className="proof-link-pdf" data={view.pdfUrl} type="application/pdf" aria-label={t('proofLink.pdfLabel', { version: view.version })}>
        <a href={view.pdfUrl} target="_blank" rel="noreferrer">{t('proofLink.openPdf')}</a>
      </object>
      {view.state === 'approved' && <p className="proof-link-done" role="status">{t('proofLink.approved')}</p>}
      {view.state === 'changes_requested' && <p className="proof-link-done" role="status">{t('proofLink.changesSent')}</p>}
      {answer.isError && <p className="form-error" role="alert">{failure(t, answer.error)}</p>}
      {open && (
        <div className="proof-link-actions">
          <button type="button" className="btn btn-primary" disabled={answer.isPending} onClick={() => answer.mutate(null)}>
            {t('proofLink.approve')}
          </button>
          <label htmlFor="proof-link-comment">{t('proofLink.commentLabel')}</label>
          <textarea
            id="proof-link-comment"
            value={comment}
            maxLength={2000}
            rows={4}
            aria-invalid={missing}
            onChange={(e) => {
              setComment(e.target.value);
              setMissing(false);
            }}
          />
          {missing && <p className="form-error" role="alert">{t('proofLink.commentMissing')}</p>}
          <button type="button" className="btn" disabled={answer.isPending} onClick={requestChanges}>
            {t('proofLink.requestChanges')}
          </button>
          <p className="muted">{t('proofLink.once')}</p>
        </div>
      )}
    </section>
  );
}
