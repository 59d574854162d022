// The design studio (/design?productId&color&withLogo). The engine runs in
// the browser: every rule, clamp, decal and price comes from it.
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useProduct } from '../../api/products';
import { Spinner } from '../../components/Spinner';
import { colorSwatch } from '../../components/colors';
import { modelUrl } from '../../api/products';
import type { AreaKey } from '../../lib/engine';
import { garmentOf } from '../../lib/garment';
import { DesignCanvas } from './DesignCanvas';
import { ElementList } from './ElementList';
import { AddImagePanel } from './AddImagePanel';
import { PreviewModal } from './PreviewModal';
import { PricePanel } from './PricePanel';
import { TextEditor } from './TextEditor';
import { placeOf } from '../../lib/printAreas';
import { useStudio } from './useStudio';
import { useSavedDesign } from './useSavedDesign';
import { SaveDesign } from './SaveDesign';
import { StudioShell } from './StudioShell';
import './studio.css';
import type { Quantities } from '../../lib/sizes';
import { RadioGroup } from '../../components/RadioGroup';
import { describeDesign } from './describeDesign';
import { HistoryButtons } from './HistoryButtons';
import { isPersonalised, NamesNumbersPanel } from './NamesNumbersPanel';
import { previewRow, RowPreviewBar } from './RowPreviewBar';
import { useBackendAvailable } from '../../lib/health';
import { useT } from '../../lib/i18n';

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
  const studioProduct = useMemo(() => (product.data ? { id: product.data._id, garment: garmentOf(product.data) } : undefined), [product.data]);
  const { handle, history, error, textError } = useStudio(opened.ready ? studioProduct : undefined, color, withLogo);
  const [chosenArea, setArea] = useState<AreaKey | null>(null);
  const [view, setView] = useState<'2d' | '3d'>('2d');
  // The areas the 3D model has no place for, by model: the 2D view shows those.
  const [missingIn3D, setMissingIn3D] = useState<{ model: string | undefined; areas: AreaKey[] }>({ model: undefined, areas: [] });
  const [previewing, setPreviewing] = useState(false);
  // Snapping to the guides while dragging; Alt held turns it off for a moment, this toggle (for touch screens) for good.
  const [snapping, setSnapping] = useState(true);
  const [banner, setBanner] = useState<Banner | null>(null);
  // The roster row the preview shows on a personalised design.
  const [previewIndex, setPreviewIndex] = useState(0);
  const appliedQuantities = useRef(false);
  const backend = useBackendAvailable();
  const t = useT();

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
    handle.change((s) => Object.entries(q).forEach(([size, n]) => s.setQuantity(size, Number(n) || 0)));
  }, [handle, location.state]);

  // An undone or redone colour: the page's colour (the garment picture, the query) follows the document.
  const designColor = handle?.design.color;
  useEffect(() => {
    if (designColor && color && designColor.toLowerCase() !== color.toLowerCase()) {
      setParams((prev) => (prev.set('color', designColor), prev), { replace: true });
    }
  }, [designColor, color, setParams]);

  if (!productId) return <NoProduct />;
  // Until the studio has opened, its first screen (the garment's picture) stays as the route showed it.
  if (product.isPending) return <StudioShell product={undefined} color={color} />;
  if (product.isError || !product.data) return <NoProduct message={product.error?.message} />;
  const p = product.data;
  if (error) return <div className="page notice error">{error}</div>;
  if (!handle || !color) return <StudioShell product={p} color={color} />;
  const personalised = isPersonalised(handle);
  const rows = personalised ? handle.studio.roster() : [];
  const row = personalised ? previewRow(rows, previewIndex) : undefined;
  // The product's own areas: the one chosen, else its first.
  const areas = handle.garment.printAreas;
  const spec = areas.find((a) => a.key === chosenArea) ?? areas[0];
  const area = spec.key;
  const model = modelUrl(p, color);
  const notIn3D = view === '3d' && missingIn3D.model === model && missingIn3D.areas.includes(area);
  const noteNotIn3D = (missing: AreaKey) =>
    setMissingIn3D((was) => {
      const known = was.model === model ? was.areas : [];
      return known.includes(missing) ? was : { model, areas: [...known, missing] };
    });

  return (
    <div className="page studio">
      <div className="row spread">
        <h1>{t('studio.title', { name: p.name })}</h1>
        <SaveDesign key={savedId ?? ''} handle={handle} openError={opened.error} onMessage={onMessage} />
        <button className="btn ghost" onClick={() => navigate('/products')}>
          {t('studio.backToProducts')}
        </button>
      </div>
      {backend === false && (
        <p className="notice info" data-testid="mock-mode-warning">
          {t('studio.mockMode')}
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
            <label htmlFor="studio-color">{t('studio.colour')}</label>
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
            <span className="label">{t('studio.printArea')}</span>
            <RadioGroup label={t('studio.printArea')} options={areas.map((a) => ({ value: a.key, label: a.label }))} value={area} onChange={setArea} />
          </section>
          {withLogo && <TextEditor handle={handle} area={area} onMessage={onMessage} />}
          {withLogo && <AddImagePanel handle={handle} area={area} onMessage={onMessage} />}
          <ElementList handle={handle} onMessage={onMessage} />
          {withLogo && <NamesNumbersPanel handle={handle} area={area} preview={previewIndex} onPreview={setPreviewIndex} onMessage={onMessage} sizeChart={p.sizeChart} />}
        </div>
        <div className="stack studio-view">
          <div className="row studio-tools">
            <RadioGroup
              label={t('studio.view')}
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
              <button type="button" className="btn small ghost" aria-pressed={snapping} onClick={() => setSnapping((on) => !on)} title={t('studio.snapTitle')}>
                {t('studio.snap')}
              </button>
            )}
          </div>
          {notIn3D && (
            <p className="notice info" role="status" data-testid="not-in-3d">
              {t('studio.notIn3D', { area: spec.label })}
            </p>
          )}
          {view === '2d' || notIn3D ? (
            <DesignCanvas handle={handle} product={p} color={color} area={area} snapping={snapping} row={row} />
          ) : (
            <Suspense fallback={<Spinner label={t('studio.loading3D')} />}>
              <Studio3D
                handle={handle}
                modelUrl={model}
                colorHex={colorSwatch(color, p.colorHex)}
                side={placeOf(spec).side}
                row={row}
                onMissingArea={noteNotIn3D}
              />
            </Suspense>
          )}
          {personalised && <RowPreviewBar rows={rows} index={previewIndex} onSelect={setPreviewIndex} />}
          <p className="muted small hint">
            {t('studio.dragHint', { area: spec.label })}
          </p>
          <p className="visually-hidden" data-testid="design-description">
            {t('studio.yourDesign', { description: describeDesign(t, handle.design, areas) })}
          </p>
        </div>
        <PricePanel handle={handle} product={p} onPreview={() => setPreviewing(true)} onMessage={onMessage} />
      </div>
      {previewing && <PreviewModal handle={handle} product={p} color={color} row={row} onClose={() => setPreviewing(false)} />}
    </div>
  );
}

function NoProduct({ message }: { message?: string }) {
  const t = useT();
  return (
    <section className="page narrow center">
      <h1>{t('studio.noProduct')}</h1>
      {message && <p className="muted">{message}</p>}
      <Link className="btn" to="/products">
        {t('studio.goToProducts')}
      </Link>
    </section>
  );
}
