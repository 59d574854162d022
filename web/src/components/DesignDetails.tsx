// A stored design's details as the saved-designs and shared-design pages show
// them: Print Area, Material, Quality, and Color and Size when present, only
// when the design prints something (a text, an image, names or numbers);
// otherwise 'Standard design'.
import type { SavedDesign } from '../api/designs';
import { sizesText } from '../lib/sizes';
import { useT } from '../lib/i18n';
import './designDetails.css';

type Described = Pick<SavedDesign, 'elements' | 'printAreas' | 'materialQuality' | 'printQuality' | 'color' | 'colorHex' | 'quantity'>;

export function DesignDetails({ design }: { design: Described }) {
  const t = useT();
  if (design.elements === 0 && design.printAreas.length === 0) return <p className="muted design-details">{t('designDetails.standard')}</p>;
  const sizes = sizesText(design.quantity);
  return (
    <dl className="design-details">
      <dt>{t('designDetails.printArea')}</dt>
      <dd>{design.printAreas.join(', ')}</dd>
      <dt>{t('designDetails.material')}</dt>
      <dd>{design.materialQuality}</dd>
      <dt>{t('designDetails.quality')}</dt>
      <dd>{design.printQuality}</dd>
      {design.color && (
        <>
          <dt>{t('designDetails.color')}</dt>
          <dd className="capitalize">
            <span className="summary-dot" style={{ background: design.colorHex ?? '#ccc' }} aria-hidden /> {design.color}
          </dd>
        </>
      )}
      {sizes && (
        <>
          <dt>{t('designDetails.size')}</dt>
          <dd>{sizes}</dd>
        </>
      )}
    </dl>
  );
}
