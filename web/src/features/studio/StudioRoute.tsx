// The studio's route (/design), in the app's main code: the studio's first screen (StudioShell) at once, then the
// studio. Its code and the engine are asked for once the garment's picture has loaded: asked for with it, they
// shared a slow connection with the picture (the engine's core .wasm alone is ~450 KB compressed), and the page's
// largest paint came after all of them.
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useProduct } from '../../api/products';
import { StudioShell } from './StudioShell';

const StudioPage = lazy(() => import('./StudioPage'));

export function StudioRoute() {
  const [params] = useSearchParams();
  const productId = params.get('productId');
  const product = useProduct(productId);
  const [shown, setShown] = useState(false);
  // No picture to wait for: no product asked for, or none to be had (the studio says so).
  const start = shown || !productId || product.isError;
  useEffect(() => {
    if (start) void import('../../lib/engine').then((engine) => engine.loadEngine()).catch(() => {});
  }, [start]);
  const shell = <StudioShell product={product.data} color={params.get('color')} onShown={() => setShown(true)} />;
  return start ? <Suspense fallback={shell}><StudioPage /></Suspense> : shell;
}
