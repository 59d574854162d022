// The cart (/cart): the server's revalidated lines and the engine's totals
// (subtotal, 2.5% payment gateway charge, total), with per-line quantity
// changes, removal and clearing. Money is integer paise shown in rupees.
// While the server cannot be reached (or in an offline session) it is the cart
// kept in this browser instead (LocalCart), labelled offline.
import { PrintWarnings } from '../../components/PrintQuality';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCart, useClearCart, useRemoveCartItem, useUpdateCartItem, type CartItem } from '../../api/cart';
import { chargesGatewayFee } from '../../api/store';
import { Dialog } from '../../components/Dialog';
import { DesignThumbnails } from '../../components/DesignThumbnails';
import { SizeSteppers } from '../../components/SizeSteppers';
import { SizeChartBeside } from '../../components/SizeChart';
import { useProduct } from '../../api/products';
import { lineSizes, sizesOf, totalOf, type Quantities } from '../../lib/sizes';
import { Spinner } from '../../components/Spinner';
import { errorText } from './errorText';
import { useBackendAvailable } from '../../lib/health';
import { rupees } from '../../lib/money';
import { useAuth } from '../../lib/auth';
import { LocalCart, LocalLinesLeft } from './LocalCart';
import { RosterSummary } from '../../components/roster/RosterSummary';
import { PersonalisationCharge } from '../../components/roster/PersonalisationCharge';
import { EditNamesDialog } from './EditNamesDialog';
import { CouponField } from './CouponField';
import './cart.css';

export { errorText };

export default function CartPage() {
  const navigate = useNavigate();
  const cart = useCart();
  const clear = useClearCart();
  const [confirmClear, setConfirmClear] = useState(false);
  const backend = useBackendAvailable();
  const { offline } = useAuth();

  if (backend === false || offline) return <LocalCart />;
  if (cart.isPending) return <Spinner label="Loading your cart…" />;
  if (cart.isError) {
    return (
      <section className="page empty-state" role="alert">
        <h2>{errorText(cart.error, 'Cart not found')}</h2>
        <button className="btn" onClick={() => void cart.refetch()} disabled={cart.isFetching}>
          Try Again
        </button>
      </section>
    );
  }

  const data = cart.data;
  if (data.items.length === 0) {
    return (
      <section className="page empty-state">
        <h1>Your cart is empty</h1>
        <p className="muted">Design a shirt in the studio and it will wait for you here.</p>
        <button className="btn" onClick={() => navigate('/')}>
          Continue Shopping
        </button>
        <LocalLinesLeft />
      </section>
    );
  }

  return (
    <section className="page cart-page">
      <header className="page-head row">
        <h1>Your Cart</h1>
        <span className="muted">
          {data.itemCount} {data.itemCount === 1 ? 'item' : 'items'}
        </span>
      </header>
      <div className="cart-layout">
        <ul className="cart-lines">
          {data.items.map((item) => (
            <CartLine key={item._id} item={item} />
          ))}
        </ul>
        <aside className="cart-summary" aria-label="Order summary">
          <h2>Order summary</h2>
          <dl>
            {data.discount > 0 && (
              <>
                <dt>Before the coupon</dt>
                <dd>{rupees(data.subtotal + data.discount)}</dd>
                <dt>Coupon {data.coupon?.code}</dt>
                <dd data-testid="cart-discount">−{rupees(data.discount)}</dd>
              </>
            )}
            <dt>Subtotal</dt>
            <dd>{rupees(data.subtotal)}</dd>
            {chargesGatewayFee(data.gatewayChargeBps) && (
              <>
                <dt>{data.gatewayLabel}</dt>
                <dd>{rupees(data.gatewayCharge)}</dd>
              </>
            )}
            <dt className="total">Total</dt>
            <dd className="total" data-testid="cart-total">
              {rupees(data.totalPrice)}
            </dd>
          </dl>
          <CouponField cart={data} />
          <button className="btn block" onClick={() => navigate('/shipping')}>
            Proceed to Checkout
          </button>
          <button className="link-button" onClick={() => setConfirmClear(true)} disabled={clear.isPending}>
            Clear cart
          </button>
          {clear.isError && (
            <p className="notice error" role="alert">
              {errorText(clear.error, 'Failed to clear cart')}
            </p>
          )}
        </aside>
      </div>
      <LocalLinesLeft />
      {confirmClear && (
        <Dialog title="Clear cart" onClose={() => setConfirmClear(false)}>
          <p>Are you sure you want to clear your cart?</p>
          <div className="row">
            <button className="btn danger" onClick={() => (setConfirmClear(false), clear.mutate())}>
              Clear cart
            </button>
            <button className="btn ghost" onClick={() => setConfirmClear(false)}>
              Keep items
            </button>
          </div>
        </Dialog>
      )}
    </section>
  );
}

