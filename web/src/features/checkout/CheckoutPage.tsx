// Checkout (/shipping): shipping and billing details, the order summary from
// the server's cart, and Place Order (the server's own total is the amount
// asked for). The form lives in sessionStorage, so a reload, a failed payment
// or a trip to the cart loses nothing. Saved addresses are offered to fill the
// shipping address; the default one fills an empty form by itself.
import { PrintWarnings } from '../../components/PrintQuality';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useAddresses } from '../../api/addresses';
import { couponCodeOf, useCart, type Cart } from '../../api/cart';
import { usePaymentMethods } from '../../api/payments';
import type { PincodeDetails } from '../../api/pincode';
import { Spinner } from '../../components/Spinner';
import { ApiError } from '../../lib/api';
import { addressLine } from '../../lib/address';
import { useAuth } from '../../lib/auth';
import { useBackendAvailable } from '../../lib/health';
import { rupees } from '../../lib/money';
import { chargesGatewayFee } from '../../api/store';
import { AddressFields } from '../../components/address/AddressFields';
import {
  addressesOf,
  billingState,
  emptyForm,
  gstinOf,
  MESSAGES,
  SHIPPING_ADDRESS_KEYS,
  shippingAddressEmpty,
  validate,
  withSavedAddress,
  type CheckoutForm,
  type Section,
} from '../../lib/checkoutForm';
import { receiptFor } from '../../lib/receipt';
import { loadStoredForm, normaliseForm, storeForm } from './form';
import { loadRazorpay } from '../../lib/razorpay';
import { SavedAddressPicker } from '../../components/address/SavedAddressPicker';
import { TestPaymentDialog } from '../../components/TestPaymentDialog';
import { useCheckoutPayment } from './useCheckoutPayment';
import { useGstinCheck } from '../../hooks/useGstinCheck';
import { usePincodeAutofill } from '../../hooks/usePincodeAutofill';
import { useDeliveryNote } from '../../hooks/useDeliveryNote';
import { useT } from '../../lib/i18n';
import './checkout.css';

// Signs the same in every language.
const MINUS = '−';

/** 'Fill Test Data' (test mode only): a real Delhi pincode, so the lookup agrees. */
export const TEST_DATA = {
  fullName: 'Test Customer',
  phone: '9876543210',
  addressLine1: '12 Janpath',
  addressLine2: 'Connaught Place',
  pincode: '110001',
  city: 'New Delhi',
  state: 'Delhi',
};

function initialForm(state: unknown, user: { email?: string; name?: string } | null): CheckoutForm {
  const fallback = emptyForm(user);
  const fromNavigation = (state as { formData?: unknown } | null)?.formData;
  return normaliseForm(fromNavigation, fallback) ?? loadStoredForm(fallback) ?? fallback;
}

function cartLines(cart: Cart) {
  return cart.items.map((i) => ({ id: i._id, product: i.name, color: i.color, quantity: i.quantity, totalQuantity: i.itemCount, price: i.lineTotal }));
}

