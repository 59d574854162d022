// A group's design on the garment: both print areas drawn by the engine over
// the garment's pictures (2D, as cart lines show a design), and the 3D model
// on request (three.js loads only then).
import { lazy, Suspense, useState } from 'react';
import type { components } from '../../lib/schema';

type RosterRow = components['schemas']['RosterRow'];
import { DesignThumbnails } from '../../components/DesignThumbnails';
import { Spinner } from '../../components/Spinner';

const Group3D = lazy(() => import('./Group3D'));

type Design = components['schemas']['Design'];

/** `row`: the name and number drawn on a personalised design (the member's own, or a sample), with its caption. */
export function GroupDesign({ productId, design: plain, row, rowCaption }: { productId: string; design: Design; row?: RosterRow; rowCaption?: string }) {
  const [show3d, setShow3d] = useState(false);
  const design: Design = row ? { ...plain, roster: [row] } : plain;
  return (
    <div className="group-design stack">
      <DesignThumbnails productId={productId} color={design.color} design={design} missingImageNote="(its image is printed too; it is not shown here)" />
      {row && rowCaption && <p className="muted small-print">{rowCaption}</p>}
      {show3d ? (
        <div className="group-3d">
          <Suspense fallback={<Spinner label="Loading 3D view..." />}>
            <Group3D productId={productId} design={design} />
          </Suspense>
        </div>
      ) : (
        <button className="btn ghost small" type="button" onClick={() => setShow3d(true)}>
          View in 3D
        </button>
      )}
    </div>
  );
}