/** One design line: what it is, its sizes (editable: its product's, with their surcharges and chart), its price and removal. */
function CartLine({ item }: { item: CartItem }) {
  const update = useUpdateCartItem();
  const remove = useRemoveCartItem();
  const product = useProduct(item.productId);
  const [draft, setDraft] = useState<Quantities | null>(null);
  const [editingNames, setEditingNames] = useState(false);
  // A personalised line's pieces are its roster's rows: its sizes change with the list.
  const roster = item.design.roster ?? [];
  const sizes = lineSizes(item.quantity, sizesOf(product.data));
  const shown = draft ?? item.quantity;
  const busy = update.isPending || remove.isPending;

  const change = (size: string, n: number) => setDraft({ ...shown, [size]: Math.max(0, n) });
  const save = () =>
    update.mutate({ id: item._id, quantity: shown }, { onSuccess: () => setDraft(null) });

  return (
    <li className="cart-line" data-testid="cart-line">
      <span className="cart-swatch" style={{ background: item.colorHex ?? '#ccc' }} aria-hidden />
      <div className="cart-line-body">
        <h2>{item.name}</h2>
        <p className="muted">
          {item.color} · {elementsText(item)} · <span data-testid="cart-unit-price">{rupees(item.price)}</span> each
          {item.designFee > 0 && <> · design fee {rupees(item.designFee)}</>}
        </p>
        {item.quote && (
          <p className="tier-note" data-testid="cart-quote">
            Quoted price {item.quote.number}: {rupees(item.quote.heldUnitPrice)} each, for these pieces (remove the line to give it up)
          </p>
        )}
        {item.tierLabel && (
          <p className="tier-note" data-testid="cart-tier">
            {item.tierLabel} {rupees(item.basePrice)}: you save {rupees(item.tierDiscount)}
          </p>
        )}
        {item.nextTierHint && (
          <p className="muted small" data-testid="cart-next-tier">
            {item.nextTierHint}
          </p>
        )}
        <PersonalisationCharge line={item.personalisation} testId="cart-personalisation" />
        {item.discount > 0 && (
          <p className="coupon-note" data-testid="cart-line-discount">
            Coupon: −{rupees(item.discount)} (was {rupees(item.lineTotal + item.discount)})
          </p>
        )}
        {(item.elements > 0 || roster.length > 0) && <DesignThumbnails productId={item.productId} color={item.color} design={item.design} />}
        <PrintWarnings warnings={item.printWarnings} />
        {roster.length > 0 && (
          <div className="row cart-roster">
            <RosterSummary rows={roster} />
            <button className="btn small ghost" onClick={() => setEditingNames(true)} disabled={busy} aria-label={`Edit names: ${item.name} (${item.color})`}>
              Edit names
            </button>
          </div>
        )}
        <SizeSteppers sizes={sizes} sizePrices={product.data?.sizePrices} value={shown} onChange={change} disabled={busy || roster.length > 0 || !!item.quote} />
        <SizeChartBeside chart={product.data?.sizeChart} sizes={sizes} />
        {draft && (
          <div className="row">
            <button className="btn" onClick={save} disabled={busy}>
              {update.isPending ? 'Saving…' : `Update to ${totalOf(shown)} items`}
            </button>
            <button className="link-button" onClick={() => (setDraft(null), update.reset())} disabled={busy}>
              Cancel
            </button>
          </div>
        )}
        {update.isError && (
          <p className="notice error" role="alert">
            {errorText(update.error, 'Failed to update item')}
          </p>
        )}
        {remove.isError && (
          <p className="notice error" role="alert">
            {errorText(remove.error, 'Failed to remove item from cart')}
          </p>
        )}
      </div>
      {editingNames && <EditNamesDialog item={item} onClose={() => setEditingNames(false)} />}
      <div className="cart-line-side">
        <strong className="price">{rupees(item.lineTotal)}</strong>
        <button className="link-button" onClick={() => remove.mutate(item._id)} disabled={busy} aria-label={`Remove ${item.name} (${item.color})`}>
          {remove.isPending ? 'Removing…' : 'Remove'}
        </button>
      </div>
    </li>
  );
}

/** "2 design elements"; a line printing only names and numbers says so instead of "0 design elements". */
function elementsText(item: { elements: number; personalisation?: { label: string } }): string {
  if (item.elements === 0 && item.personalisation) return item.personalisation.label;
  return `${item.elements} design ${item.elements === 1 ? 'element' : 'elements'}`;
}
