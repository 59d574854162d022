// An order's claims in the admin's order details: each with its ticket
// number, pieces, reason, message and photos; an open one is decided here
// (reprint the pieces as a free linked order, refund their share with a
// credit note, or reject with a note), a decided one shows the outcome.
import { useId, useState } from 'react';
import { CLAIMS_FAILED, CLAIM_STATUS_LABEL, DECIDE_FAILED, reasonLabel, useClaimPhoto, useClaims, useDecideClaim, type Claim, type ClaimAction } from '../../../api/claims';
import { useAdminOrder } from '../../../api/adminOrders';
import type { Order } from '../../../api/orders';
import { serverErrorText } from '../../../lib/api';
import { formatDate } from '../../../lib/formatDate';
import { rupees } from '../../../lib/money';
import { Spinner } from '../../../components/Spinner';
import { sizesText } from '../../../lib/sizes';

/** Only a delivered order takes claims (one refunded since keeps them). */
export const mayHaveClaims = (order: Order) => order.status === 'delivered' || order.status === 'refunded';

export function ClaimsPanel({ order }: { order: Order }) {
  const claims = useClaims(order._id, mayHaveClaims(order));
  if (!mayHaveClaims(order)) return null;
  if (claims.isPending) return <Spinner label="Loading claims…" />;
  if (claims.isError)
    return (
      <p className="notice error" role="alert">
        {serverErrorText(claims.error, CLAIMS_FAILED)}
      </p>
    );
  if (claims.data.length === 0) return null;
  return (
    <>
      <h3>Claims</h3>
      <ul className="admin-claims">
        {claims.data.map((c) => (
          <ClaimCard key={c.id} order={order} claim={c} />
        ))}
      </ul>
    </>
  );
}

function ClaimCard({ order, claim }: { order: Order; claim: Claim }) {
  const line = order.orderItems.find((i) => i._id === claim.itemId);
  return (
    <li className="admin-claim" data-testid="admin-claim">
      <h4>
        Ticket {claim.ticketNumber} · {reasonLabel(claim.reason)}
      </h4>
      <p>
        {line && `${line.name} (${line.color}): `}
        {sizesText(claim.pieces)} · reported {formatDate(claim.createdAt)} · <strong>{CLAIM_STATUS_LABEL[claim.status]}</strong>
      </p>
      <p className="claim-message">{claim.message}</p>
      {claim.photos.length > 0 && (
        <ul className="claim-photos" aria-label={`Photos of claim ${claim.ticketNumber}`}>
          {claim.photos.map((sha, i) => (
            <ClaimPhoto key={sha} sha256={sha} alt={`Photo ${i + 1} of claim ${claim.ticketNumber}`} />
          ))}
        </ul>
      )}
      {claim.decision ? <Decision claim={claim} /> : <DecideClaim order={order} claim={claim} />}
    </li>
  );
}

function ClaimPhoto({ sha256, alt }: { sha256: string; alt: string }) {
  const photo = useClaimPhoto(sha256);
  return <li>{photo.src ? <img src={photo.src} alt={alt} width={110} height={110} /> : <span className="muted small">{photo.failed ? 'Photo not available' : 'Loading photo…'}</span>}</li>;
}

const DECIDED: Record<ClaimAction, string> = { reprint: 'Reprint', refund: 'Refund', reject: 'Reject' };

function DecideClaim({ order, claim }: { order: Order; claim: Claim }) {
  const id = useId();
  const decide = useDecideClaim(order._id);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const act = (action: ClaimAction) => {
    if (action === 'reject' && !note.trim()) return setError('Please write why the claim is rejected');
    setError(null);
    decide.mutate({ claimId: claim.id, action, note: note.trim() }, { onError: (e) => setError(serverErrorText(e, DECIDE_FAILED)) });
  };
  return (
    <div className="claim-decide" role="group" aria-label={`Decide claim ${claim.ticketNumber}`}>
      <label htmlFor={`${id}-note`}>Note to the customer</label>
      <textarea
        id={`${id}-note`}
        rows={2}
        value={note}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => {
          setNote(e.target.value);
          setError(null);
        }}
      />
      {error && (
        <p className="field-error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
      <div className="row">
        {(['reprint', 'refund', 'reject'] as const).map((action) => (
          <button key={action} className={`btn small ${action === 'reject' ? 'ghost danger-text' : action === 'refund' ? 'ghost' : ''}`} disabled={decide.isPending} onClick={() => act(action)}>
            {decide.isPending && decide.variables?.action === action ? `${DECIDED[action]}…` : DECIDED[action]}
          </button>
        ))}
      </div>
    </div>
  );
}

function Decision({ claim }: { claim: Claim }) {
  const d = claim.decision!;
  return (
    <p className="notice info claim-decision">
      {d.action === 'reprint' && (
        <>
          Reprinted as {d.reprintOrderId ? <ReprintOrderNumber id={d.reprintOrderId} /> : 'a new order'}.{' '}
        </>
      )}
      {d.action === 'refund' && (
        <>
          Refunded{d.refundPaise !== undefined && ` ${rupees(d.refundPaise)}`}
          {d.creditNoteNumber && `, credit note ${d.creditNoteNumber}`}.{' '}
        </>
      )}
      {d.action === 'reject' && <>Rejected. </>}
      {d.note && <>“{d.note}” </>}
      <span>{formatDate(d.decidedAt)}</span>
    </p>
  );
}

function ReprintOrderNumber({ id }: { id: string }) {
  const order = useAdminOrder(id);
  return <strong data-testid="reprint-order">order {order.data?.orderNumber ?? id}</strong>;
}
