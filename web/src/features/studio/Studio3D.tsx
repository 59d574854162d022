// The 3D view of the studio: the engine's renders of both print areas as
// decals on the garment model. Loaded on demand (three.js is a separate chunk).
import { useMemo } from 'react';
import GarmentViewer from '../../components/three/GarmentViewer';
import type { StudioHandle } from './useStudio';

const DECAL_WIDTH = 512;

export default function Studio3D({ handle, modelUrl, colorHex, side }: { handle: StudioHandle; modelUrl?: string; colorHex: string; side: 'front' | 'back' }) {
  const { studio, version } = handle;
  const decals = useMemo(
    () => ({ left_chest: studio.renderArea('left_chest', DECAL_WIDTH), back: studio.renderArea('back', DECAL_WIDTH) }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [studio, version],
  );
  if (!modelUrl) return <div className="viewer-message">3D Model Not Available</div>;
  return <GarmentViewer modelUrl={modelUrl} colorHex={colorHex} decals={decals} side={side} />;
}
