// A design someone shared (/d/:token): its name, product, colour, thumbnail,
// details and price, nothing of its owner. 'Start my own copy' brings its
// pictures into this browser and makes it the studio's draft of that product,
// as a new design: the shopper edits their own copy and saving it creates
// their own design; the original never changes.
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { storeDesignPictures } from '../../api/designPictures';
import { SHARED_DESIGN_FAILED, useSharedDesign } from '../../api/sharedDesigns';
import { DesignDetails } from '../../components/DesignDetails';
import { RosterSummary } from '../../components/roster/RosterSummary';
import { Spinner } from '../../components/Spinner';
import { ApiError, serverErrorText } from '../../lib/api';
import { rupees } from '../../lib/money';
import { startDraft } from '../../lib/studioDraft';
import './sharedDesign.css';

export const LINK_NOT_VALID = 'This link is not valid or was turned off';
export const COPY_FAILED = 'Failed to start your copy. Please try again.';

export default function SharedDesignPage() {
  const { token } = useParams();
  const navigate = useNavigate();
  const shared = useSharedDesign(token);
  const [copying, setCopying] = useState(false);
  const [copyError, setCopyError] = useState<string | null>(null);

  if (shared.isPending) return <Spinner label="Loading design..." />;
  if (shared.isError) {
    const gone = shared.error instanceof ApiError && shared.error.status === 404;
    return (
      <section className="page narrow empty-state shared-gone" role="alert">
        <h1>{gone ? LINK_NOT_VALID : serverErrorText(shared.error, SHARED_DESIGN_FAILED)}</h1>
        {gone ? (
          <p className="muted">Ask for a new link, or design your own.</p>
        ) : (
          <button className="btn" onClick={() => void shared.refetch()} disabled={shared.isFetching}>
            Try Again
          </button>
        )}
        <Link className="btn ghost" to="/products">
          Browse Products
        </Link>
      </section>
    );
  }

  const d = shared.data;
  const startCopy = async () => {
    setCopying(true);
    setCopyError(null);
    try {
      await storeDesignPictures(d.design, token ? { share: token } : undefined);
      startDraft(d.productId, d.design, null);
      navigate(`/design?${new URLSearchParams({ productId: d.productId, color: d.color })}`);
    } catch (e) {
      setCopyError(serverErrorText(e, COPY_FAILED));
      setCopying(false);
    }
  };

  return (
    <section className="page shared-design">
      <img className="shared-shot" src={d.thumbnailUrl} alt={`${d.name} thumbnail`} width={320} height={320} />
      <div className="stack">
        <p className="eyebrow">Shared design</p>
        <h1>{d.name}</h1>
        <p className="shared-product">
          {d.productName} · <span className="summary-dot" style={{ background: d.colorHex ?? '#ccc' }} aria-hidden /> <span className="capitalize">{d.color}</span>
        </p>
        <DesignDetails design={d} />
        <RosterSummary rows={d.design.roster} />
        <dl className="shared-price">
          <dt>Unit price</dt>
          <dd>{rupees(d.price)}</dd>
          <dt>Items</dt>
          <dd>{d.itemCount}</dd>
          {d.designFee > 0 && (
            <>
              <dt>Design fee</dt>
              <dd>{rupees(d.designFee)}</dd>
            </>
          )}
          <dt className="total">Total</dt>
          <dd className="total" data-testid="shared-total">
            {rupees(d.lineTotal)}
          </dd>
        </dl>
        {copyError && (
          <p className="notice error" role="alert">
            {copyError}
          </p>
        )}
        <button className="btn" onClick={() => void startCopy()} disabled={copying}>
          {copying ? 'Starting your copy…' : 'Start my own copy'}
        </button>
        <p className="muted small-print">Your copy opens in the studio. Change anything you like: the original stays as it is.</p>
      </div>
    </section>
  );
}
