// The picture of the chosen print area's side with the area drawn on it at
// its place (the product's box for it), and its outline: where printing ends
// (anything dragged past it is cut off).
import { useLayoutEffect, useRef, useState } from 'react';
import { colorImage, type Product } from '../../api/products';
import type { AreaKey, RosterRowInput } from '../../lib/engine';
import { AreaCanvas } from './AreaCanvas';
import { ElementHandles } from './ElementHandles';
import { placeOf } from '../../lib/printAreas';
import type { StudioHandle } from './useStudio';
import { useT } from '../../lib/i18n';

export function DesignCanvas({ handle, product, color, area, snapping, row }: { handle: StudioHandle; product: Product; color: string; area: AreaKey; snapping: boolean; row?: RosterRowInput }) {
  const areas = handle.garment.printAreas;
  const spec = areas.find((a) => a.key === area) ?? areas[0];
  const place = placeOf(spec);
  const t = useT();
  const picture = colorImage(product, color, place.side);
  // Which picture last loaded or failed: a cached one loads before any effect would run, so the
  // status is derived from it rather than reset by an effect (which left 'Loading Image...' showing).
  const [settled, setSettled] = useState<{ picture: string; ok: boolean } | null>(null);
  const status = !picture ? 'broken' : settled?.picture !== picture ? 'loading' : settled.ok ? 'ok' : 'broken';
  const box = useRef<HTMLDivElement>(null);
  const [boxWidth, setBoxWidth] = useState(0);

  // Measured before the first frame (the box has no padding or border), so the area is drawn at its size in the
  // studio's first frame; the observer's first report came a frame and a render later. It follows every resize.
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    setBoxWidth(el.getBoundingClientRect().width);
    const observer = new ResizeObserver(([entry]) => setBoxWidth(entry.contentRect.width));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  // The area is drawn at the screen's pixel density, so the decal stays crisp.
  const areaCssWidth = (boxWidth * place.width) / 100;
  // 0 (not drawn) until the box is measured.
  const pixelWidth = boxWidth > 0 ? Math.max(1, Math.round(areaCssWidth * Math.min(window.devicePixelRatio || 1, 2))) : 0;

  return (
    <div className="design-canvas" ref={box}>
      {picture && status !== 'broken' && (
        <img src={picture} alt={t('studio.pictureAlt', { product: product.name, side: place.side })} onLoad={() => setSettled({ picture, ok: true })} onError={() => setSettled({ picture, ok: false })} draggable={false} />
      )}
      {status === 'loading' && <p className="muted overlay-note">{t('studio.loadingImage')}</p>}
      {status === 'broken' && <div className="picture-missing">{picture ? t('studio.imageNotAvailableLower') : product.colorImages.length === 0 ? t('studio.noImages') : t('studio.imageNotAvailable')}</div>}
      <div
        className="print-area"
        style={{ left: `${place.cx - place.width / 2}%`, width: `${place.width}%`, top: `${place.cy}%` }}
        data-testid="print-area"
      >
        <AreaCanvas handle={handle} area={area} pixelWidth={pixelWidth} interactive snapping={snapping} row={row} label={t('studio.areaCanvas', { area: spec.label })} />
        <div className="safe-area" data-testid="safe-area" aria-hidden="true">
          <span>{t('studio.printArea')}</span>
        </div>
        <ElementHandles handle={handle} area={area} />
      </div>
    </div>
  );
}
