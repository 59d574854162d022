// Create Product and Edit Product: the fields, 1-10 colours each with a name, a
// GLB model, optional front and back PNGs and (for a colour the store does not
// know) its swatch, the print areas, sizes and size chart, the file rules (over 100 MB
// refused, over 50 MB confirmed), and the progress bar while files upload.
import { useState } from 'react';
import { colorsOf, createFailure, progressText, tierRows, useSaveProduct, validateProduct, type ColorEntry, type ProductFields } from '../../../api/adminProducts';
import type { Product } from '../../../api/products';
import { largeFileQuestion, tooLargeMessage } from '../../../api/uploads';
import { Dialog } from '../../../components/Dialog';
import { TierEditor } from './TierEditor';
import { FACTS } from '../../../lib/facts.gen';
import { PrintAreaEditor } from './PrintAreaEditor';
import { SizeChartEditor } from './SizeChartEditor';
import { SizeEditor } from './SizeEditor';
import { colorKey, DEFAULT_SWATCH, firstColorPictures, garmentBody, garmentRows, needsSwatch, type GarmentRows } from './garment';

const MAX_COLORS = 10;
const emptyColor = (): ColorEntry => ({ name: '', model: null, front: null, back: null });
/** The create dialog closes this long after its success. */
const CLOSE_AFTER_MS = 500;

function fieldsOf(p?: Product): ProductFields {
  return {
    name: p?.name ?? '',
    price: p ? String(p.price / 100) : '',
    description: p?.description ?? '',
    category: p?.category ?? '',
    brand: p?.brand ?? '',
    stock: p ? String(p.stock) : '',
    hsn: '',
    countryOfOrigin: p?.countryOfOrigin ?? FACTS.defaultCountryOfOrigin,
    tiers: p?.customPriceTiers ? tierRows(p.priceTiers) : null,
  };
}

