// Shop All (/products): every product that has colour pictures, as cards.
import { useProducts, type Product } from '../../api/products';
import { ProductCard } from '../../components/ProductCard';
import { ApiError } from '../../lib/api';

/**
 * The spec lists only products with colour pictures. In mock mode (the backend
 * cannot be reached) the products are the engine's built-in catalogue, with
 * the pictures the server serves for it (shown when the browser kept them).
 */
export function listable(products: Product[]): Product[] {
  return products.filter((p) => p.colorImages.length > 0);
}

/** The list's room while it loads: its count's line and cards of a card's height, so nothing below moves. */
function CardsSkeleton() {
  return (
    <div role="status" aria-label="Loading products">
      <p className="muted result-count" aria-hidden="true">
        &nbsp;
      </p>
      <div className="grid product-grid">
        {[0, 1, 2].map((i) => (
          <div className="skeleton-card product-skeleton" key={i} aria-hidden="true">
            <div className="skeleton-shot" />
            <div className="skeleton-line" />
            <div className="skeleton-line short" />
          </div>
        ))}
      </div>
    </div>
  );
}

export default function ProductsPage() {
  const query = useProducts();

  let body;
  if (query.isPending) {
    body = <CardsSkeleton />;
  } else if (query.isError) {
    body = (
      <div className="empty-state" role="alert">
        <h2>Failed to load products</h2>
        <p className="muted">{query.error instanceof ApiError ? query.error.message : 'Failed to fetch products'}</p>
        <button className="btn" onClick={() => void query.refetch()} disabled={query.isFetching}>
          Try Again
        </button>
      </div>
    );
  } else {
    const products = listable(query.data);
    body =
      products.length === 0 ? (
        <div className="empty-state">
          <h2>No Products Available</h2>
          <p className="muted">Check back later for our latest products.</p>
        </div>
      ) : (
        <>
          <p className="muted result-count">
            {products.length} {products.length === 1 ? 'product' : 'products'}
          </p>
          <div className="grid product-grid">
            {products.map((p, i) => (
              <ProductCard key={p._id} product={p} heading="h2" first={i === 0} />
            ))}
          </div>
        </>
      );
  }

  return (
    <section className="page shop">
      <header className="page-head">
        <h1>Shop All</h1>
        <p className="muted">Pick a garment and a colour, then make it yours with text, logos and artwork.</p>
      </header>
      {body}
    </section>
  );
}
