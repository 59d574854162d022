// The 3D view of the studio: the engine's renders of both print areas as
// decals on the garment model. Loaded on demand (three.js is a separate chunk).
import { useMemo } from 'react';
import GarmentViewer from '../../components/three/GarmentViewer';
import type { RosterRowInput } from '../../lib/engine';
import type { StudioHandle } from './useStudio';

const DECAL_WIDTH = 512;

export default function Studio3D({ handle, modelUrl, colorHex, side, row }: { handle: StudioHandle; modelUrl?: string; colorHex: string; side: 'front' | 'back'; row?: RosterRowInput }) {
  const { studio, version } = handle;
  // A personalised design shows the previewed row's name and number.
  const rowKey = row ? JSON.stringify(row) : '';
  const decals = useMemo(
    () => {
      const draw = (area: 'left_chest' | 'back') => (rowKey ? studio.renderAreaForRow(area, JSON.parse(rowKey) as RosterRowInput, DECAL_WIDTH) : studio.renderArea(area, DECAL_WIDTH));
      return { left_chest: draw('left_chest'), back: draw('back') };
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [studio, version, rowKey],
  );
  if (!modelUrl) return <div className="viewer-message">3D Model Not Available</div>;
  return <GarmentViewer modelUrl={modelUrl} colorHex={colorHex} decals={decals} side={side} />;
}
