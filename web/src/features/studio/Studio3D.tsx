// The 3D view of the studio: the engine's renders of the product's print
// areas as decals on the garment model, each on the model's node named after
// its area (`left_sleeve`). An area the model has no node for is reported, so
// the studio can show it in 2D. Loaded on demand (three.js is a separate chunk).
import { useCallback, useMemo, useRef } from 'react';
import GarmentViewer, { areaDecals } from '../../components/three/GarmentViewer';
import type { AreaKey, Raster, RosterRowInput, Studio } from '../../lib/engine';
import { modelNode } from '../../lib/printAreas';
import type { StudioHandle } from './useStudio';
import { useT } from '../../lib/i18n';

const DECAL_WIDTH = 512;

/**
 * An area's decal: the engine's view of its pixels copied into the area's own
 * buffer, kept from one redraw to the next while the size holds, so a change
 * (each step of a drag) allocates nothing.
 */
function drawDecal(studio: Studio, area: AreaKey, buffers: Partial<Record<AreaKey, Uint8ClampedArray>>, row?: RosterRowInput): Raster {
  const view = studio.renderAreaView(area, DECAL_WIDTH, row);
  let pixels = buffers[area];
  if (pixels?.length !== view.pixels.length) pixels = buffers[area] = new Uint8ClampedArray(view.pixels.length);
  pixels.set(view.pixels);
  return { width: view.width, height: view.height, pixels };
}

export default function Studio3D({
  handle,
  modelUrl,
  colorHex,
  side,
  row,
  onMissingArea,
}: {
  handle: StudioHandle;
  modelUrl?: string;
  colorHex: string;
  side: 'front' | 'back';
  row?: RosterRowInput;
  /** An area of the product the model has no node for. */
  onMissingArea?: (area: AreaKey) => void;
}) {
  const { studio, version, garment } = handle;
  const t = useT();
  const areas = garment.printAreas;
  // A personalised design shows the previewed row's name and number.
  const rowKey = row ? JSON.stringify(row) : '';
  const buffers = useRef<Partial<Record<AreaKey, Uint8ClampedArray>>>({});
  const decals = useMemo(
    () => {
      const shown = rowKey ? (JSON.parse(rowKey) as RosterRowInput) : undefined;
      return areaDecals(areas, (area) => drawDecal(studio, area, buffers.current, shown));
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [studio, version, rowKey, areas],
  );
  const missing = useCallback((node: string) => {
    const area = areas.find((a) => modelNode(a.key) === node);
    if (area) onMissingArea?.(area.key);
  }, [areas, onMissingArea]);
  if (!modelUrl) return <div className="viewer-message">{t('studio.noModel')}</div>;
  return <GarmentViewer modelUrl={modelUrl} colorHex={colorHex} decals={decals} side={side} onMissingArea={onMissingArea ? missing : undefined} />;
}
