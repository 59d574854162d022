// A design someone shared (/d/:token): its name, product, colour, thumbnail,
// details and price, nothing of its owner. 'Start my own copy' brings its
// pictures into this browser and makes it the studio's draft of that product,
// as a new design: the shopper edits their own copy and saving it creates
// their own design; the original never changes.
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { storeDesignPictures } from '../../api/designPictures';
import { useSharedDesign } from '../../api/sharedDesigns';
import { DesignDetails } from '../../components/DesignDetails';
import { RosterSummary } from '../../components/roster/RosterSummary';
import { Spinner } from '../../components/Spinner';
import { ApiError, serverErrorText } from '../../lib/api';
import { rupees } from '../../lib/money';
import { startDraft } from '../../lib/studioDraft';
import { useT } from '../../lib/i18n';
import './sharedDesign.css';

// Between the product and its colour, the same in every language.
const DOT = ' · ';

export default function SharedDesignPage() {
  const { token } = useParams();
  const navigate = useNavigate();
  const shared = useSharedDesign(token);
  const [copying, setCopying] = useState(false);
  const [copyError, setCopyError] = useState<string | null>(null);
  const t = useT();

  if (shared.isPending) return <Spinner label={t('shared.loading')} />;
  if (shared.isError) {
    const gone = shared.error instanceof ApiError && shared.error.status === 404;
    return (
      <section className="page narrow empty-state shared-gone" role="alert">
        <h1>{gone ? t('shared.linkNotValid') : serverErrorText(shared.error, t('shared.loadFailed'))}</h1>
        {gone ? (
          <p className="muted">{t('shared.askNewLink')}</p>
        ) : (
          <button className="btn" onClick={() => void shared.refetch()} disabled={shared.isFetching}>
            {t('shared.tryAgain')}
          </button>
        )}
        <Link className="btn ghost" to="/products">
          {t('shared.browse')}
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
      setCopyError(serverErrorText(e, t('shared.copyFailed')));
      setCopying(false);
    }
  };

  return (
    <section className="page shared-design">
      <img className="shared-shot" src={d.thumbnailUrl} alt={t('shared.thumbnail', { name: d.name })} />
      <div className="stack">
        <p className="eyebrow">{t('shared.eyebrow')}</p>
        <h1>{d.name}</h1>
        <p className="shared-product">
          {d.productName}
          {DOT}
          <span className="summary-dot" style={{ background: d.colorHex ?? '#ccc' }} aria-hidden /> <span className="capitalize">{d.color}</span>
        </p>
        <DesignDetails design={d} />
        <RosterSummary rows={d.design.roster} />
        <dl className="shared-price">
          <dt>{t('shared.unitPrice')}</dt>
          <dd>{rupees(d.price)}</dd>
          <dt>{t('shared.items')}</dt>
          <dd>{d.itemCount}</dd>
          {d.designFee > 0 && (
            <>
              <dt>{t('shared.designFee')}</dt>
              <dd>{rupees(d.designFee)}</dd>
            </>
          )}
          <dt className="total">{t('shared.total')}</dt>
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
          {copying ? t('shared.copying') : t('shared.copy')}
        </button>
        <p className="muted small-print">{t('shared.copyNote')}</p>
      </div>
    </section>
  );
}
