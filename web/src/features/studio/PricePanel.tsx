// Summary, sizes, the engine's live price breakdown and 'Add to Cart'. Every
// number here comes from the engine (the same code the server re-runs), at the
// gateway fee the server's facts name (none while they load: no guessed fee;
// with the server down, the fee it last named, as the offline cart charges).
// With the server down (or an offline session) the line goes to the cart kept
// in this browser, to be sent to the server cart at the next real sign-in.
import { useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { api, ApiError, isUnreachable, refreshSession, SERVER_UNREACHABLE, unwrap } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { useBackendAvailable } from '../../lib/health';
import { percentOff, rupees } from '../../lib/money';
import { prefersReducedMotion } from '../../lib/motion';
import { engineMessage, FACTS, pricingOf, type LineQuote, type OrderQuote } from '../../lib/engine';
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

  // After a 401 the shopper may renew the session in place, keeping the design.
  const refreshAuth = async () => {
    if (await refreshSession()) {
      setAuthLost(false);
      onMessage('ok', 'Authentication restored! Please try adding to cart again.');
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
      return onMessage('error', engineMessage(e));
    }
    if (!isAuthenticated) {
      onMessage('error', 'Please login to add items to cart');
      navigate('/login', { state: { from: { pathname: location.pathname, search: location.search } } });
      return;
    }
    if (backend === false || offline) return addOffline();
    if (product._id.length !== 24) return onMessage('error', 'Invalid product data. Please refresh the page and try again.');
    setAdding(true);
    try {
      try {
        unwrap(await api.GET('/products/{id}', { params: { path: { id: product._id } } }), 'Product verification failed.');
      } catch (e) {
        if (isUnreachable(e)) throw e;
        return onMessage('error', 'Product verification failed. Please refresh the page and try again.');
      }
      const design = studio.design();
      // The pictures first: the server prints what it holds.
      if (designImages(design).length > 0) onMessage('ok', 'Uploading your image...');
      await uploadDesignImages(design);
      // The price per piece shown: the server refuses it unless it is its own for these pieces.
      await addToCart.mutateAsync({ design, price: line?.unitPrice ?? product.price });
      handle.discardDraft();
      onMessage('ok', 'Added to cart! Taking you to your cart...');
      setTimeout(() => navigate('/cart'), REDIRECT_AFTER_ADD_MS);
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) {
        setAuthLost(true);
        onMessage('error', 'Authentication required. If you are already logged in, click the "Refresh Auth State" button below or try logging in again.');
      } else if (e instanceof ApiError) {
        onMessage('error', e.message);
      } else if (isUnreachable(e)) {
        // The server went away after the last health check: the line waits in this browser.
        await addOffline(SERVER_UNREACHABLE);
      } else {
        onMessage('error', 'Failed to add item to cart. Please check your connection and try again.');
      }
    } finally {
      setAdding(false);
    }
  };

  /** Keeps the line in this browser's cart, at the price shown here. */
  async function addOffline(why?: string) {
    try {
      await localCart.add(product, studio.design());
    } catch (e) {
      return onMessage('error', engineMessage(e));
    }
    handle.discardDraft();
    onMessage('ok', `${why ? `${why} ` : ''}Added to your offline cart! Taking you to your cart...`);
    setTimeout(() => navigate('/cart'), REDIRECT_AFTER_ADD_MS);
  }

  return (
    <aside className="panel stack" aria-labelledby="summary-heading">
      <h2 id="summary-heading">Summary</h2>
      <dl className="summary">
        <dt>Product</dt>
        <dd>{product.name}</dd>
        <dt>Colour</dt>
        <dd className="capitalize">{design.color}</dd>
        <dt>Material</dt>
        <dd>{design.materialQuality}</dd>
        <dt>Print quality</dt>
        <dd>{design.printQuality}</dd>
        <dt>Base price</dt>
        <dd>{rupees(product.price)} each</dd>
      </dl>
      <h3>Sizes</h3>
      {/* A personalised design has a piece per row of its list: the list sets the sizes. */}
      <SizeSteppers sizes={handle.garment.sizes} sizePrices={handle.garment.sizePrices} value={design.quantities} onChange={setQuantity} disabled={personalised} />
      <SizeChartBeside chart={product.sizeChart} sizes={handle.garment.sizes} />
      {personalised && (
        <p className="hint muted" data-testid="sizes-from-roster">
          The sizes follow your names and numbers list.
        </p>
      )}
      <p className="muted" data-testid="total-quantity">
        {total} item{total === 1 ? '' : 's'} · minimum {FACTS.minPerColor} per colour
      </p>
      {line && (
        <table className="breakdown" data-testid="price-breakdown">
          <tbody>
            <tr>
              <td>
                Garments ({line.quantity} × {rupees(line.unitPrice)})
              </td>
              <td>{rupees(line.garments)}</td>
            </tr>
            {!!line.sizeSurcharges && (
              <tr data-testid="size-surcharges">
                <td>Size surcharges</td>
                <td>{rupees(line.sizeSurcharges)}</td>
              </tr>
            )}
            {line.tierDiscountBps > 0 && (
              <tr data-testid="tier-discount">
                <td>
                  Quantity tier ({percentOff(line.tierDiscountBps)} off {rupees(line.baseUnitPrice)})
                </td>
                <td>saves {rupees(line.tierDiscount)}</td>
              </tr>
            )}
            <tr>
              <td>
                Design fee ({line.elements} element{line.elements === 1 ? '' : 's'}, first free)
              </td>
              <td>{rupees(line.designFee)}</td>
            </tr>
            {line.personalisation && (
              <tr data-testid="studio-personalisation">
                <td>
                  {line.personalisation.label} ({line.personalisation.pieces} × {rupees(line.personalisation.perPiece)})
                </td>
                <td>{rupees(line.personalisation.total)}</td>
              </tr>
            )}
            <tr>
              <td>Subtotal</td>
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
                <td>Total</td>
                <td data-testid="studio-total">{rupees(order.total)}</td>
              </tr>
            )}
            {!fee && (
              <tr>
                <td colSpan={2} className="muted" data-testid="fee-pending">
                  {store.isError ? 'The payment gateway charge, if any, is added at checkout.' : 'Loading the payment gateway charge…'}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      )}
      <TierTable pricing={pricing} line={line} />
      <button className="btn ghost" onClick={onPreview}>
        Preview Design
      </button>
      {authLost && (
        <button className="btn ghost" onClick={() => void refreshAuth()}>
          Refresh Auth State
        </button>
      )}
      {/* Below the minimum it still answers a click: with the engine's message saying what is missing. */}
      <button ref={addButton} className="btn block" disabled={adding} onClick={add} data-testid="add-to-cart">
        {adding ? 'Adding…' : need > 0 ? `Add to Cart (Need ${need} more)` : 'Add to Cart'}
      </button>
      {order && (
        <p className="visually-hidden" aria-live="polite" aria-atomic="true">
          Total {rupees(order.total)} for {total} item{total === 1 ? '' : 's'}
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
        <strong>{order ? rupees(order.total) : '—'}</strong>
        <span>
          {total} item{total === 1 ? '' : 's'} · Review and add to cart
        </span>
      </button>
    </aside>
  );
}