export default function CheckoutPage() {
  const { user, isAuthenticated } = useAuth();
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const backend = useBackendAvailable();
  const cart = useCart();
  const methods = usePaymentMethods();
  const payment = useCheckoutPayment();
  const testMode = methods.data?.testMode === true;
  const saved = useAddresses();
  const savedAddresses = (saved.data ?? []).filter((a) => a.country.trim().toLowerCase() === 'india');

  const [form, setForm] = useState<CheckoutForm>(() => initialForm(location.state, user));
  const [submitted, setSubmitted] = useState(false);
  // Pay in full, or the store's advance now and the balance before dispatch (offered when the cart carries `advance`).
  const [payAdvance, setPayAdvance] = useState(false);
  // Order updates on WhatsApp: unticked until the shopper ticks it (consent for the number shown).
  const [whatsapp, setWhatsapp] = useState(false);
  const [touched, setTouched] = useState<Set<string>>(() => new Set());
  const formEl = useRef<HTMLFormElement>(null);

  useEffect(() => storeForm(form), [form]);
  // Form data handed back by 'Try Again' is now in the form (and in storage): a
  // reload must not bring the old copy back over newer edits.
  useEffect(() => {
    if ((location.state as { formData?: unknown } | null)?.formData) navigate(location.pathname, { replace: true, state: null });
  }, [location, navigate]);
  useEffect(() => {
    if (methods.data?.provider === 'razorpay') loadRazorpay().catch(() => {});
  }, [methods.data?.provider]);

  const fill = useCallback(
    (section: Section, d: PincodeDetails) =>
      setForm((f) => ({ ...f, [section]: { ...f[section], city: d.city || d.district, state: d.state } })),
    [],
  );
  const delivery = useDeliveryNote(form.shipping.pincode);
  const shippingPin = usePincodeAutofill(useCallback((d: PincodeDetails) => fill('shipping', d), [fill]));
  const billingPin = usePincodeAutofill(useCallback((d: PincodeDetails) => fill('billing', d), [fill]));

  // The saved address in the shipping form ('' once the shopper types their own).
  const [pickedAddress, setPickedAddress] = useState('');
  const pickAddress = (id: string) => {
    const a = savedAddresses.find((x) => x._id === id) ?? null;
    setPickedAddress(a ? id : '');
    shippingPin.pincodeChanged(''); // a lookup still on its way must not overwrite the chosen city
    setForm((f) => withSavedAddress(f, a));
    payment.setProblem(null);
  };
  // Once the saved addresses are known: the default (listed first) fills an empty form.
  const autoPicked = useRef(false);
  useEffect(() => {
    if (autoPicked.current || !saved.data) return;
    autoPicked.current = true;
    const first = saved.data.find((a) => a.country.trim().toLowerCase() === 'india');
    if (first && shippingAddressEmpty(form)) {
      setPickedAddress(first._id);
      setForm((f) => withSavedAddress(f, first));
    }
  }, [saved.data, form]);

  const gstin = useGstinCheck(form.gstin, billingState(form));
  const { errors, summary } = validate(form, { shipping: shippingPin.invalid ?? (delivery?.blocks ? delivery.message : undefined), billing: form.sameAsShipping ? undefined : billingPin.invalid }, gstin.error);
  const errorOf = (path: string) => {
    const e = errors[path];
    if (!e) return undefined;
    if (submitted) return e;
    return touched.has(path) && e !== MESSAGES.required ? e : undefined;
  };
  // A whole GSTIN is judged as it is typed; a shorter one once the field is left.
  const gstinError = errors.gstin && (form.gstin.trim().length >= 15 ? errors.gstin : errorOf('gstin'));

  const change = (section: Section) => (key: string, value: string) => {
    setForm((f) => ({ ...f, [section]: { ...f[section], [key]: value } }));
    if (section === 'shipping' && (SHIPPING_ADDRESS_KEYS as readonly string[]).includes(key)) setPickedAddress('');
    if (key === 'pincode') (section === 'shipping' ? shippingPin : billingPin).pincodeChanged(value);
    payment.setProblem(null);
  };
  const blur = (path: string) => setTouched((t) => (t.has(path) ? t : new Set(t).add(path)));

  const focusFirstError = () =>
    requestAnimationFrame(() => formEl.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus());

  const ready = backend === true && cart.isSuccess && cart.data.items.length > 0;
  const busy = payment.processing;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (summary) return focusFirstError();
    if (!ready || busy) return;
    const data = cart.data;
    const { shippingAddress, billingAddress } = addressesOf(form);
    const amount = data.totalPrice;
    const couponCode = couponCodeOf(data);
    const advance = payAdvance && data.advance ? data.advance : undefined;
    const buyerGstin = gstinOf(form);
    // A different GSTIN is a different order (the same receipt would return the first one).
    const fingerprint = JSON.stringify({
      amount,
      items: data.items.map((i) => [i._id, i.itemCount, i.lineTotal]),
      shippingAddress,
      billingAddress,
      same: form.sameAsShipping,
      gstin: buyerGstin,
      couponCode,
      plan: advance ? 'advance' : 'full',
    });
    void payment.placeOrder(
      {
        amount,
        currency: 'INR',
        receipt: receiptFor(fingerprint),
        notes: {
          customer_email: shippingAddress.email,
          customer_name: shippingAddress.fullName,
          customer_phone: `+91${shippingAddress.phone}`,
          shipping_address: addressLine(shippingAddress),
          billing_address: addressLine(billingAddress),
          items: JSON.stringify(cartLines(data)),
        },
        shippingAddress,
        ...(form.sameAsShipping ? {} : { billingAddress }),
        sameAsShipping: form.sameAsShipping,
        ...(buyerGstin ? { gstin: buyerGstin } : {}),
        ...(couponCode ? { couponCode } : {}),
        ...(advance ? { paymentPlan: 'advance' } : {}),
        ...(whatsapp ? { whatsappUpdates: true } : {}),
      },
      form,
    );
  };

  const fillTestData = () => {
    setPickedAddress('');
    setForm((f) => ({ ...f, shipping: { ...f.shipping, ...TEST_DATA, email: f.shipping.email || user?.email || 'test@example.com' } }));
    payment.setProblem(null);
  };

  const saveTestOrder = () => {
    setSubmitted(true);
    if (!isAuthenticated) return payment.setProblem({ message: t('checkout.test.loginFirst') });
    if (summary) return focusFirstError();
    if (!ready || busy) return;
    const { shippingAddress, billingAddress } = addressesOf(form);
    const buyerGstin = gstinOf(form);
    void payment.saveTest({
      shippingAddress,
      billingAddress,
      sameAsShipping: form.sameAsShipping,
      amount: cart.data.totalPrice,
      cartItems: cartLines(cart.data),
      ...(buyerGstin ? { gstin: buyerGstin } : {}),
      ...(couponCodeOf(cart.data) ? { couponCode: couponCodeOf(cart.data) } : {}),
    });
  };

  // ---- what the page shows ----

  if (backend !== false) {
    if (cart.isPending) return <Spinner label={t('checkout.loadingCart')} />;
    if (cart.isError) {
      return (
        <section className="page empty-state" role="alert">
          <h2>{cart.error instanceof ApiError ? cart.error.message : t('checkout.cartNotFound')}</h2>
          <button className="btn" onClick={() => void cart.refetch()} disabled={cart.isFetching}>
            {t('checkout.tryAgain')}
          </button>
        </section>
      );
    }
    if (cart.data.items.length === 0) {
      return (
        <section className="page empty-state">
          <h1>{t('checkout.emptyCart')}</h1>
          <p className="muted">{t('checkout.emptyCartNote')}</p>
          <Link className="btn" to="/products">
            {t('checkout.browseProducts')}
          </Link>
        </section>
      );
    }
  }

  return (
    <section className="page checkout-page">
      <header className="page-head">
        <h1>{t('checkout.title')}</h1>
        <p className="muted">{t('checkout.shippingNote')}</p>
      </header>
      {backend === false && (
        <div className="notice error" role="alert">
          <strong>{t('checkout.serverDown')}</strong>
          <p>{t('checkout.serverDownNote')}</p>
        </div>
      )}
      <form ref={formEl} className="checkout-layout" onSubmit={submit} noValidate aria-busy={busy}>
        <div className="checkout-forms">
          <fieldset className="checkout-card" disabled={busy}>
            <legend>{t('checkout.shippingAddress')}</legend>
            {savedAddresses.length > 0 && <SavedAddressPicker addresses={savedAddresses} value={pickedAddress} onPick={pickAddress} />}
            <AddressFields
              section="shipping"
              values={form.shipping}
              errorOf={errorOf}
              onChange={change('shipping')}
              onBlur={blur}
              pincode={shippingPin.status}
              delivery={delivery}
            />
            <label className="check">
              <input type="checkbox" checked={whatsapp} onChange={(e) => setWhatsapp(e.target.checked)} />
              {t('checkout.whatsappUpdates', { phone: form.shipping.phone.trim() || '—' })}
            </label>
          </fieldset>
          <fieldset className="checkout-card" disabled={busy}>
            <legend>{t('checkout.billingAddress')}</legend>
            <label className="check">
              <input
                type="checkbox"
                checked={form.sameAsShipping}
                onChange={(e) => setForm((f) => ({ ...f, sameAsShipping: e.target.checked }))}
              />
              {t('checkout.sameAsShipping')}
            </label>
            {!form.sameAsShipping && (
              <AddressFields section="billing" values={form.billing} errorOf={errorOf} onChange={change('billing')} onBlur={blur} pincode={billingPin.status} />
            )}
            <div className="field wide gstin-field">
              <label htmlFor="gstin">{t('checkout.gstin')}</label>
              <input
                id="gstin"
                name="gstin"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                value={form.gstin}
                aria-invalid={gstinError ? true : undefined}
                aria-describedby={gstinError ? 'gstin-error' : 'gstin-hint'}
                onChange={(e) => {
                  setForm((f) => ({ ...f, gstin: e.target.value }));
                  payment.setProblem(null);
                }}
                onBlur={() => blur('gstin')}
              />
              {gstinError ? (
                <small id="gstin-error" className="field-error">
                  {gstinError}
                </small>
              ) : (
                <small id="gstin-hint" className="muted field-hint">
                  {gstin.registeredIn && !errors.gstin
                    ? t('checkout.gstinRegistered', { state: gstin.registeredIn })
                    : t('checkout.gstinHint')}
                </small>
              )}
            </div>
          </fieldset>
          {testMode && (
            <div className="checkout-card test-tools" aria-label={t('checkout.test.tools')} role="group">
              <h2>{t('checkout.test.title')}</h2>
              <p className="muted">{t('checkout.test.note')}</p>
              <div className="row">
                <button type="button" className="btn ghost small" onClick={fillTestData} disabled={busy}>
                  {t('checkout.test.fill')}
                </button>
                <button type="button" className="btn ghost small" onClick={saveTestOrder} disabled={busy || !ready}>
                  {t('checkout.test.save')}
                </button>
              </div>
            </div>
          )}
        </div>

        <aside className="checkout-summary" aria-label={t('checkout.summary')}>
          <h2>{t('checkout.summary')}</h2>
          {backend === false || !cart.data ? (
            <p className="muted">{t('checkout.cartOnServer')}</p>
          ) : (
            <>
              <ul className="summary-lines">
                {cart.data.items.map((item) => (
                  <li key={item._id} data-testid="summary-line">
                    <span className="summary-swatch" style={{ background: item.colorHex ?? '#ccc' }} aria-hidden />
                    <div>
                      <strong>{item.name}</strong>
                      <span className="muted">
                        {t('checkout.line.pieces', { color: item.color, count: item.itemCount, price: rupees(item.price) })}
                      </span>
                      {item.tierLabel && (
                        <span className="muted" data-testid="summary-tier">
                          {t('checkout.line.tier', { label: item.tierLabel, saving: rupees(item.tierDiscount) })}
                        </span>
                      )}
                      {item.designFee > 0 && <span className="muted">{t('checkout.line.designFee', { fee: rupees(item.designFee) })}</span>}
                      {item.personalisation && (
                        <span className="muted" data-testid="summary-personalisation">
                          {t('roster.charge', {
                            label: item.personalisation.label,
                            pieces: item.personalisation.pieces,
                            perPiece: rupees(item.personalisation.perPiece),
                            total: rupees(item.personalisation.total),
                          })}
                        </span>
                      )}
                      {item.discount > 0 && (
                        <span className="muted" data-testid="summary-discount">
                          {t('checkout.line.coupon', { discount: rupees(item.discount) })}
                        </span>
                      )}
                      <PrintWarnings warnings={item.printWarnings} />
                    </div>
                    <span className="summary-amount">{rupees(item.lineTotal)}</span>
                  </li>
                ))}
              </ul>
              <dl>
                {cart.data.discount > 0 && (
                  <>
                    <dt>{t('checkout.coupon', { code: cart.data.coupon?.code ?? '' })}</dt>
                    <dd data-testid="checkout-discount">
                      {MINUS}
                      {rupees(cart.data.discount)}
                    </dd>
                  </>
                )}
                <dt>{t('checkout.subtotal', { count: cart.data.itemCount })}</dt>
                <dd>{rupees(cart.data.subtotal)}</dd>
                <dt>{t('checkout.shipping')}</dt>
                <dd>{t('checkout.free')}</dd>
                {chargesGatewayFee(cart.data.gatewayChargeBps) && (
                  <>
                    <dt>{cart.data.gatewayLabel}</dt>
                    <dd>{rupees(cart.data.gatewayCharge)}</dd>
                  </>
                )}
                <dt className="total">{t('checkout.total')}</dt>
                <dd className="total" data-testid="checkout-total">
                  {rupees(cart.data.totalPrice)}
                </dd>
              </dl>
              {cart.data.advance && (
                <fieldset className="payment-plan" data-testid="payment-plan">
                  <legend>{t('checkout.plan.title')}</legend>
                  <label>
                    <input type="radio" name="payment-plan" checked={!payAdvance} onChange={() => setPayAdvance(false)} disabled={busy} />
                    {t.rich('checkout.plan.full', { amount: rupees(cart.data.totalPrice), b: (chunks) => <strong key="b">{chunks}</strong> })}
                  </label>
                  <label>
                    <input type="radio" name="payment-plan" checked={payAdvance} onChange={() => setPayAdvance(true)} disabled={busy} />
                    {t.rich('checkout.plan.advance', {
                      percent: cart.data.advance.percent,
                      advance: rupees(cart.data.advance.advance),
                      balance: rupees(cart.data.advance.balance),
                      b: (chunks) => <strong key="b">{chunks}</strong>,
                      muted: (chunks) => (
                        <span key="muted" className="muted">
                          {chunks}
                        </span>
                      ),
                    })}
                  </label>
                </fieldset>
              )}
            </>
          )}
          {submitted && summary && (
            <p className="notice error" role="alert">
              {summary}
            </p>
          )}
          {payment.problem && (
            <p className="notice error" role="alert">
              {payment.problem.message}
              {payment.problem.paidOrder && (
                <>
                  {' '}
                  <Link to="/user/orders">{t('checkout.viewOrders')}</Link>
                </>
              )}
            </p>
          )}
          <button type="submit" className="btn block big" disabled={busy || !ready || delivery?.blocks}>
            {busy ? t('checkout.placing') : t('checkout.placeOrder')}
          </button>
          <p className="muted small-print center">{t('checkout.secure')}</p>
          <Link to="/cart" className="center">
            {t('checkout.backToCart')}
          </Link>
        </aside>
      </form>
      {payment.testOrder && (
        <TestPaymentDialog order={payment.testOrder} paying={payment.testPaying} onPay={(o) => void payment.payTest(o)} onDismiss={payment.dismissTest} />
      )}
    </section>
  );
}
