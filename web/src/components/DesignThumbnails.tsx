// A cart line's or an order line's design: each print area that holds
// something, drawn by the engine over the garment's picture of that side (a
// plain garment: its front picture). The pictures of the design come from
// this browser's IndexedDB; one it lacks is named instead of drawn. A team
// line's names and numbers are drawn as its first row has them.
import { useEffect, useRef, useState } from 'react';
import { colorImage, useProducts } from '../api/products';
import { createStudio, type AreaKey, type Raster } from '../lib/engine';
import { provideStoredImages } from '../lib/imageStore';
import { AREA_DOC_KEY, AREA_LABELS, AREA_ON_PICTURE, AREAS } from '../lib/printAreas';
import './designThumbnails.css';

const THUMB_AREA_PX = 160;

interface Drawn {
  area: AreaKey;
  raster: Raster;
  missingImage: boolean;
}

/** Renders the design's filled areas once; null until the engine has drawn them. */
function useAreaRasters(productId: string, color: string, design: unknown): Drawn[] | null | 'failed' {
  const json = JSON.stringify(design);
  const [drawn, setDrawn] = useState<Drawn[] | null | 'failed'>(null);
  useEffect(() => {
    let cancelled = false;
    (async () => {
      const studio = await createStudio(productId, color, json);
      try {
        const missing = await provideStoredImages(studio);
        const doc = studio.design();
        // A team line shows its first piece's name and number, as the saved design's thumbnail does.
        const sample = doc.roster?.[0];
        const filled = AREAS.filter((a) => {
          const area = doc.areas[AREA_DOC_KEY[a]];
          return area?.text || area?.image || (sample && (area?.name || area?.number));
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
  }, [productId, color, json]);
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

/** What an area whose image this browser lacks says; a page whose viewers never had the image says its own. */
export const MISSING_IMAGE_NOTE = '(image kept on the device it was added on)';

export function DesignThumbnails({ productId, color, design, missingImageNote = MISSING_IMAGE_NOTE }: { productId: string; color: string; design: unknown; missingImageNote?: string }) {
  const drawn = useAreaRasters(productId, color, design);
  const products = useProducts();
  const product = products.data?.find((p) => p._id === productId);
  if (drawn === 'failed') return <p className="muted small-print">Design preview not available</p>;
  if (drawn === null) return <div className="design-thumbs loading" role="status" aria-label="Drawing the design…" />;
  if (drawn.length === 0) {
    const front = product ? colorImage(product, color, 'front') : undefined;
    if (!front) return <p className="muted small-print">Plain garment</p>;
    return (
      <div className="design-thumbs">
        <figure className="design-thumb" data-testid="thumb-plain">
          <div className="design-thumb-shot">
            <img src={front} alt={`${product?.name ?? 'Garment'} in ${color}, plain`} loading="lazy" />
          </div>
          <figcaption>Plain garment</figcaption>
        </figure>
      </div>
    );
  }
  return (
    <div className="design-thumbs">
      {drawn.map(({ area, raster, missingImage }) => {
        const place = AREA_ON_PICTURE[area];
        const picture = product ? colorImage(product, color, place.side) : undefined;
        return (
          <figure key={area} className="design-thumb" data-testid={`thumb-${area}`}>
            <div className="design-thumb-shot">
              {picture && <img src={picture} alt="" loading="lazy" />}
              <div className="design-thumb-area" style={{ left: `${place.cx - place.width / 2}%`, width: `${place.width}%`, top: `${place.cy}%` }}>
                <RasterCanvas raster={raster} label={`${AREA_LABELS[area]} design`} />
              </div>
            </div>
            <figcaption>
              {AREA_LABELS[area]}
              {missingImage && <span className="muted"> {missingImageNote}</span>}
            </figcaption>
          </figure>
        );
      })}
    </div>
  );
}
