// The admin's "New quote" form: the customer's e-mail, a product in one of its
// colours, the pieces per size (the product's sizes), optionally one of that
// customer's saved designs, optionally a negotiated unit price (the engine's
// price shown beside it from the preview route), the last valid day and a
// note. Each refusal is the server's message, by its field or at the top.
import { useState, type FormEvent } from 'react';
import { useProducts } from '../../../api/products';
import { previewQuote, useCustomerDesigns, useMakeQuote, MAKE_QUOTE_FAILED, type Quote, type QuoteLine, type QuoteRequest } from '../../../api/quotes';
import { ApiError, serverErrorText } from '../../../lib/api';
import { parseRupees, rupees } from '../../../lib/money';

type Field = 'customerEmail' | 'productId' | 'designId' | 'unitPrice' | 'validUntil' | 'note';

/** The field a server code belongs to; none: shown at the top (the engine's words on colour and pieces). */
export function fieldOf(code?: string): Field | undefined {
  if (!code) return undefined;
  if (code === 'QUOTE_EMAIL') return 'customerEmail';
  if (code === 'QUOTE_PRODUCT') return 'productId';
  if (code.startsWith('QUOTE_DESIGN')) return 'designId';
  if (code === 'QUOTE_VALID_UNTIL') return 'validUntil';
  if (code === 'QUOTE_NOTE') return 'note';
  if (code === 'QUOTED_PRICE_ABOVE_LIST' || code === 'NEGATIVE_PRICE') return 'unitPrice';
  return undefined;
}

type Refusal = { field?: Field; message: string };

function refusalOf(e: unknown, fallback: string): Refusal {
  return { field: e instanceof ApiError ? fieldOf(e.code) : undefined, message: serverErrorText(e, fallback) };
}

export function QuoteForm({ onMade }: { onMade: (quote: Quote) => void }) {
  const products = useProducts();
  const make = useMakeQuote();
  const [email, setEmail] = useState('');
  const [productId, setProductId] = useState('');
  const [color, setColor] = useState('');
  const [quantities, setQuantities] = useState<Record<string, string>>({});
  const [designId, setDesignId] = useState('');
  const [price, setPrice] = useState('');
  const [validUntil, setValidUntil] = useState('');
  const [note, setNote] = useState('');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [preview, setPreview] = useState<QuoteLine | null>(null);
  const [pricing, setPricing] = useState(false);
  const designs = useCustomerDesigns(email);

  const product = products.data?.find((p) => p._id === productId);
  const fitting = (designs.data ?? []).filter((d) => d.productId === productId && d.color.toLowerCase() === color.toLowerCase());

  /** The request as typed; a price the rupee rule refuses is sent as -1 (the server names it). */
  const request = (): QuoteRequest => {
    const counts: Record<string, number> = {};
    for (const size of product?.sizes ?? []) counts[size.toLowerCase()] = Number(quantities[size.toLowerCase()] || 0);
    const typed = price.trim();
    return {
      customerEmail: email,
      productId,
      color,
      quantities: counts,
      designId: designId || undefined,
      unitPrice: typed === '' ? undefined : (parseRupees(typed) ?? -1),
      validUntil,
      note,
    };
  };

  const changed = () => {
    setPreview(null);
    setRefusal(null);
  };

  const showPrice = async () => {
    setPricing(true);
    setRefusal(null);
    try {
      setPreview(await previewQuote(request()));
    } catch (e) {
      setPreview(null);
      setRefusal(refusalOf(e, 'Failed to price the quote'));
    } finally {
      setPricing(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    make.mutate(request(), { onSuccess: onMade, onError: (err) => setRefusal(refusalOf(err, MAKE_QUOTE_FAILED)) });
  };

  const at = (field: Field) =>
    refusal?.field === field ? (
      <small className="field-error" role="alert" data-testid={`error-${field}`}>
        {refusal.message}
      </small>
    ) : null;

  return (
    <form className="quote-form" onSubmit={submit} aria-label="New quote" noValidate>
      {refusal && !refusal.field && (
        <p className="notice error" role="alert" data-testid="quote-form-error">
          {refusal.message}
        </p>
      )}
      <label className="field">
        <span>Customer e-mail</span>
        <input type="email" value={email} onChange={(e) => (setEmail(e.target.value), setDesignId(''), changed())} />
      </label>
      {at('customerEmail')}
      <label className="field">
        <span>Product</span>
        <select value={productId} onChange={(e) => (setProductId(e.target.value), setColor(''), setQuantities({}), setDesignId(''), changed())}>
          <option value="">{products.isPending ? 'Loading products…' : 'Choose a product'}</option>
          {products.data?.map((p) => (
            <option key={p._id} value={p._id}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      {at('productId')}
      {product && (
        <>
          <label className="field">
            <span>Colour</span>
            <select value={color} onChange={(e) => (setColor(e.target.value), setDesignId(''), changed())}>
              <option value="">Choose a colour</option>
              {product.colors.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
          <fieldset className="quote-sizes">
            <legend>Pieces per size</legend>
            {product.sizes.map((size) => (
              <label key={size} className="field small">
                <span>{size}</span>
                <input
                  type="number"
                  min={0}
                  inputMode="numeric"
                  aria-label={`Pieces ${size}`}
                  value={quantities[size.toLowerCase()] ?? ''}
                  onChange={(e) => (setQuantities({ ...quantities, [size.toLowerCase()]: e.target.value }), changed())}
                />
              </label>
            ))}
          </fieldset>
        </>
      )}
      <label className="field">
        <span>Customer's saved design (optional)</span>
        <select value={designId} onChange={(e) => (setDesignId(e.target.value), changed())}>
          <option value="">None: the garments only</option>
          {fitting.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </select>
        {designs.isSuccess && email.includes('@') && productId && color && fitting.length === 0 && (
          <small className="muted">No saved design of this customer in this product and colour.</small>
        )}
      </label>
      {at('designId')}
      <label className="field">
        <span>Valid until</span>
        <input type="date" value={validUntil} onChange={(e) => (setValidUntil(e.target.value), changed())} />
      </label>
      {at('validUntil')}
      <label className="field">
        <span>Unit price in rupees (optional: at or below the engine's price)</span>
        <input inputMode="decimal" value={price} onChange={(e) => (setPrice(e.target.value), changed())} />
      </label>
      {at('unitPrice')}
      <div className="row">
        <button type="button" className="btn ghost" onClick={() => void showPrice()} disabled={pricing || !productId}>
          {pricing ? 'Pricing…' : "Show the engine's price"}
        </button>
        {preview && (
          <span data-testid="quote-preview">
            Engine's price {rupees(preview.listUnitPrice)} a piece for {preview.quantity}; quoted {rupees(preview.unitPrice)}; total {rupees(preview.total)}
          </span>
        )}
      </div>
      <label className="field">
        <span>Note</span>
        <textarea value={note} maxLength={1000} rows={3} onChange={(e) => (setNote(e.target.value), changed())} />
      </label>
      {at('note')}
      <button className="btn" type="submit" disabled={make.isPending}>
        {make.isPending ? 'Making the quote…' : 'Make quote'}
      </button>
    </form>
  );
}
