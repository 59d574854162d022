import { Dialog } from '../../components/Dialog';
import { colorImage, type Product } from '../../api/products';
import type { RosterRowInput, Side } from '../../lib/engine';
import { AreaCanvas } from './AreaCanvas';
import { placeOf } from '../../lib/printAreas';
import type { StudioHandle } from './useStudio';

const SIDES: [Side, string][] = [
  ['front', 'Front'],
  ['back', 'Back'],
];
/** Canvas pixels per percent of the picture's width an area spans (a 4-inch chest: 240). */
const PREVIEW_PX_PER_PERCENT = 16;

/** Each side with the product's areas on it, side by side (max width 1200 px). */
export function PreviewModal({ handle, product, color, row, onClose }: { handle: StudioHandle; product: Product; color: string; row?: RosterRowInput; onClose: () => void }) {
  const placed = handle.garment.printAreas.map((a) => ({ area: a, place: placeOf(a) }));
  const views = SIDES.map(([side, title]) => ({ side, title, areas: placed.filter((p) => p.place.side === side) })).filter((v) => v.areas.length > 0);
  return (
    <Dialog title="Preview Design" onClose={onClose} wide>
      <div className="preview-grid">
        {views.map(({ side, title, areas }) => {
          const picture = colorImage(product, color, side);
          return (
            <figure key={side} className="design-canvas static">
              {picture ? <img src={picture} alt={`${product.name} ${title.toLowerCase()}`} /> : <div className="picture-missing">Image Not Available</div>}
              {areas.map(({ area, place }) => (
                <div key={area.key} className="print-area" style={{ left: `${place.cx - place.width / 2}%`, width: `${place.width}%`, top: `${place.cy}%` }}>
                  <AreaCanvas handle={handle} area={area.key} pixelWidth={Math.round(place.width * PREVIEW_PX_PER_PERCENT)} interactive={false} row={row} label={`${title} preview: ${area.label}`} />
                </div>
              ))}
              <figcaption>{title}</figcaption>
            </figure>
          );
        })}
      </div>
      <button className="btn" onClick={onClose}>
        Close
      </button>
    </Dialog>
  );
}
