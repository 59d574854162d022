// Summary, sizes, the engine's live price breakdown and 'Add to Cart'. Every
// number here comes from the engine (the same code the server re-runs), at the
// gateway fee the server's facts name (none while they load: no guessed fee;
// with the server down, the fee it last named, as the offline cart charges).
// With the server down (or an offline session) the line goes to the cart kept
// in this browser, to be sent to the server cart at the next real sign-in.
import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api, ApiError, isUnreachable, refreshSession, unwrap } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useBackendAvailable } from '../../lib/health';
import { percentOff, rupees } from '../../lib/money';
import { prefersReducedMotion } from '../../lib/motion';
import { FACTS, pricingOf, type LineQuote, type OrderQuote } from '../../lib/engine';
import { engineError } from '../../lib/engineMessages';
import { useT } from '../../lib/i18n';
import { useAddToCart } from '../../api/cart';
import { chargesGatewayFee, useStoreFacts } from '../../api/store';
import { useFeePolicy, useLocalCartChanges } from '../../hooks/useLocalCart';
import { designImages, uploadDesignImages } from '../../api/artwork';
import type { Product } from '../../api/products';
import { SizeSteppers } from '../../components/SizeSteppers';
import { SizeChartBeside } from '../../components/SizeChart';
import type { StudioHandle } from './useStudio';
import { TierTable } from './TierTable';
import { isPersonalised } from './NamesNumbersPanel';

export const REDIRECT_AFTER_ADD_MS = 1_500;
/** The phone bar's price before there is one: the same in every language. */
const NO_PRICE = '—';

