import { Dialog } from '../../components/Dialog';
import { colorImage, type Product } from '../../api/products';
import type { AreaKey, RosterRowInput } from '../../lib/engine';
import { AreaCanvas } from './AreaCanvas';
import { AREA_ON_PICTURE } from '../../lib/printAreas';
import type { StudioHandle } from './useStudio';

/** Front and back views side by side (max width 1200 px). */
export function PreviewModal({ handle, product, color, row, onClose }: { handle: StudioHandle; product: Product; color: string; row?: RosterRowInput; onClose: () => void }) {
  const views: [string, AreaKey][] = [
    ['Front', 'left_chest'],
    ['Back', 'back'],
  ];
  return (
    <Dialog title="Preview Design" onClose={onClose} wide>
      <div className="preview-grid">
        {views.map(([title, area]) => {
          const place = AREA_ON_PICTURE[area];
          const picture = colorImage(product, color, place.side);
          return (
            <figure key={area} className="design-canvas static">
              {picture ? <img src={picture} alt={`${product.name} ${title.toLowerCase()}`} /> : <div className="picture-missing">Image Not Available</div>}
              <div className="print-area" style={{ left: `${place.cx - place.width / 2}%`, width: `${place.width}%`, top: `${place.cy}%` }}>
                <AreaCanvas handle={handle} area={area} pixelWidth={place.side === 'front' ? 240 : 480} interactive={false} row={row} label={`${title} preview`} />
              </div>
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
