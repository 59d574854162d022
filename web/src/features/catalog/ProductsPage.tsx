// Shop All (/products): every product that has colour pictures, as cards.
import { useProducts, type Product } from '../../api/products';
import { ProductCard } from '../../components/ProductCard';
import { Spinner } from '../../components/Spinner';
import { ApiError } from '../../lib/api';
import { useT } from '../../lib/i18n';

/**
 * The spec lists only products with colour pictures. In mock mode (the backend
 * cannot be reached) the products are the engine's built-in catalogue, with
 * the pictures the server serves for it (shown when the browser kept them).
 */
export function listable(products: Product[]): Product[] {
  return products.filter((p) => p.colorImages.length > 0);
}

export default function ProductsPage() {
  const query = useProducts();
  const t = useT();

  let body;
  if (query.isPending) {
    body = <Spinner label={t('catalog.loading')} />;
  } else if (query.isError) {
    body = (
      <div className="empty-state" role="alert">
        <h2>{t('catalog.loadFailed')}</h2>
        <p className="muted">{query.error instanceof ApiError ? query.error.message : t('catalog.fetchFailed')}</p>
        <button className="btn" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {t('catalog.tryAgain')}
        </button>
      </div>
    );
  } else {
    const products = listable(query.data);
    body =
      products.length === 0 ? (
        <div className="empty-state">
          <h2>{t('catalog.empty')}</h2>
          <p className="muted">{t('catalog.emptyNote')}</p>
        </div>
      ) : (
        <>
          <p className="muted result-count">
            {t('catalog.count', { count: products.length })}
          </p>
          <div className="grid product-grid">
            {products.map((p) => (
              <ProductCard key={p._id} product={p} heading="h2" />
            ))}
          </div>
        </>
      );
  }

  return (
    <section className="page shop">
      <header className="page-head">
        <h1>{t('catalog.title')}</h1>
        <p className="muted">{t('catalog.intro')}</p>
      </header>
      {body}
    </section>
  );
}
