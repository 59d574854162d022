// The design studio (/design?productId&color&withLogo). The engine runs in
// the browser: every rule, clamp, decal and price comes from it.
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useProduct } from '../../api/products';
import { Spinner } from '../../components/Spinner';
import { colorSwatch } from '../../components/colors';
import { modelUrl } from '../../api/products';
import type { AreaKey, SizeKey } from '../../lib/engine';
import { DesignCanvas } from './DesignCanvas';
import { ElementList } from './ElementList';
import { ImageUpload } from './ImageUpload';
import { PreviewModal } from './PreviewModal';
import { PricePanel } from './PricePanel';
import { TextEditor } from './TextEditor';
import { AREA_LABELS, AREAS } from '../../lib/printAreas';
import { useStudio } from './useStudio';
import { useSavedDesign } from './useSavedDesign';
import { SaveDesign } from './SaveDesign';
import './studio.css';
import type { Quantities } from '../../components/SizeSteppers';
import { RadioGroup } from '../../components/RadioGroup';
import { describeDesign } from './describeDesign';
import { HistoryButtons } from './HistoryButtons';
import { isPersonalised, NamesNumbersPanel } from './NamesNumbersPanel';
import { previewRow, RowPreviewBar } from './RowPreviewBar';
import { useBackendAvailable } from '../../lib/health';

/** The specification's studio warning while the health check fails. */
export const MOCK_MODE_WARNING = 'Backend server is not available. Cart functionality will work in mock mode.';

const Studio3D = lazy(() => import('./Studio3D'));

interface Banner {
  kind: 'ok' | 'error';
  text: string;
  id: number;
}

