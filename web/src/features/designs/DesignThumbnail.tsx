import { useDesignThumbnail } from '../../api/designThumbnail';
import type { SavedDesign } from '../../api/designs';
import { useT } from '../../lib/i18n';

/** The engine-drawn thumbnail, or the 'Design Preview' placeholder while it loads or when there is none. */
export function DesignThumbnail({ design }: { design: SavedDesign }) {
  const t = useT();
  const { src } = useDesignThumbnail(design);
  return src ? (
    <img className="design-shot" src={src} alt={t('designs.thumbnailAlt', { name: design.name })} />
  ) : (
    <div className="design-shot placeholder" role="img" aria-label={t('designs.preview')}>
      {t('designs.preview')}
    </div>
  );
}
