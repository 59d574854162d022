// The studio's route (/design), in the app's main code: the studio's first screen (StudioShell: the title and the
// garment's picture, at the studio's own place and size) at once, then the studio. Its code and the engine are asked
// for once the garment's picture has loaded: asked for with it, they shared a slow connection with the picture (the
// engine's core .wasm alone is ~450 KB compressed), and the page's largest paint came after all of them.
// Not React.lazy under a Suspense fallback: React holds a boundary's content back for up to 300 ms once its
// fallback has shown.
import { useEffect, useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { useProduct } from '../../api/products';
import { useT } from '../../lib/i18n';
import { StudioShell } from './StudioShell';

let studioPage: Promise<ComponentType> | undefined;
/** The studio's code and the engine, asked for once per page load. */
function loadStudio(): Promise<ComponentType> {
  if (!studioPage) {
    void import('../../lib/engine').then((engine) => engine.loadEngine()).catch(() => {});
    studioPage = import('./StudioPage').then((m) => m.default);
    studioPage.catch(() => (studioPage = undefined));
  }
  return studioPage;
}

export function StudioRoute() {
  const t = useT();
  const [params] = useSearchParams();
  const productId = params.get('productId');
  const product = useProduct(productId);
  const [shown, setShown] = useState(false);
  const [Page, setPage] = useState<ComponentType | null>(null);
  const [failed, setFailed] = useState(false);
  // No picture to wait for: no product asked for, or none to be had (the studio says so).
  const start = shown || !productId || product.isError;
  useEffect(() => {
    if (!start) return;
    let live = true;
    loadStudio().then(
      (page) => live && setPage(() => page),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [start]);
  if (failed)
    return (
      <div className="page notice error" role="alert">
        {t('studio.codeFailed')}
      </div>
    );
  return Page ? <Page /> : <StudioShell product={product.data} color={params.get('color')} onShown={() => setShown(true)} />;
}