export default function StudioPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const productId = params.get('productId') ?? undefined;
  const withLogo = params.get('withLogo') !== 'false';
  const product = useProduct(productId);
  const color = params.get('color') ?? product.data?.defaultColor;
  // A saved design to reopen (?savedDesign={id}) becomes the draft before the studio starts.
  const savedId = params.get('savedDesign');
  const opened = useSavedDesign(product.data?._id, savedId);
  const { handle, history, error, textError } = useStudio(opened.ready ? product.data?._id : undefined, color, withLogo);
  const [area, setArea] = useState<AreaKey>('left_chest');
  const [view, setView] = useState<'2d' | '3d'>('2d');
  const [previewing, setPreviewing] = useState(false);
  // Snapping to the guides while dragging; Alt held turns it off for a moment, this toggle (for touch screens) for good.
  const [snapping, setSnapping] = useState(true);
  const [banner, setBanner] = useState<Banner | null>(null);
  // The roster row the preview shows on a personalised design.
  const [previewIndex, setPreviewIndex] = useState(0);
  const appliedQuantities = useRef(false);
  const backend = useBackendAvailable();

  const onMessage = useCallback((kind: 'ok' | 'error', text: string) => setBanner({ kind, text, id: Date.now() }), []);
  useEffect(() => {
    if (!banner) return;
    const t = setTimeout(() => setBanner(null), banner.kind === 'ok' ? 2_000 : 6_000);
    return () => clearTimeout(t);
  }, [banner]);

  // Quantities chosen on the product page come along in the navigation state.
  useEffect(() => {
    const q = (location.state as { quantities?: Quantities } | null)?.quantities;
    if (!handle || appliedQuantities.current || !q) return;
    appliedQuantities.current = true;
    handle.change((s) => Object.entries(q).forEach(([size, n]) => s.setQuantity(size as SizeKey, Number(n) || 0)));
  }, [handle, location.state]);

  // An undone or redone colour: the page's colour (the garment picture, the query) follows the document.
  const designColor = handle?.design.color;
  useEffect(() => {
    if (designColor && color && designColor.toLowerCase() !== color.toLowerCase()) {
      setParams((prev) => (prev.set('color', designColor), prev), { replace: true });
    }
  }, [designColor, color, setParams]);

  if (!productId) return <NoProduct />;
  if (product.isPending) return <Spinner label="Loading product..." />;
  if (product.isError || !product.data) return <NoProduct message={product.error?.message} />;
  const p = product.data;
  if (error) return <div className="page notice error">{error}</div>;
  if (!handle || !color) return <Spinner label="Loading the studio..." />;
  const personalised = isPersonalised(handle);
  const rows = personalised ? handle.studio.roster() : [];
  const row = personalised ? previewRow(rows, previewIndex) : undefined;

  return (
    <div className="page studio">
      <div className="row spread">
        <h1>View Your {p.name}</h1>
        <SaveDesign key={savedId ?? ''} handle={handle} openError={opened.error} onMessage={onMessage} />
        <button className="btn ghost" onClick={() => navigate('/products')}>
          Back to Products
        </button>
      </div>
      {backend === false && (
        <p className="notice info" data-testid="mock-mode-warning">
          {MOCK_MODE_WARNING}
        </p>
      )}
      {withLogo && textError && (
        <div className="notice error" role="alert">
          {textError}
        </div>
      )}
      {/* Live regions present from the start, so screen readers announce what appears in them. */}
      <div role="status">{banner?.kind === 'ok' && <p key={banner.id} className="notice ok">{banner.text}</p>}</div>
      <div role="alert">{banner?.kind === 'error' && <p key={banner.id} className="notice error">{banner.text}</p>}</div>
      <div className="studio-grid">
        <div className="stack">
          <section className="panel">
            <label htmlFor="studio-color">Colour</label>
            <select
              id="studio-color"
              value={color}
              onChange={(e) => {
                handle.change((s) => s.setColor(e.target.value));
                setParams((prev) => (prev.set('color', e.target.value), prev), { replace: true });
              }}
            >
              {p.colors.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
            <span className="label">Print area</span>
            <RadioGroup label="Print area" options={AREAS.map((a) => ({ value: a, label: AREA_LABELS[a] }))} value={area} onChange={setArea} />
          </section>
          {withLogo && <TextEditor handle={handle} area={area} onMessage={onMessage} />}
          {withLogo && <ImageUpload handle={handle} area={area} onMessage={onMessage} />}
          <ElementList handle={handle} onMessage={onMessage} />
          {withLogo && <NamesNumbersPanel handle={handle} area={area} preview={previewIndex} onPreview={setPreviewIndex} onMessage={onMessage} />}
        </div>
        <div className="stack studio-view">
          <div className="row studio-tools">
            <RadioGroup
              label="View"
              optionClass="btn small"
              options={[
                { value: '2d', label: '2D' },
                { value: '3d', label: '3D' },
              ]}
              value={view}
              onChange={setView}
            />
            {history && <HistoryButtons history={history} />}
            {view === '2d' && (
              <button type="button" className="btn small ghost" aria-pressed={snapping} onClick={() => setSnapping((on) => !on)} title="Snap to the centre lines and edges while dragging (hold Alt to drag freely)">
                Snap
              </button>
            )}
          </div>
          {view === '2d' ? (
            <DesignCanvas handle={handle} product={p} color={color} area={area} snapping={snapping} row={row} />
          ) : (
            <Suspense fallback={<Spinner label="Loading 3D view..." />}>
              <Studio3D handle={handle} modelUrl={modelUrl(p, color)} colorHex={colorSwatch(color)} side={area === 'back' ? 'back' : 'front'} row={row} />
            </Suspense>
          )}
          {personalised && <RowPreviewBar rows={rows} index={previewIndex} onSelect={setPreviewIndex} />}
          <p className="muted small hint">
            Drag an element to place it (it snaps to the centre lines and edges; hold Alt to drag freely), or select it with Tab and move it with the arrow keys. {AREA_LABELS[area]} is selected.
          </p>
          <p className="visually-hidden" data-testid="design-description">
            Your design: {describeDesign(handle.design)}
          </p>
        </div>
        <PricePanel handle={handle} product={p} onPreview={() => setPreviewing(true)} onMessage={onMessage} />
      </div>
      {previewing && <PreviewModal handle={handle} product={p} color={color} row={row} onClose={() => setPreviewing(false)} />}
    </div>
  );
}

function NoProduct({ message }: { message?: string }) {
  return (
    <section className="page narrow center">
      <h1>No product available</h1>
      {message && <p className="muted">{message}</p>}
      <Link className="btn" to="/products">
        Go to Products
      </Link>
    </section>
  );
}
