// The 3D view of a group's design: the engine's renders of the product's
// print areas as decals on the product's model, tinted in the design's colour. Its own
// chunk (three.js). A picture this browser cannot get is left out; a
// personalised design shows the name and number of the row it is given.
import { useEffect, useState } from 'react';
import { modelUrl, useProduct } from '../../api/products';
import { colorSwatch } from '../../components/colors';
import GarmentViewer, { areaDecals, type AreaDecals } from '../../components/three/GarmentViewer';
import { createStudio, type AreaKey, type Garment } from '../../lib/engine';
import { garmentOf } from '../../lib/garment';
import { provideStoredImages } from '../../lib/imageStore';
import type { components } from '../../lib/schema';
import { useT } from '../../lib/i18n';

const DECAL_WIDTH = 512;

export default function Group3D({ productId, design }: { productId: string; design: components['schemas']['Design'] }) {
  const t = useT();
  const product = useProduct(productId);
  const json = JSON.stringify(design);
  // Drawn on the product's garment once it has arrived (its areas are the decals).
  const garmentJson = product.data ? JSON.stringify(garmentOf(product.data)) : null;
  const [decals, setDecals] = useState<AreaDecals | 'failed' | null>(null);
  useEffect(() => {
    if (!garmentJson) return;
    let cancelled = false;
    (async () => {
      const garment = JSON.parse(garmentJson) as Garment;
      const studio = await createStudio(productId, design.color, json, garment);
      try {
        for (const area of await provideStoredImages(studio)) studio.remove(area, 'image');
        // A personalised design is drawn with the name and number of its one previewed row.
        const row = studio.design().roster?.[0];
        const draw = (area: AreaKey) => (row ? studio.renderAreaForRow(area, row, DECAL_WIDTH) : studio.renderArea(area, DECAL_WIDTH));
        const drawn = areaDecals(garment.printAreas, draw);
        if (!cancelled) setDecals(drawn);
      } finally {
        studio.free();
      }
    })().catch(() => !cancelled && setDecals('failed'));
    return () => {
      cancelled = true;
    };
  }, [productId, design.color, json, garmentJson]);

  const url = product.data ? modelUrl(product.data, design.color) : undefined;
  if (decals === 'failed' || product.isError) return <p className="muted">{t('groups.no3d')}</p>;
  if (!decals || product.isPending) return <p className="muted">{t('groups.drawing')}</p>;
  if (!url) return <p className="muted">{t('groups.noModel')}</p>;
  return <GarmentViewer modelUrl={url} colorHex={colorSwatch(design.color, product.data?.colorHex)} decals={decals} side="back" />;
}
