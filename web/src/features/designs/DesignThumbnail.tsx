import { useDesignThumbnail } from '../../api/designThumbnail';
import type { SavedDesign } from '../../api/designs';

/** The engine-drawn thumbnail, or the 'Design Preview' placeholder while it loads or when there is none. */
export function DesignThumbnail({ design }: { design: SavedDesign }) {
  const { src } = useDesignThumbnail(design);
  return src ? (
    <img className="design-shot" src={src} alt={`${design.name} thumbnail`} width={320} height={320} />
  ) : (
    <div className="design-shot placeholder" role="img" aria-label="Design Preview">
      Design Preview
    </div>
  );
}