export function PricePanel({ handle, product, onPreview, onMessage }: { handle: StudioHandle; product: Product; onPreview: () => void; onMessage: (kind: 'ok' | 'error', text: string) => void }) {
  const { studio, design } = handle;
  const { isAuthenticated, offline } = useAuth();
  const backend = useBackendAvailable();
  const navigate = useNavigate();
  const location = useLocation();
  const addToCart = useAddToCart();
  const addButton = useRef<HTMLButtonElement>(null);
  const [adding, setAdding] = useState(false);
  const [authLost, setAuthLost] = useState(false);
  const store = useStoreFacts();
  const fee = useFeePolicy();
  const localCart = useLocalCartChanges();
  const t = useT();

  // After a 401 the shopper may renew the session in place, keeping the design.
  const refreshAuth = async () => {
    if (await refreshSession()) {
      setAuthLost(false);
      onMessage('ok', t('studio.authRestored'));
    } else {
      navigate('/login', { state: { from: { pathname: location.pathname, search: location.search } } });
    }
  };

  const personalised = isPersonalised(handle);
  const need = studio.needMore();
  const total = studio.totalQuantity();
  const pricing = pricingOf(product);
  let line: LineQuote | null = null;
  let order: OrderQuote | null = null;
  try {
    line = studio.quote(pricing);
    if (fee) order = studio.orderQuote(pricing, fee.gatewayFeeBps);
  } catch {
    // Quantities the engine refuses show no price.
  }

  const setQuantity = (size: string, n: number) => {
    const error = handle.change((s) => s.setQuantity(size, n));
    if (error) onMessage('error', error);
  };

  const add = async () => {
    // The engine's rules first ('Please select at least one item…', the
    // 25-per-colour minimum): they need neither a session nor the server.
    try {
      studio.checkForCart();
    } catch (e) {
      return onMessage('error', engineError(t, e));
    }
    if (!isAuthenticated) {
      onMessage('error', t('studio.loginToAdd'));
      navigate('/login', { state: { from: { pathname: location.pathname, search: location.search } } });
      return;
    }
    if (backend === false || offline) return addOffline();
    if (product._id.length !== 24) return onMessage('error', t('studio.invalidProduct'));
    setAdding(true);
    try {
      try {
        unwrap(await api.GET('/products/{id}', { params: { path: { id: product._id } } }), t('studio.verificationFailedShort'));
      } catch (e) {
        if (isUnreachable(e)) throw e;
        return onMessage('error', t('studio.verificationFailed'));
      }
      const design = studio.design();
      // The pictures first: the server prints what it holds.
      if (designImages(design).length > 0) onMessage('ok', t('studio.uploadingImage'));
      await uploadDesignImages(design);
      // The price per piece shown: the server refuses it unless it is its own for these pieces.
      await addToCart.mutateAsync({ design, price: line?.unitPrice ?? product.price });
      handle.discardDraft();
      onMessage('ok', t('studio.addedToCart'));
      setTimeout(() => navigate('/cart'), REDIRECT_AFTER_ADD_MS);
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) {
        setAuthLost(true);
        onMessage('error', t('studio.authRequired'));
      } else if (e instanceof ApiError) {
        onMessage('error', e.message);
      } else if (isUnreachable(e)) {
        // The server went away after the last health check: the line waits in this browser.
        await addOffline(true);
      } else {
        onMessage('error', t('studio.addFailed'));
      }
    } finally {
      setAdding(false);
    }
  };

  /** Keeps the line in this browser's cart, at the price shown here. */
  async function addOffline(unreachable = false) {
    try {
      await localCart.add(product, studio.design());
    } catch (e) {
      return onMessage('error', engineError(t, e));
    }
    handle.discardDraft();
    onMessage('ok', t(unreachable ? 'studio.addedOfflineUnreachable' : 'studio.addedOffline'));
    setTimeout(() => navigate('/cart'), REDIRECT_AFTER_ADD_MS);
  }

  return (
    <aside className="panel stack" aria-labelledby="summary-heading">
      <h2 id="summary-heading">{t('studio.summary')}</h2>
      <dl className="summary">
        <dt>{t('studio.product')}</dt>
        <dd>{product.name}</dd>
        <dt>{t('studio.colour')}</dt>
        <dd className="capitalize">{design.color}</dd>
        <dt>{t('studio.material')}</dt>
        <dd>{t('studio.materialQuality', { quality: design.materialQuality })}</dd>
        <dt>{t('studio.printQuality')}</dt>
        <dd>{t('studio.printQualityValue', { quality: design.printQuality })}</dd>
        <dt>{t('studio.basePrice')}</dt>
        <dd>{t('studio.each', { price: rupees(product.price) })}</dd>
      </dl>
      <h3>{t('studio.sizes')}</h3>
      {/* A personalised design has a piece per row of its list: the list sets the sizes. */}
      <SizeSteppers sizes={handle.garment.sizes} sizePrices={handle.garment.sizePrices} value={design.quantities} onChange={setQuantity} disabled={personalised} />
      <SizeChartBeside chart={product.sizeChart} sizes={handle.garment.sizes} />
      {personalised && (
        <p className="hint muted" data-testid="sizes-from-roster">
          {t('studio.sizesFromRoster')}
        </p>
      )}
      <p className="muted" data-testid="total-quantity">
        {t('studio.totalQuantity', { count: total, n: String(total), min: String(FACTS.minPerColor) })}
      </p>
      {line && (
        <table className="breakdown" data-testid="price-breakdown">
          <tbody>
            <tr>
              <td>
                {t('studio.garments', { quantity: String(line.quantity), price: rupees(line.unitPrice) })}
              </td>
              <td>{rupees(line.garments)}</td>
            </tr>
            {!!line.sizeSurcharges && (
              <tr data-testid="size-surcharges">
                <td>{t('studio.sizeSurcharges')}</td>
                <td>{rupees(line.sizeSurcharges)}</td>
              </tr>
            )}
            {line.tierDiscountBps > 0 && (
              <tr data-testid="tier-discount">
                <td>
                  {t('studio.quantityTier', { percent: percentOff(line.tierDiscountBps), price: rupees(line.baseUnitPrice) })}
                </td>
                <td>{t('studio.saves', { amount: rupees(line.tierDiscount) })}</td>
              </tr>
            )}
            <tr>
              <td>
                {t('studio.designFee', { count: line.elements })}
              </td>
              <td>{rupees(line.designFee)}</td>
            </tr>
            {line.personalisation && (
              <tr data-testid="studio-personalisation">
                <td>
                  {t('studio.personalisation', { label: line.personalisation.label, pieces: String(line.personalisation.pieces), price: rupees(line.personalisation.perPiece) })}
                </td>
                <td>{rupees(line.personalisation.total)}</td>
              </tr>
            )}
            <tr>
              <td>{t('studio.subtotal')}</td>
              <td>{rupees(order?.subtotal ?? line.total)}</td>
            </tr>
            {order && fee && chargesGatewayFee(fee.gatewayFeeBps) && (
              <tr>
                <td>{fee.gatewayLabel}</td>
                <td>{rupees(order.gatewayCharge)}</td>
              </tr>
            )}
            {order && (
              <tr className="grand">
                <td>{t('studio.total')}</td>
                <td data-testid="studio-total">{rupees(order.total)}</td>
              </tr>
            )}
            {!fee && (
              <tr>
                <td colSpan={2} className="muted" data-testid="fee-pending">
                  {store.isError ? t('studio.feeAtCheckout') : t('studio.feeLoading')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      )}
      <TierTable pricing={pricing} line={line} />
      <button className="btn ghost" onClick={onPreview}>
        {t('studio.previewDesign')}
      </button>
      {authLost && (
        <button className="btn ghost" onClick={() => void refreshAuth()}>
          {t('studio.refreshAuth')}
        </button>
      )}
      {/* Below the minimum it still answers a click: with the engine's message saying what is missing. */}
      <button ref={addButton} className="btn block" disabled={adding} onClick={add} data-testid="add-to-cart">
        {adding ? t('studio.adding') : need > 0 ? t('studio.addToCartNeed', { need: String(need) }) : t('studio.addToCart')}
      </button>
      {order && (
        <p className="visually-hidden" aria-live="polite" aria-atomic="true">
          {t('studio.totalFor', { total: rupees(order.total), count: total, n: String(total) })}
        </p>
      )}
      {/* Phones: the price stays in view while the design is edited above; a tap brings Add to Cart. */}
      <button
        type="button"
        className="phone-bar"
        onClick={() => {
          addButton.current?.scrollIntoView({ block: 'center', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
          addButton.current?.focus({ preventScroll: true });
        }}
      >
        <strong>{order ? rupees(order.total) : NO_PRICE}</strong>
        <span>
          {t('studio.phoneBar', { count: total, n: String(total) })}
        </span>
      </button>
    </aside>
  );
}
