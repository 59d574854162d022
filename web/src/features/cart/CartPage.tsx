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
import { useT, type T } from '../../lib/i18n';
import './cart.css';

export { errorText };

// The minus before a discount, the same in every language.
const MINUS = '−';

export default function CartPage() {
  const navigate = useNavigate();
  const cart = useCart();
  const clear = useClearCart();
  const [confirmClear, setConfirmClear] = useState(false);
  const backend = useBackendAvailable();
  const { offline } = useAuth();
  const t = useT();

  if (backend === false || offline) return <LocalCart />;
  if (cart.isPending) return <Spinner label={t('cart.loading')} />;
  if (cart.isError) {
    return (
      <section className="page empty-state" role="alert">
        <h2>{errorText(cart.error, t('cart.notFound'))}</h2>
        <button className="btn" onClick={() => void cart.refetch()} disabled={cart.isFetching}>
          {t('cart.tryAgain')}
        </button>
      </section>
    );
  }

  const data = cart.data;
  if (data.items.length === 0) {
    return (
      <section className="page empty-state">
        <h1>{t('cart.empty')}</h1>
        <p className="muted">{t('cart.emptyNote')}</p>
        <button className="btn" onClick={() => navigate('/')}>
          {t('cart.continueShopping')}
        </button>
        <LocalLinesLeft />
      </section>
    );
  }

  return (
    <section className="page cart-page">
      <header className="page-head row">
        <h1>{t('cart.title')}</h1>
        <span className="muted">{t('cart.itemCount', { count: data.itemCount })}</span>
      </header>
      <div className="cart-layout">
        <ul className="cart-lines">
          {data.items.map((item) => (
            <CartLine key={item._id} item={item} />
          ))}
        </ul>
        <aside className="cart-summary" aria-label={t('cart.summary')}>
          <h2>{t('cart.summary')}</h2>
          <dl>
            {data.discount > 0 && (
              <>
                <dt>{t('cart.beforeCoupon')}</dt>
                <dd>{rupees(data.subtotal + data.discount)}</dd>
                <dt>{t('cart.couponLine', { code: data.coupon?.code ?? '' })}</dt>
                <dd data-testid="cart-discount">{MINUS}{rupees(data.discount)}</dd>
              </>
            )}
            <dt>{t('cart.subtotal')}</dt>
            <dd>{rupees(data.subtotal)}</dd>
            {chargesGatewayFee(data.gatewayChargeBps) && (
              <>
                <dt>{data.gatewayLabel}</dt>
                <dd>{rupees(data.gatewayCharge)}</dd>
              </>
            )}
            <dt className="total">{t('cart.total')}</dt>
            <dd className="total" data-testid="cart-total">
              {rupees(data.totalPrice)}
            </dd>
          </dl>
          <CouponField cart={data} />
          <button className="btn block" onClick={() => navigate('/shipping')}>
            {t('cart.checkout')}
          </button>
          <button className="link-button" onClick={() => setConfirmClear(true)} disabled={clear.isPending}>
            {t('cart.clear')}
          </button>
          {clear.isError && (
            <p className="notice error" role="alert">
              {errorText(clear.error, t('cart.clearFailed'))}
            </p>
          )}
        </aside>
      </div>
      <LocalLinesLeft />
      {confirmClear && (
        <Dialog title={t('cart.clear')} onClose={() => setConfirmClear(false)}>
          <p>{t('cart.clearConfirm')}</p>
          <div className="row">
            <button className="btn danger" onClick={() => (setConfirmClear(false), clear.mutate())}>
              {t('cart.clear')}
            </button>
            <button className="btn ghost" onClick={() => setConfirmClear(false)}>
              {t('cart.keepItems')}
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
  const t = useT();

  const change = (size: string, n: number) => setDraft({ ...shown, [size]: Math.max(0, n) });
  const save = () =>
    update.mutate({ id: item._id, quantity: shown }, { onSuccess: () => setDraft(null) });

  return (
    <li className="cart-line" data-testid="cart-line">
      <span className="cart-swatch" style={{ background: item.colorHex ?? '#ccc' }} aria-hidden />
      <div className="cart-line-body">
        <h2>{item.name}</h2>
        <p className="muted">
          {t.rich(item.designFee > 0 ? 'cart.line.detailsWithFee' : 'cart.line.details', {
            color: item.color,
            elements: elementsText(item, t),
            price: <span key="price" data-testid="cart-unit-price">{rupees(item.price)}</span>,
            fee: rupees(item.designFee),
          })}
        </p>
        {item.quote && (
          <p className="tier-note" data-testid="cart-quote">
            {t('cart.line.quote', { number: item.quote.number, price: rupees(item.quote.heldUnitPrice) })}
          </p>
        )}
        {item.tierLabel && (
          <p className="tier-note" data-testid="cart-tier">
            {t('cart.line.tierLabel', { label: item.tierLabel, base: rupees(item.basePrice), saving: rupees(item.tierDiscount) })}
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
            {t('cart.line.coupon', { discount: rupees(item.discount), was: rupees(item.lineTotal + item.discount) })}
          </p>
        )}
        {(item.elements > 0 || roster.length > 0) && <DesignThumbnails productId={item.productId} color={item.color} design={item.design} />}
        <PrintWarnings warnings={item.printWarnings} />
        {roster.length > 0 && (
          <div className="row cart-roster">
            <RosterSummary rows={roster} />
            <button className="btn small ghost" onClick={() => setEditingNames(true)} disabled={busy} aria-label={t('cart.editNames.title', { name: item.name, color: item.color })}>
              {t('cart.editNames.button')}
            </button>
          </div>
        )}
        <SizeSteppers sizes={sizes} sizePrices={product.data?.sizePrices} value={shown} onChange={change} disabled={busy || roster.length > 0 || !!item.quote} />
        <SizeChartBeside chart={product.data?.sizeChart} sizes={sizes} />
        {draft && (
          <div className="row">
            <button className="btn" onClick={save} disabled={busy}>
              {update.isPending ? t('cart.saving') : t('cart.line.updateTo', { count: totalOf(shown) })}
            </button>
            <button className="link-button" onClick={() => (setDraft(null), update.reset())} disabled={busy}>
              {t('cart.cancel')}
            </button>
          </div>
        )}
        {update.isError && (
          <p className="notice error" role="alert">
            {errorText(update.error, t('cart.updateFailed'))}
          </p>
        )}
        {remove.isError && (
          <p className="notice error" role="alert">
            {errorText(remove.error, t('cart.removeFailed'))}
          </p>
        )}
      </div>
      {editingNames && <EditNamesDialog item={item} onClose={() => setEditingNames(false)} />}
      <div className="cart-line-side">
        <strong className="price">{rupees(item.lineTotal)}</strong>
        <button className="link-button" onClick={() => remove.mutate(item._id)} disabled={busy} aria-label={t('cart.line.removeItem', { name: item.name, color: item.color })}>
          {remove.isPending ? t('cart.removing') : t('cart.remove')}
        </button>
      </div>
    </li>
  );
}

/** "2 design elements"; a line printing only names and numbers says so instead of "0 design elements". */
function elementsText(item: { elements: number; personalisation?: { label: string } }, t: T): string {
  if (item.elements === 0 && item.personalisation) return item.personalisation.label;
  return t('cart.line.elements', { count: item.elements });
}
