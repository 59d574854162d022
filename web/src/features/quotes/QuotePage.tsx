// A customer's quote (/quotes/:id, the link in its e-mail): the line and its
// sizes, the list and quoted prices with the engine's breakdown, how long it
// holds, the store's note, its PDF, and "Accept and go to cart". A quote for
// the garments only takes one of the customer's saved designs of its product
// and colour. An expired or accepted quote says so and offers no acceptance.
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useAcceptQuote, useQuote, downloadQuotePdf, ACCEPT_QUOTE_FAILED, type Quote } from '../../api/quotes';
import { useAllSavedDesigns } from '../../api/designs';
import { Spinner } from '../../components/Spinner';
import { serverErrorText } from '../../lib/api';
import { formatDate } from '../../lib/formatDate';
import { QuoteBreakdown, sizesText } from './QuoteBreakdown';
import './quotes.css';

/** "30 Nov 2026" from the quote's YYYY-MM-DD (its last day, in India). */
export function dayText(ymd: string): string {
  const [y, m, d] = ymd.split('-').map(Number);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  return Number.isFinite(y) && m >= 1 && m <= 12 ? `${d} ${months[m - 1]} ${y}` : ymd;
}

export const STATUS_TEXT: Record<string, string> = { open: 'Open', accepted: 'Accepted', expired: 'Expired' };

export default function QuotePage() {
  const { id = '' } = useParams();
  const quote = useQuote(id);
  if (quote.isPending) return <Spinner label="Loading the quote..." />;
  if (quote.isError)
    return (
      <section className="page quote-page">
        <div className="empty-state" role="alert">
          <p>{quote.error.message}</p>
          <Link className="btn" to="/user/quotes">
            Your quotes
          </Link>
        </div>
      </section>
    );
  return <QuoteView quote={quote.data} />;
}

function QuoteView({ quote }: { quote: Quote }) {
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
    downloadQuotePdf(quote).catch((e: unknown) => setPdfError(e instanceof Error ? e.message : 'Failed to download the quote'));
  };

  return (
    <section className="page quote-page">
      <header>
        <h1>Quote {quote.number}</h1>
        <p className="muted">
          {quote.productName} · {quote.color} · {quote.design ? 'with your design' : 'garments only'}
        </p>
      </header>
      <p className={`quote-status quote-${quote.status}`} data-testid="quote-status">
        {quote.status === 'open' && <>Valid until the end of {dayText(quote.validUntil)} (India)</>}
        {quote.status === 'expired' && <>This quote expired at the end of {dayText(quote.validUntil)}. Ask the store for a new one.</>}
        {quote.status === 'accepted' && <>Accepted{quote.acceptedAt != null && <> on {formatDate(quote.acceptedAt)}</>}: its line is (or was) in your cart at the quoted price.</>}
      </p>
      <p data-testid="quote-sizes">Sizes: {sizesText(quote.quantities)}</p>
      <QuoteBreakdown line={quote.line} />
      {quote.note && (
        <blockquote className="quote-note" data-testid="quote-note">
          {quote.note}
        </blockquote>
      )}
      <div className="row">
        <button className="btn ghost" onClick={pdf}>
          Download PDF
        </button>
        {quote.status === 'open' && (
          <button className="btn" onClick={go} disabled={accept.isPending || (needsDesign && !designId)}>
            {accept.isPending ? 'Accepting…' : 'Accept and go to cart'}
          </button>
        )}
      </div>
      {needsDesign && (
        <label className="field">
          <span>Your design for these garments</span>
          <select value={designId} onChange={(e) => setDesignId(e.target.value)}>
            <option value="">{designs.isPending ? 'Loading your designs…' : fitting.length ? 'Choose a saved design' : 'No saved design of this product and colour'}</option>
            {fitting.map((d) => (
              <option key={d._id} value={d._id}>
                {d.name}
              </option>
            ))}
          </select>
          {!designs.isPending && fitting.length === 0 && (
            <small className="muted">
              Save a design of the {quote.productName} in {quote.color} in the <Link to={`/design?${new URLSearchParams({ productId: quote.productId, color: quote.color })}`}>studio</Link> first.
            </small>
          )}
        </label>
      )}
      {accept.isError && (
        <p className="notice error" role="alert">
          {serverErrorText(accept.error, ACCEPT_QUOTE_FAILED)}
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
