// A coupon's terms in a dialog: its code, a percentage or an amount off,
// the pieces it needs, its dates, its limits and what it applies to. The
// server checks each term and its message is shown as it is.
import { useState, type FormEvent } from 'react';
import { useSaveCoupon, requestOf, SAVE_COUPON_FAILED, type Coupon, type CouponRequest } from '../../../api/coupons';
import { Dialog } from '../../../components/Dialog';
import { ApiError } from '../../../lib/api';
import { parseRupees } from '../../../lib/money';

type Form = {
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  minPieces: string;
  validFrom: string;
  validUntil: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  productIds: string;
  categories: string;
  active: boolean;
};

/** yyyy-mm-dd of a Unix ms, in the browser's zone ('' for none). */
function day(ms?: number | null): string {
  if (ms == null) return '';
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The start (or, with `end`, the last millisecond) of a yyyy-mm-dd day, in the browser's zone. */
function ms(text: string, end = false): number | undefined {
  if (!text) return undefined;
  const [y, m, d] = text.split('-').map(Number);
  const start = new Date(y, m - 1, d).getTime();
  return end ? start + 86_400_000 - 1 : start;
}

const count = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.trim()));
const list = (text: string): string[] =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function formOf(c?: Coupon): Form {
  const r = c ? requestOf(c) : undefined;
  return {
    code: r?.code ?? '',
    kind: r?.amountOff != null ? 'amount' : 'percent',
    value: r?.amountOff != null ? String(r.amountOff / 100) : r?.percentOff != null ? String(r.percentOff) : '',
    minPieces: r?.minPieces ? String(r.minPieces) : '',
    validFrom: day(r?.validFrom),
    validUntil: day(r?.validUntil),
    maxUses: r?.maxUses != null ? String(r.maxUses) : '',
    maxUsesPerCustomer: r?.maxUsesPerCustomer != null ? String(r.maxUsesPerCustomer) : '',
    productIds: (r?.productIds ?? []).join(', '),
    categories: (r?.categories ?? []).join(', '),
    active: r?.active ?? true,
  };
}

/** The request the form makes; an amount the engine's rupee rule refuses is sent as -1 (the server names it). */
export function requestFrom(f: Form): CouponRequest {
  const off =
    f.kind === 'percent'
      ? { percentOff: count(f.value) ?? 0 }
      : { amountOff: parseRupees(f.value.trim()) ?? -1 };
  return {
    code: f.code,
    ...off,
    minPieces: count(f.minPieces),
    validFrom: ms(f.validFrom),
    validUntil: ms(f.validUntil, true),
    maxUses: count(f.maxUses),
    maxUsesPerCustomer: count(f.maxUsesPerCustomer),
    productIds: list(f.productIds),
    categories: list(f.categories),
    active: f.active,
  };
}

export function CouponFormDialog({ coupon, onClose, onSaved }: { coupon?: Coupon; onClose: () => void; onSaved: (message: string) => void }) {
  const save = useSaveCoupon();
  const [form, setForm] = useState<Form>(() => formOf(coupon));
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { id: coupon?._id, body: requestFrom(form) },
      {
        onSuccess: (c) => {
          onSaved(`Coupon ${c.code} ${coupon ? 'updated' : 'created'}`);
          onClose();
        },
      },
    );
  };

  const text = (key: keyof Form, label: string, props: Record<string, string> = {}) => (
    <label>
      {label}
      <input value={form[key] as string} onChange={(e) => set(key, e.target.value as never)} {...props} />
    </label>
  );

  return (
    <Dialog title={coupon ? `Edit coupon ${coupon.code}` : 'New coupon'} onClose={onClose}>
      <form className="stack coupon-form-dialog" onSubmit={submit}>
        {text('code', 'Code', { maxLength: '20', required: 'required', placeholder: 'DIWALI25' })}
        <fieldset className="row">
          <legend>Discount</legend>
          <label>
            <input type="radio" name="kind" checked={form.kind === 'percent'} onChange={() => set('kind', 'percent')} /> Percent off
          </label>
          <label>
            <input type="radio" name="kind" checked={form.kind === 'amount'} onChange={() => set('kind', 'amount')} /> Amount off (₹)
          </label>
        </fieldset>
        {text('value', form.kind === 'percent' ? 'Percent (1 to 100)' : 'Amount in rupees', { inputMode: 'decimal', required: 'required' })}
        {text('minPieces', 'Minimum pieces', { inputMode: 'numeric' })}
        <div className="row">
          {text('validFrom', 'Valid from', { type: 'date' })}
          {text('validUntil', 'Valid until', { type: 'date' })}
        </div>
        <div className="row">
          {text('maxUses', 'Uses in all', { inputMode: 'numeric', placeholder: 'No limit' })}
          {text('maxUsesPerCustomer', 'Uses per customer', { inputMode: 'numeric', placeholder: 'No limit' })}
        </div>
        {text('productIds', 'Products (ids, comma-separated; empty: all)')}
        {text('categories', 'Categories (comma-separated; empty: all)')}
        <label className="row">
          <input type="checkbox" checked={form.active} onChange={(e) => set('active', e.target.checked)} /> Active
        </label>
        {save.isError && (
          <p className="notice error" role="alert">
            {save.error instanceof ApiError && save.error.message ? save.error.message : SAVE_COUPON_FAILED}
          </p>
        )}
        <div className="row">
          <button className="btn" type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving…' : 'Save coupon'}
          </button>
          <button className="btn ghost" type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Dialog>
  );
}
