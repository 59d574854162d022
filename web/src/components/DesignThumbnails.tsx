// A cart line's or an order line's design: each of the product's print areas
// that holds something, drawn by the engine over the garment's picture of its
// side at its place (a plain garment: its front picture). The pictures of the design come from
// this browser's IndexedDB; one it lacks is named instead of drawn. A team
// line's names and numbers are drawn as its first row has them.
import { useEffect, useRef, useState } from 'react';
import { colorImage, useProducts } from '../api/products';
import { createStudio, type AreaKey, type Garment, type Raster } from '../lib/engine';
import { garmentOf } from '../lib/garment';
import { provideStoredImages } from '../lib/imageStore';
import { areaLabel, areasOf, contentOf, placeOf } from '../lib/printAreas';
import { useT } from '../lib/i18n';
import './designThumbnails.css';

const THUMB_AREA_PX = 160;

interface Drawn {
  area: AreaKey;
  raster: Raster;
  missingImage: boolean;
}

/**
 * Renders the design's filled areas once, on its product's garment (the
 * built-in one's for a product not found); null until the engine has drawn them.
 */
function useAreaRasters(productId: string, color: string, design: unknown, garment: Garment | null): Drawn[] | null | 'failed' {
  const json = JSON.stringify(design);
  const garmentJson = garment ? JSON.stringify(garment) : null;
  const [drawn, setDrawn] = useState<Drawn[] | null | 'failed'>(null);
  useEffect(() => {
    if (!garmentJson) return;
    let cancelled = false;
    (async () => {
      const on = JSON.parse(garmentJson) as Garment;
      const studio = await createStudio(productId, color, json, on);
      try {
        const missing = await provideStoredImages(studio);
        const doc = studio.design();
        // A team line shows its first piece's name and number, as the saved design's thumbnail does.
        const sample = doc.roster?.[0];
        const filled = on.printAreas
          .map((a) => a.key)
          .filter((a) => {
            const area = contentOf(doc, a);
            return area.text || area.image || (sample && (area.name || area.number));
          });
        // An image this browser lacks is left out of the drawing, not guessed at.
        for (const a of missing) studio.remove(a, 'image');
        const draw = (area: AreaKey) => (sample ? studio.renderAreaForRow(area, sample, THUMB_AREA_PX) : studio.renderArea(area, THUMB_AREA_PX));
        const out = filled.map((area) => ({ area, raster: draw(area), missingImage: missing.includes(area) }));
        if (!cancelled) setDrawn(out);
      } finally {
        studio.free();
      }
    })().catch(() => !cancelled && setDrawn('failed'));
    return () => {
      cancelled = true;
    };
  }, [productId, color, json, garmentJson]);
  return drawn;
}

function RasterCanvas({ raster, label }: { raster: Raster; label: string }) {
  const ref = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    canvas.width = raster.width;
    canvas.height = raster.height;
    canvas.getContext('2d')?.putImageData(new ImageData(new Uint8ClampedArray(raster.pixels), raster.width, raster.height), 0, 0);
  }, [raster]);
  return <canvas ref={ref} aria-label={label} role="img" />;
}

/** An area whose image this browser lacks says it was kept on the device it was added on; a page whose viewers never had the image says its own. */
export function DesignThumbnails({ productId, color, design, missingImageNote }: { productId: string; color: string; design: unknown; missingImageNote?: string }) {
  const t = useT();
  const products = useProducts();
  const product = products.data?.find((p) => p._id === productId);
  // Drawn once the catalogue has answered: on the product's garment, or the built-in one's when it is not listed.
  const garment = products.isPending ? null : product ? garmentOf(product) : garmentOf({ colors: [color], sizes: [] });
  const drawn = useAreaRasters(productId, color, design, garment);
  const areas = areasOf(product);
  if (drawn === 'failed') return <p className="muted small-print">{t('thumbs.unavailable')}</p>;
  if (drawn === null) return <div className="design-thumbs loading" role="status" aria-label={t('thumbs.drawing')} />;
  if (drawn.length === 0) {
    const front = product ? colorImage(product, color, 'front') : undefined;
    if (!front) return <p className="muted small-print">{t('thumbs.plain')}</p>;
    return (
      <div className="design-thumbs">
        <figure className="design-thumb" data-testid="thumb-plain">
          <div className="design-thumb-shot">
            <img src={front} alt={t('thumbs.plainAlt', { name: product?.name ?? t('thumbs.garment'), color })} width={600} height={720} loading="lazy" />
          </div>
          <figcaption>{t('thumbs.plain')}</figcaption>
        </figure>
      </div>
    );
  }
  return (
    <div className="design-thumbs">
      {drawn.map(({ area, raster, missingImage }) => {
        const place = placeOf(areas.find((a) => a.key === area) ?? areas[0]);
        const picture = product ? colorImage(product, color, place.side) : undefined;
        return (
          <figure key={area} className="design-thumb" data-testid={`thumb-${area}`}>
            <div className="design-thumb-shot">
              {picture && <img src={picture} alt="" width={600} height={720} loading="lazy" />}
              <div className="design-thumb-area" style={{ left: `${place.cx - place.width / 2}%`, width: `${place.width}%`, top: `${place.cy}%` }}>
                <RasterCanvas raster={raster} label={t('thumbs.areaDesign', { area: areaLabel(areas, area) })} />
              </div>
            </div>
            <figcaption>
              {areaLabel(areas, area)}
              {missingImage && <span className="muted"> {missingImageNote ?? t('thumbs.missingImage')}</span>}
            </figcaption>
          </figure>
        );
      })}
    </div>
  );
}
