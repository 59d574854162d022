// The cart's coupon: a code to apply (the server prices the cart with it and
// answers each refusal in its own words), the coupon taken with what it takes
// off, or why a coupon applied earlier is not taken now; and removing it.
import { useState, type FormEvent } from 'react';
import { useApplyCoupon, useRemoveCoupon, type Cart } from '../../api/cart';
import { rupees } from '../../lib/money';
import { errorText } from './errorText';
import { useT } from '../../lib/i18n';

export function CouponField({ cart }: { cart: Cart }) {
  const apply = useApplyCoupon();
  const remove = useRemoveCoupon();
  const [code, setCode] = useState('');
  const busy = apply.isPending || remove.isPending;
  const coupon = cart.coupon;
  const t = useT();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const typed = code.trim();
    if (!typed || busy) return;
    remove.reset();
    apply.mutate(typed, { onSuccess: () => setCode('') });
  };

  return (
    <div className="coupon-field" data-testid="coupon-field">
      {coupon && (
        <div className="row coupon-applied">
          <span>
            {t.rich(coupon.applied && cart.discount > 0 ? 'cart.coupon.appliedSaving' : 'cart.coupon.applied', {
              code: (chunks) => <strong key="code" data-testid="coupon-code">{chunks}</strong>,
              coupon: coupon.code,
              label: coupon.label,
              saving: rupees(cart.discount),
            })}
          </span>
          <button
            type="button"
            className="link-button"
            onClick={() => (apply.reset(), remove.mutate())}
            disabled={busy}
            aria-label={t('cart.coupon.removeLabel', { code: coupon.code })}
          >
            {remove.isPending ? t('cart.removing') : t('cart.remove')}
          </button>
        </div>
      )}
      {coupon && !coupon.applied && coupon.error && (
        <p className="notice error" role="alert" data-testid="coupon-error">
          {coupon.error}
        </p>
      )}
      <form className="row coupon-form" onSubmit={submit}>
        <input
          aria-label={t('cart.coupon.code')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder={t('cart.coupon.code')}
          maxLength={20}
          autoComplete="off"
          disabled={busy}
        />
        <button className="btn small" type="submit" disabled={busy || !code.trim()}>
          {apply.isPending ? t('cart.coupon.applying') : t('cart.coupon.apply')}
        </button>
      </form>
      {apply.isError && (
        <p className="notice error" role="alert" data-testid="coupon-error">
          {errorText(apply.error, t('cart.coupon.applyFailed'))}
        </p>
      )}
      {remove.isError && (
        <p className="notice error" role="alert">
          {errorText(remove.error, t('cart.coupon.removeFailed'))}
        </p>
      )}
    </div>
  );
}
