// The cart kept in this browser (/cart while the server cannot be reached):
// clearly labelled offline, priced by the engine at the store's last known fee
// policy (the figures the server will charge), each line removable. Checkout
// needs the server, so it is disabled and says why; the lines go to the
// account's cart at the next sign-in with the server back.
import { PersonalisationCharge } from '../../components/roster/PersonalisationCharge';
import { RosterSummary } from '../../components/roster/RosterSummary';
import { PrintWarnings } from '../../components/PrintQuality';
import { useNavigate } from 'react-router';
import { chargesGatewayFee } from '../../api/store';
import { colorSwatch } from '../../components/colors';
import { DesignThumbnails } from '../../components/DesignThumbnails';
import { Spinner } from '../../components/Spinner';
import { engineMessage, type LineQuote } from '../../lib/engine';
import { nextTierHint } from '../../lib/engineMessages';
import type { LocalLine } from '../../lib/localCart';
import { percentOff, rupees } from '../../lib/money';
import { sizesText } from '../../lib/sizes';
import { lineLabel } from '../../lib/mergeLocalCart';
import { useT } from '../../lib/i18n';
import { useFeePolicy, useLocalCart, useLocalCartChanges, useLocalCartQuote } from '../../hooks/useLocalCart';

export function LocalCart() {
  const navigate = useNavigate();
  const lines = useLocalCart();
  const fee = useFeePolicy();
  const quote = useLocalCartQuote(lines.data, fee);
  const t = useT();

  if (lines.isError) {
    return (
      <section className="page empty-state" role="alert">
        <h1>{t('cart.offline.openFailed')}</h1>
        <p className="muted">{engineMessage(lines.error)}</p>
      </section>
    );
  }
  if (lines.isPending || (lines.data.length > 0 && quote.isPending)) return <Spinner label={t('cart.offline.loading')} />;
  const items = lines.data;
  const head = (
    <header className="page-head row">
      <h1>{t('cart.title')}</h1>
      <span className="offline-label">{t('cart.offline.label')}</span>
    </header>
  );
  const explanation = (
    <p className="notice info" data-testid="offline-cart-note">
      {t('cart.offline.explanation')}
    </p>
  );
  if (items.length === 0) {
    return (
      <section className="page cart-page">
        {head}
        {explanation}
        <div className="empty-state">
          <p className="muted">{t('cart.offline.empty')}</p>
          <button className="btn" onClick={() => navigate('/products')}>
            {t('cart.continueShopping')}
          </button>
        </div>
      </section>
    );
  }
  if (quote.isError) {
    return (
      <section className="page empty-state" role="alert">
        <h1>{t('cart.offline.priceFailed')}</h1>
        <p className="muted">{engineMessage(quote.error)}</p>
      </section>
    );
  }
  const order = quote.data!.order;
  return (
    <section className="page cart-page offline-cart">
      {head}
      {explanation}
      <div className="cart-layout">
        <ul className="cart-lines">
          {items.map((line, i) => (
            <LocalCartLine key={line.id} line={line} quote={quote.data!.lines[i]} warnings={quote.data!.printWarnings[i]} />
          ))}
        </ul>
        <aside className="cart-summary" aria-label={t('cart.summary')}>
          <h2>{t('cart.summary')}</h2>
          <dl>
            <dt>{t('cart.subtotal')}</dt>
            <dd>{rupees(order.subtotal)}</dd>
            {fee && chargesGatewayFee(order.gatewayChargeBps) && (
              <>
                <dt>{fee.gatewayLabel}</dt>
                <dd>{rupees(order.gatewayCharge)}</dd>
              </>
            )}
            <dt className="total">{t('cart.total')}</dt>
            <dd className="total" data-testid="cart-total">
              {rupees(order.total)}
            </dd>
          </dl>
          <button className="btn block" disabled aria-describedby="checkout-needs-server">
            {t('cart.checkout')}
          </button>
          <p id="checkout-needs-server" className="muted small">
            {t('cart.offline.checkoutNeedsServer')}
          </p>
        </aside>
      </div>
    </section>
  );
}

/**
 * Lines still kept in this browser while the server answers: the ones it did
 * not take at sign-in (the notice says why), shown below the server cart so
 * the shopper can remove them; they are offered to the server again at the
 * next sign-in.
 */
export function LocalLinesLeft() {
  const lines = useLocalCart();
  const fee = useFeePolicy();
  const quote = useLocalCartQuote(lines.data, fee);
  const t = useT();
  if (!lines.data?.length || !quote.data) return null;
  return (
    <section className="local-left" aria-labelledby="local-left-heading">
      <h2 id="local-left-heading">{t('cart.offline.leftTitle')}</h2>
      <p className="muted">{t('cart.offline.leftNote')}</p>
      <ul className="cart-lines">
        {lines.data.map((line, i) => (
          <LocalCartLine key={line.id} line={line} quote={quote.data.lines[i]} warnings={quote.data.printWarnings[i]} />
        ))}
      </ul>
    </section>
  );
}

function LocalCartLine({ line, quote, warnings }: { line: LocalLine; quote: LineQuote; warnings: string[] }) {
  const { remove } = useLocalCartChanges();
  const t = useT();

  return (
    <li className="cart-line" data-testid="cart-line">
      <span className="cart-swatch" style={{ background: colorSwatch(line.design.color, line.colorHex) }} aria-hidden />
      <div className="cart-line-body">
        <h2>{line.name}</h2>
        <p className="muted">
          {t(quote.designFee > 0 ? 'cart.line.detailsWithFee' : 'cart.line.details', {
            color: line.design.color,
            elements: t('cart.line.elements', { count: quote.elements }),
            price: rupees(quote.unitPrice),
            fee: rupees(quote.designFee),
          })}
        </p>
        {quote.tierDiscountBps > 0 && (
          <p className="tier-note">
            {t('cart.line.tier', { percent: percentOff(quote.tierDiscountBps), base: rupees(quote.baseUnitPrice), saving: rupees(quote.tierDiscount) })}
          </p>
        )}
        {quote.nextTier && <p className="muted small">{nextTierHint(t, quote.nextTier)}</p>}
        <PersonalisationCharge line={quote.personalisation} testId="cart-personalisation" />
        {(quote.elements > 0 || !!line.design.roster?.length) && <DesignThumbnails productId={line.design.productId} color={line.design.color} design={line.design} />}
        <PrintWarnings warnings={warnings} />
        <RosterSummary rows={line.design.roster} />
        <p>{t('cart.line.sizes', { sizes: sizesText(line.design.quantities, line.sizes) })}</p>
      </div>
      <div className="cart-line-side">
        <strong className="price">{rupees(quote.total)}</strong>
        <button className="link-button" onClick={() => void remove(line.id)} aria-label={t('cart.line.removeLabel', { name: lineLabel(line) })}>
          {t('cart.remove')}
        </button>
      </div>
    </li>
  );
}
