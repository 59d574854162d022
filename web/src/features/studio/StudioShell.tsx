// The studio's first screen, in the app's main code: the page's title and the garment's picture at the place and
// size the studio draws it (the same markup and classes: studioShell.css), shown while the studio's code and the
// engine load, and then replaced by the studio without a move. The picture is the page's largest paint, which
// otherwise waited for the studio's code and the engine's .wasm (docs/seo.md).
import { useLayoutEffect, useRef } from 'react';
import { colorImage, type Product } from '../../api/products';
import { areasOf } from '../../lib/printAreas';
import { Spinner } from '../../components/Spinner';
import { useT } from '../../lib/i18n';
import './studioShell.css';

/** The garment picture the studio opens on: its first print area's side, in the colour asked for. */
export function openingPicture(product: Product, color: string | null | undefined) {
  const side = areasOf(product)[0]?.side ?? 'front';
  return { side, url: colorImage(product, color ?? product.defaultColor, side) };
}

/**
 * The studio's header and garment picture without its controls; `onShown` is called once the picture has loaded
 * (or failed, or there is none): it is then drawn in the frame being made.
 */
export function StudioShell({ product, color, onShown }: { product: Product | undefined; color: string | null | undefined; onShown?: () => void }) {
  const t = useT();
  const picture = product ? openingPicture(product, color) : undefined;
  const img = useRef<HTMLImageElement>(null);
  const shown = useRef(onShown);
  shown.current = onShown;

  // Route-preload has usually brought the picture before the first render: it is complete at once. (Waiting for
  // the frame that paints it as well cost the studio's first render ~120 ms more here and gained nothing.)
  const announced = useRef(false);
  const announce = () => {
    if (announced.current) return;
    announced.current = true;
    shown.current?.();
  };
  useLayoutEffect(() => {
    if (product && (!picture?.url || img.current?.complete)) announce();
  });

  // Until the product is in, no room is taken: its name's length decides how the header wraps, so a header drawn
  // without it would move the picture once it came.
  if (!product) return <Spinner label={t('studio.loadingProduct')} />;
  return (
    <div className="page studio" aria-busy="true">
      <div className="row spread">
        <h1>{t('studio.title', { name: product.name })}</h1>
        {/* The studio's controls there, unseen (the same elements: a button's line height is not a link's), so
            that the header keeps its height. */}
        <div className="save-design row shell-placeholder" aria-hidden="true">
          <span className="btn ghost small">{t('studio.loginToSaveLink')}</span>
        </div>
        <button type="button" className="btn ghost shell-placeholder" aria-hidden="true" tabIndex={-1}>
          {t('studio.backToProducts')}
        </button>
      </div>
      <div className="studio-grid">
        {/* Where the controls will be: below the picture on a phone, its left on a desktop. */}
        <div className="stack">
          <Spinner label={t('studio.loadingStudio')} />
        </div>
        <div className="stack studio-view">
          <div className="row studio-tools">
            {/* A button's height: the view's buttons, undo and redo come with the studio. */}
            <button type="button" className="btn small shell-placeholder" aria-hidden="true" tabIndex={-1}>
              &nbsp;
            </button>
          </div>
          <div className="design-canvas">
            {picture?.url && (
              <img
                ref={img}
                src={picture.url}
                alt={t('studio.pictureAlt', { product: product.name, side: picture.side })}
                width={600}
                height={720}
                fetchPriority="high"
                onLoad={announce}
                onError={announce}
                draggable={false}
              />
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
