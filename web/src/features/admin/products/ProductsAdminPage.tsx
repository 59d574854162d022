// Products Management (/admin/products): search over the loaded products
// (name, brand, category), Add Product, and a card per product with its
// picture, price, stock and View, Edit and Delete.
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useDeleteProduct } from '../../../api/adminProducts';
import { useProducts, type Product } from '../../../api/products';
import { ApiError } from '../../../lib/api';
import { rupees } from '../../../lib/money';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Spinner } from '../../../components/Spinner';
import { Banners, useBanners } from '../../../components/Banners';
import { ProductFormDialog } from './ProductFormDialog';

/** The specification's stock colours: 0 red, below 20 orange, otherwise green. */
export function stockClass(stock: number): 'out' | 'low' | 'in' {
  return stock <= 0 ? 'out' : stock < 20 ? 'low' : 'in';
}

/** The card's picture: the primary image, else the first, else the first colour's front. */
export function thumbnailOf(p: Product): string | undefined {
  return (p.images.find((i) => i.isPrimary) ?? p.images[0])?.url ?? p.colorImages.find((c) => c.frontImage)?.frontImage?.url;
}

export function matchesProduct(p: Product, text: string): boolean {
  const q = text.trim().toLowerCase();
  return !q || [p.name, p.brand, p.category].some((v) => v.toLowerCase().includes(q));
}

export default function ProductsAdminPage() {
  const products = useProducts({ limit: 100 });
  const remove = useDeleteProduct();
  const banners = useBanners();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const list = useMemo(() => (products.data ?? []).filter((p) => matchesProduct(p, search)), [products.data, search]);

  const confirmDelete = () => {
    const p = deleting;
    setDeleting(null);
    if (!p) return;
    remove.mutate(p._id, {
      onSuccess: () => banners.success(`Product "${p.name}" deleted`),
      onError: (e) => {
        console.error('Product delete failed', e);
        banners.error(e instanceof ApiError && e.message ? e.message : 'Failed to delete product');
      },
    });
  };

  return (
    <section className="page admin-products">
      <header className="admin-head">
        <h1>Products Management</h1>
        <div className="row">
          <input type="search" placeholder="Search products..." aria-label="Search products" value={search} onChange={(e) => setSearch(e.target.value)} />
          <button className="btn" onClick={() => setEditing('new')}>
            Add Product
          </button>
        </div>
      </header>
      <Banners banners={banners} />

      {products.isPending ? (
        <Spinner label="Loading products..." />
      ) : products.isError ? (
        <div className="empty-state" role="alert">
          <p>{products.error.message}</p>
          <button className="btn" onClick={() => void products.refetch()}>
            Try Again
          </button>
        </div>
      ) : list.length === 0 ? (
        <div className="empty-state">
          <p>{search ? 'No products match your search' : 'No products yet'}</p>
        </div>
      ) : (
        <ul className="admin-product-grid">
          {list.map((p) => {
            const thumb = thumbnailOf(p);
            return (
              <li key={p._id} className="card" data-testid="admin-product-card">
                {thumb ? <img className="product-shot" src={thumb} alt="" width={600} height={720} loading="lazy" /> : <div className="product-shot placeholder" aria-hidden />}
                <div className="card-body">
                  <h2>{p.name}</h2>
                  <p className="muted">{p.category}</p>
                  <p className="price">{rupees(p.price)}</p>
                  <p className={`stock stock-${stockClass(p.stock)}`}>Stock: {p.stock}</p>
                  <div className="row icons">
                    <Link className="btn ghost small" to={`/product/${p._id}`} aria-label={`View ${p.name}`}>
                      View
                    </Link>
                    <button className="btn ghost small" onClick={() => setEditing(p)} aria-label={`Edit ${p.name}`}>
                      Edit
                    </button>
                    <button className="btn ghost small danger-text" onClick={() => setDeleting(p)} aria-label={`Delete ${p.name}`} disabled={remove.isPending && remove.variables === p._id}>
                      Delete
                    </button>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      {editing && <ProductFormDialog product={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} onSaved={banners.success} />}
      {deleting && (
        <ConfirmDialog
          title="Delete product"
          question="Are you sure you want to delete this product?"
          confirmLabel="Delete"
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        >
          {deleting.name}
        </ConfirmDialog>
      )}
    </section>
  );
}
