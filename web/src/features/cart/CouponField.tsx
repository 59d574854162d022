// The cart's coupon: a code to apply (the server prices the cart with it and
// answers each refusal in its own words), the coupon taken with what it takes
// off, or why a coupon applied earlier is not taken now; and removing it.
import { useState, type FormEvent } from 'react';
import { useApplyCoupon, useRemoveCoupon, type Cart } from '../../api/cart';
import { rupees } from '../../lib/money';
import { errorText } from './errorText';

export function CouponField({ cart }: { cart: Cart }) {
  const apply = useApplyCoupon();
  const remove = useRemoveCoupon();
  const [code, setCode] = useState('');
  const busy = apply.isPending || remove.isPending;
  const coupon = cart.coupon;

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
            Coupon <strong data-testid="coupon-code">{coupon.code}</strong> ({coupon.label})
            {coupon.applied && cart.discount > 0 && <>: you save {rupees(cart.discount)}</>}
          </span>
          <button
            type="button"
            className="link-button"
            onClick={() => (apply.reset(), remove.mutate())}
            disabled={busy}
            aria-label={`Remove coupon ${coupon.code}`}
          >
            {remove.isPending ? 'Removing…' : 'Remove'}
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
          aria-label="Coupon code"
          value={code}
          onChange={(e) => setCode(e.target.value)}
          placeholder="Coupon code"
          maxLength={20}
          autoComplete="off"
          disabled={busy}
        />
        <button className="btn small" type="submit" disabled={busy || !code.trim()}>
          {apply.isPending ? 'Applying…' : 'Apply'}
        </button>
      </form>
      {apply.isError && (
        <p className="notice error" role="alert" data-testid="coupon-error">
          {errorText(apply.error, 'Failed to apply the coupon')}
        </p>
      )}
      {remove.isError && (
        <p className="notice error" role="alert">
          {errorText(remove.error, 'Failed to remove the coupon')}
        </p>
      )}
    </div>
  );
}