export function ProductFormDialog({ product, onClose, onSaved }: { product?: Product; onClose: () => void; onSaved: (message: string) => void }) {
  const editing = product !== undefined;
  const [fields, setFields] = useState<ProductFields>(() => fieldsOf(product));
  const [colors, setColors] = useState<ColorEntry[]>(() => (product ? colorsOf(product) : [emptyColor()]));
  const [garment, setGarment] = useState<GarmentRows>(() => garmentRows(product));
  const [error, setError] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const save = useSaveProduct();
  const busy = save.isPending || percent === 100;

  const set = (key: keyof ProductFields) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setFields((f) => ({ ...f, [key]: e.target.value }));
  const setGarmentPart = <K extends keyof GarmentRows>(key: K) => (value: GarmentRows[K]) => setGarment((g) => ({ ...g, [key]: value }));
  const setSwatch = (name: string, hex: string) => setGarment((g) => ({ ...g, hexes: { ...g.hexes, [colorKey(name)]: hex } }));
  const setColor = (i: number, patch: Partial<ColorEntry>) => setColors((cs) => cs.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  const setCount = (text: string) => {
    const typed = Number.parseInt(text, 10);
    if (!Number.isFinite(typed)) return setError('Select between 1-10 colors');
    // Clamped to 1-10, saying so when it was out of range.
    const n = Math.min(MAX_COLORS, Math.max(1, typed));
    setError(n === typed ? null : 'Select between 1-10 colors');
    setColors((cs) => (n <= cs.length ? cs.slice(0, n) : [...cs, ...Array.from({ length: n - cs.length }, emptyColor)]));
  };
  /** A chosen file, after the size rules: refused over 100 MB, asked about over 50 MB. */
  const pick = (i: number, slot: 'model' | 'front' | 'back') => (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    if (file) {
      const refused = tooLargeMessage(file);
      const question = largeFileQuestion(file);
      if (refused || (question && !window.confirm(question))) {
        if (refused) setError(refused);
        e.target.value = '';
        setColor(i, { [slot]: null });
        return;
      }
    }
    setError(null);
    setColor(i, { [slot]: file });
  };

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const invalid = validateProduct(fields, colors);
    const body = invalid ?? garmentBody(garment, colors.map((c) => c.name));
    if (typeof body === 'string') {
      setError(body);
      return;
    }
    setError(null);
    save.mutate(
      { id: product?._id, fields, colors, garment: body, progress: (p) => setPercent(Math.min(100, Math.round(p))) },
      {
        onSuccess: (saved) => {
          if (editing) {
            onSaved(`Product "${saved.name}" updated successfully`);
            onClose();
          } else {
            onSaved(`Product "${saved.name}" created successfully`);
            setTimeout(onClose, CLOSE_AFTER_MS);
          }
        },
        onError: (err) => {
          setPercent(null);
          setError(editing ? `Failed to update product: ${err.message || 'Unknown error'}` : createFailure(err));
        },
      },
    );
  };

  return (
    <Dialog title={editing ? 'Edit Product' : 'Create Product'} onClose={() => !busy && onClose()} wide>
      <form className="product-form" onSubmit={submit} noValidate>
        <div className="form-grid">
          <label>
            Name *
            <input value={fields.name} onChange={set('name')} required disabled={busy} />
          </label>
          <label>
            Price (₹) *
            <input value={fields.price} onChange={set('price')} inputMode="decimal" required disabled={busy} />
          </label>
          <label>
            Category
            <input value={fields.category} onChange={set('category')} disabled={busy} />
          </label>
          <label>
            Brand
            <input value={fields.brand} onChange={set('brand')} disabled={busy} />
          </label>
          <label>
            Stock
            <input value={fields.stock} onChange={set('stock')} inputMode="numeric" disabled={busy} />
          </label>
          <label>
            HSN code
            <input
              value={fields.hsn}
              onChange={set('hsn')}
              inputMode="numeric"
              placeholder={product?.hsn ?? 'by category'}
              aria-describedby="hsn-hint"
              disabled={busy}
            />
            <small id="hsn-hint" className="muted">
              For tax invoices: 4, 6 or 8 digits. Empty keeps {product ? product.hsn : 'the default for the garment type'}.
            </small>
          </label>
          <label>
            Country of origin
            <input value={fields.countryOfOrigin} onChange={set('countryOfOrigin')} autoComplete="off" aria-describedby="origin-hint" disabled={busy} />
            <small id="origin-hint" className="muted">
              Shown on the product page. Empty means {FACTS.defaultCountryOfOrigin}.
            </small>
          </label>
          <label>
            Number of colors
            <input type="number" min={1} max={MAX_COLORS} value={colors.length} onChange={(e) => setCount(e.target.value)} disabled={busy} />
          </label>
          <label className="wide">
            Description
            <textarea rows={2} value={fields.description} onChange={set('description')} disabled={busy} />
          </label>
        </div>

        <TierEditor rows={fields.tiers} onChange={(tiers) => setFields((f) => ({ ...f, tiers }))} disabled={busy} />
        <SizeEditor rows={garment.sizes} onChange={setGarmentPart('sizes')} disabled={busy} />
        <SizeChartEditor rows={garment} onChange={(chart) => setGarment((g) => ({ ...g, ...chart }))} disabled={busy} />
        <PrintAreaEditor rows={garment.areas} onChange={setGarmentPart('areas')} pictures={firstColorPictures(colors)} disabled={busy} />

        <ol className="colour-entries">
          {colors.map((c, i) => (
            <li key={i} className="colour-entry">
              <fieldset disabled={busy}>
                <legend>Color {i + 1}</legend>
                <label>
                  Color name
                  <input value={c.name} onChange={(e) => setColor(i, { name: e.target.value })} placeholder="e.g. navy" />
                </label>
                {needsSwatch(c.name) && (
                  <label className="colour-swatch">
                    Swatch for {colorKey(c.name)}
                    <input type="color" value={garment.hexes[colorKey(c.name)] ?? DEFAULT_SWATCH} onChange={(e) => setSwatch(c.name, e.target.value)} />
                  </label>
                )}
                <label>
                  3D model (.glb){c.existingModel && !c.model && <span className="muted"> · has a model</span>}
                  <input type="file" accept=".glb" onChange={pick(i, 'model')} />
                </label>
                <label>
                  Front image (.png){c.existingImages?.frontImage && <span className="muted"> · has one</span>}
                  <input type="file" accept=".png" onChange={pick(i, 'front')} />
                </label>
                <label>
                  Back image (.png){c.existingImages?.backImage && <span className="muted"> · has one</span>}
                  <input type="file" accept=".png" onChange={pick(i, 'back')} />
                </label>
                {(c.front === null) !== (c.back === null) && <p className="muted small">Front and back images are uploaded only when both are chosen.</p>}
                {colors.length > 1 && (
                  <button type="button" className="btn ghost small danger-text" onClick={() => setColors((cs) => cs.filter((_, j) => j !== i))}>
                    Remove color {i + 1}
                  </button>
                )}
              </fieldset>
            </li>
          ))}
        </ol>
        {editing && colors.length < MAX_COLORS && (
          <button type="button" className="btn ghost small" onClick={() => setColors((cs) => [...cs, emptyColor()])} disabled={busy}>
            Add color
          </button>
        )}

        {error && (
          <p className="notice error" role="alert">
            {error}
          </p>
        )}
        {percent !== null && (
          <div className="upload-progress" role="status" aria-live="polite">
            <progress max={100} value={percent} aria-label="Upload progress" />
            <span>
              {progressText(percent)} {percent}%
            </span>
          </div>
        )}
        <div className="row dialog-actions">
          <button type="button" className="btn ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn" disabled={busy}>
            {editing ? (busy ? 'Saving…' : 'Save Changes') : busy ? 'Creating…' : 'Create Product'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
