// A customer's quote (/quotes/:id, the link in its e-mail): the line and its
// sizes, the list and quoted prices with the engine's breakdown, how long it
// holds, the store's note, its PDF, and "Accept and go to cart". A quote for
// the garments only takes one of the customer's saved designs of its product
// and colour. An expired or accepted quote says so and offers no acceptance.
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAcceptQuote, useQuote, downloadQuotePdf, type Quote } from '../../api/quotes';
import { useAllSavedDesigns } from '../../api/designs';
import { Spinner } from '../../components/Spinner';
import { serverErrorText } from '../../lib/api';
import { formatDate } from '../../lib/formatDate';
import { currentLanguage, useT, type MessageId } from '../../lib/i18n';
import { QuoteBreakdown, sizesText } from './QuoteBreakdown';
import './quotes.css';

const hindiDay = new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "30 Nov 2026" (in Hindi "30 नव॰ 2026") from the quote's YYYY-MM-DD (its last day, in India). */
export function dayText(ymd: string): string {
  const [y, m, d] = ymd.split('-').map(Number);
  if (!(Number.isFinite(y) && m >= 1 && m <= 12)) return ymd;
  if (currentLanguage() === 'hi') return hindiDay.format(Date.UTC(y, m - 1, d));
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return `${d} ${months[m - 1]} ${y}`;
}

/** A quote's status in words (the catalogue's ids); another status shows as the server names it. */
export const STATUS_TEXT: Partial<Record<string, MessageId>> = { open: 'quotes.status.open', accepted: 'quotes.status.accepted', expired: 'quotes.status.expired' };

export default function QuotePage() {
  const { id = '' } = useParams();
  const t = useT();
  const quote = useQuote(id);
  if (quote.isPending) return <Spinner label={t('quotes.loading')} />;
  if (quote.isError)
    return (
      <section className="page quote-page">
        <div className="empty-state" role="alert">
          <p>{quote.error.message}</p>
          <Link className="btn" to="/user/quotes">
            {t('quotes.yourQuotes')}
          </Link>
        </div>
      </section>
    );
  return <QuoteView quote={quote.data} />;
}

function QuoteView({ quote }: { quote: Quote }) {
  const t = useT();
  const navigate = useNavigate();
  const accept = useAcceptQuote(quote.id);
  const needsDesign = !quote.design && quote.status === 'open';
  const designs = useAllSavedDesigns(needsDesign);
  const fitting = (designs.data?.designs ?? []).filter((d) => d.productId === quote.productId && d.color === quote.color);
  const [designId, setDesignId] = useState('');
  const [pdfError, setPdfError] = useState<string | null>(null);

  const go = () => accept.mutate(needsDesign ? designId : undefined, { onSuccess: () => void navigate('/cart') });
  const pdf = () => {
    setPdfError(null);
    downloadQuotePdf(quote).catch((e: unknown) => setPdfError(e instanceof Error ? e.message : t('quotes.pdfFailed')));
  };

  return (
    <section className="page quote-page">
      <header>
        <h1>{t('quotes.title', { number: quote.number })}</h1>
        <p className="muted">
          {t(quote.design ? 'quotes.subtitleDesign' : 'quotes.subtitleGarments', { product: quote.productName, color: quote.color })}
        </p>
      </header>
      <p className={`quote-status quote-${quote.status}`} data-testid="quote-status">
        {quote.status === 'open' && t('quotes.validUntil', { day: dayText(quote.validUntil) })}
        {quote.status === 'expired' && t('quotes.expired', { day: dayText(quote.validUntil) })}
        {quote.status === 'accepted' && (quote.acceptedAt != null ? t('quotes.acceptedOn', { date: formatDate(quote.acceptedAt) }) : t('quotes.accepted'))}
      </p>
      <p data-testid="quote-sizes">{t('quotes.sizes', { sizes: sizesText(quote.quantities) })}</p>
      <QuoteBreakdown line={quote.line} />
      {quote.note && (
        <blockquote className="quote-note" data-testid="quote-note">
          {quote.note}
        </blockquote>
      )}
      <div className="row">
        <button className="btn ghost" onClick={pdf}>
          {t('quotes.downloadPdf')}
        </button>
        {quote.status === 'open' && (
          <button className="btn" onClick={go} disabled={accept.isPending || (needsDesign && !designId)}>
            {accept.isPending ? t('quotes.accepting') : t('quotes.accept')}
          </button>
        )}
      </div>
      {needsDesign && (
        <label className="field">
          <span>{t('quotes.yourDesign')}</span>
          <select value={designId} onChange={(e) => setDesignId(e.target.value)}>
            <option value="">{designs.isPending ? t('quotes.loadingDesigns') : fitting.length ? t('quotes.chooseDesign') : t('quotes.noFittingDesign')}</option>
            {fitting.map((d) => (
              <option key={d._id} value={d._id}>
                {d.name}
              </option>
            ))}
          </select>
          {!designs.isPending && fitting.length === 0 && (
            <small className="muted">
              {t.rich('quotes.saveDesignFirst', {
                product: quote.productName,
                color: quote.color,
                link: (chunks) => (
                  <Link key="link" to={`/design?${new URLSearchParams({ productId: quote.productId, color: quote.color })}`}>
                    {chunks}
                  </Link>
                ),
              })}
            </small>
          )}
        </label>
      )}
      {accept.isError && (
        <p className="notice error" role="alert">
          {serverErrorText(accept.error, t('quotes.acceptFailed'))}
        </p>
      )}
      {pdfError && (
        <p className="notice error" role="alert">
          {pdfError}
        </p>
      )}
    </section>
  );
}
