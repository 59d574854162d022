import { Dialog } from '../../components/Dialog';
import { colorImage, type Product } from '../../api/products';
import type { RosterRowInput, Side } from '../../lib/engine';
import { AreaCanvas } from './AreaCanvas';
import { placeOf } from '../../lib/printAreas';
import type { StudioHandle } from './useStudio';
import { useT } from '../../lib/i18n';

const SIDES: Side[] = ['front', 'back'];
/** Canvas pixels per percent of the picture's width an area spans (a 4-inch chest: 240). */
const PREVIEW_PX_PER_PERCENT = 16;

/** Each side with the product's areas on it, side by side (max width 1200 px). */
export function PreviewModal({ handle, product, color, row, onClose }: { handle: StudioHandle; product: Product; color: string; row?: RosterRowInput; onClose: () => void }) {
  const placed = handle.garment.printAreas.map((a) => ({ area: a, place: placeOf(a) }));
  const t = useT();
  const views = SIDES.map((side) => ({ side, title: t(side === 'front' ? 'studio.front' : 'studio.back'), areas: placed.filter((p) => p.place.side === side) })).filter((v) => v.areas.length > 0);
  return (
    <Dialog title={t('studio.previewDesign')} onClose={onClose} wide>
      <div className="preview-grid">
        {views.map(({ side, title, areas }) => {
          const picture = colorImage(product, color, side);
          return (
            <figure key={side} className="design-canvas static">
              {picture ? <img src={picture} alt={t('studio.pictureAlt', { product: product.name, side })} width={600} height={720} /> : <div className="picture-missing">{t('studio.imageNotAvailable')}</div>}
              {areas.map(({ area, place }) => (
                <div key={area.key} className="print-area" style={{ left: `${place.cx - place.width / 2}%`, width: `${place.width}%`, top: `${place.cy}%` }}>
                  <AreaCanvas handle={handle} area={area.key} pixelWidth={Math.round(place.width * PREVIEW_PX_PER_PERCENT)} interactive={false} row={row} label={t('studio.sidePreview', { side: title, area: area.label })} />
                </div>
              ))}
              <figcaption>{title}</figcaption>
            </figure>
          );
        })}
      </div>
      <button className="btn" onClick={onClose}>
        {t('studio.close')}
      </button>
    </Dialog>
  );
}
