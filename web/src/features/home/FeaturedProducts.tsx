// Featured products: up to 3 products that have colour pictures. One list is
// rendered once; CSS makes it a swipe carousel with dots on a phone and a grid
// of three from 768 px up.
import { useEffect, useRef, useState, type CSSProperties, type TouchEvent } from 'react';
import { useProducts, type Product } from '../../api/products';
import { ProductCard } from '../../components/ProductCard';
import { useT } from '../../lib/i18n';

export const FEATURED_COUNT = 3;
export const FEATURED_LIMIT = 8;
/** A swipe moves the carousel once the finger has travelled this far sideways. */
export const SWIPE_THRESHOLD_PX = 50;

/** The products the home page features: those with colour pictures, at most three. */
export function featuredOf(products: Product[] | undefined): Product[] {
  return (products ?? []).filter((p) => p.colorImages.length > 0).slice(0, FEATURED_COUNT);
}

export function FeaturedProducts() {
  const query = useProducts({ isFeatured: true, limit: FEATURED_LIMIT });
  const t = useT();

  if (query.isPending) {
    return (
      <div className="featured-skeleton" role="status" aria-label={t('home.featuredLoading')}>
        {Array.from({ length: FEATURED_COUNT }, (_, i) => (
          <div className="skeleton-card" key={i} aria-hidden="true">
            <div className="skeleton-shot" />
            <div className="skeleton-line" />
            <div className="skeleton-line short" />
          </div>
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="empty-state">
        <h3>{t('home.loadFailed')}</h3>
        <button className="btn ghost" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {t('home.tryAgain')}
        </button>
      </div>
    );
  }
  const featured = featuredOf(query.data);
  if (featured.length === 0) {
    return (
      <div className="empty-state">
        <h3>{t('home.noFeatured')}</h3>
        <p className="muted">{t('home.noFeaturedNote')}</p>
      </div>
    );
  }
  return <Carousel products={featured} />;
}

function Carousel({ products }: { products: Product[] }) {
  const [index, setIndex] = useState(0);
  const [drag, setDrag] = useState(0);
  const start = useRef<{ x: number; y: number; sideways: boolean | null } | null>(null);
  const last = products.length - 1;
  const t = useT();

  useEffect(() => setIndex((i) => Math.min(i, last)), [last]);

  const onTouchStart = (e: TouchEvent) => {
    const touch = e.touches[0];
    start.current = { x: touch.clientX, y: touch.clientY, sideways: null };
  };
  const onTouchMove = (e: TouchEvent) => {
    const s = start.current;
    if (!s) return;
    const touch = e.touches[0];
    const dx = touch.clientX - s.x;
    const dy = touch.clientY - s.y;
    // Decide once whether this is a sideways swipe or a page scroll.
    if (s.sideways === null && Math.max(Math.abs(dx), Math.abs(dy)) > 8) s.sideways = Math.abs(dx) > Math.abs(dy);
    if (s.sideways) setDrag(dx);
  };
  const onTouchEnd = (e: TouchEvent) => {
    const s = start.current;
    start.current = null;
    setDrag(0);
    if (!s || s.sideways === false) return;
    const dx = e.changedTouches[0].clientX - s.x;
    if (dx <= -SWIPE_THRESHOLD_PX) setIndex((i) => Math.min(i + 1, last));
    else if (dx >= SWIPE_THRESHOLD_PX) setIndex((i) => Math.max(i - 1, 0));
  };

  const style = { '--slide': index, '--drag': `${drag}px`, '--count': products.length } as CSSProperties;
  return (
    <div className="featured" aria-roledescription={t('home.carousel')} aria-label={t('home.featuredLabel')}>
      <div className="featured-viewport">
        <div
          className={`featured-track ${drag !== 0 ? 'dragging' : ''}`}
          style={style}
          data-testid="featured-track"
          onTouchStart={onTouchStart}
          onTouchMove={onTouchMove}
          onTouchEnd={onTouchEnd}
          onTouchCancel={() => ((start.current = null), setDrag(0))}
        >
          {products.map((p, i) => (
            <div className="featured-slide" key={p._id} aria-roledescription={t('home.slide')} aria-label={t('home.slideOf', { n: i + 1, count: products.length })} data-current={i === index}>
              <ProductCard product={p} />
            </div>
          ))}
        </div>
      </div>
      {products.length > 1 && (
        <div className="dots" role="group" aria-label={t('home.chooseFeatured')}>
          {products.map((p, i) => (
            <button
              key={p._id}
              className="dot"
              aria-label={t('home.showProduct', { n: i + 1, count: products.length })}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => setIndex(i)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
