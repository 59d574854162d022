// A group's design on the garment: both print areas drawn by the engine over
// the garment's pictures (2D, as cart lines show a design), and the 3D model
// on request (three.js loads only then).
import { lazy, Suspense, useEffect, useState } from 'react';
import { storeDesignPictures } from '../../api/designPictures';
import type { components } from '../../lib/schema';

type RosterRow = components['schemas']['RosterRow'];
import { DesignThumbnails } from '../../components/DesignThumbnails';
import { Spinner } from '../../components/Spinner';
import { useT } from '../../lib/i18n';

const Group3D = lazy(() => import('./Group3D'));

type Design = components['schemas']['Design'];

/**
 * `token`: the group's link, through which the design's pictures are read (then drawn again with them);
 * `row`: the name and number drawn on a personalised design (the member's own, or a sample), with its caption.
 */
export function GroupDesign({ token, productId, design: plain, row, rowCaption }: { token: string; productId: string; design: Design; row?: RosterRow; rowCaption?: string }) {
  const t = useT();
  const [show3d, setShow3d] = useState(false);
  const [pictures, setPictures] = useState(false);
  useEffect(() => {
    let live = true;
    // A picture that cannot be fetched is left out, with the note under its area.
    storeDesignPictures(plain, { group: token }).then(
      () => live && setPictures(true),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [plain, token]);
  const design: Design = row ? { ...plain, roster: [row] } : plain;
  return (
    <div className="group-design stack">
      <DesignThumbnails key={pictures ? 'pictures' : 'drawing'} productId={productId} color={design.color} design={design} missingImageNote={t('groups.imageNotLoaded')} />
      {row && rowCaption && <p className="muted small-print">{rowCaption}</p>}
      {show3d ? (
        <div className="group-3d">
          <Suspense fallback={<Spinner label={t('groups.loading3d')} />}>
            <Group3D productId={productId} design={design} />
          </Suspense>
        </div>
      ) : (
        <button className="btn ghost small" type="button" onClick={() => setShow3d(true)}>
          {t('groups.view3d')}
        </button>
      )}
    </div>
  );
}
