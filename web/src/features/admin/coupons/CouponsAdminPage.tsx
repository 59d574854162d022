// Coupons (/admin/coupons): every coupon with its terms and uses (held by
// open orders and kept by paid ones), New coupon, Edit, and Deactivate (or
// Activate) without losing its uses.
import { useState } from 'react';
import { useCoupons, useSaveCoupon, requestOf, type Coupon } from '../../../api/coupons';
import { Spinner } from '../../../components/Spinner';
import { Banners, useBanners } from '../../../components/Banners';
import { ApiError } from '../../../lib/api';
import { formatDate } from '../../../lib/formatDate';
import { CouponFormDialog } from './CouponFormDialog';

function limits(c: Coupon): string {
  const parts = [c.maxUses != null ? `${c.uses} of ${c.maxUses} used` : `${c.uses} used`];
  if (c.maxUsesPerCustomer != null) parts.push(`${c.maxUsesPerCustomer} per customer`);
  if (c.minPieces > 0) parts.push(`from ${c.minPieces} pieces`);
  return parts.join(' · ');
}

function dates(c: Coupon): string {
  if (c.validFrom == null && c.validUntil == null) return 'Always';
  return `${c.validFrom != null ? formatDate(c.validFrom) : '…'} – ${c.validUntil != null ? formatDate(c.validUntil) : '…'}`;
}

function appliesTo(c: Coupon): string {
  const named = [...c.categories, ...c.productIds];
  return named.length ? named.join(', ') : 'Every product';
}

export default function CouponsAdminPage() {
  const coupons = useCoupons();
  const toggle = useSaveCoupon();
  const banners = useBanners();
  const [editing, setEditing] = useState<Coupon | 'new' | null>(null);

  const flip = (c: Coupon) =>
    toggle.mutate(
      { id: c._id, body: { ...requestOf(c), active: !c.active } },
      {
        onSuccess: (saved) => banners.success(`Coupon ${saved.code} ${saved.active ? 'activated' : 'deactivated'}`),
        onError: (e) => banners.error(e instanceof ApiError && e.message ? e.message : 'Failed to save the coupon'),
      },
    );

  return (
    <section className="page admin-coupons">
      <header className="admin-head">
        <div>
          <h1>Coupons</h1>
          <p className="muted">Taken off each line before tax; a use is held from checkout and given back if the order is cancelled or refunded in full.</p>
        </div>
        <button className="btn" onClick={() => setEditing('new')}>
          New coupon
        </button>
      </header>
      <Banners banners={banners} />
      {coupons.isPending ? (
        <Spinner label="Loading coupons..." />
      ) : coupons.isError ? (
        <div className="empty-state" role="alert">
          <p>{coupons.error.message}</p>
          <button className="btn" onClick={() => void coupons.refetch()}>
            Try Again
          </button>
        </div>
      ) : coupons.data.length === 0 ? (
        <div className="empty-state">
          <p>No coupons yet</p>
        </div>
      ) : (
        <div className="table-wrap">
          <table className="admin-table" aria-label="Coupons">
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Discount</th>
                <th scope="col">Valid</th>
                <th scope="col">Uses</th>
                <th scope="col">Applies to</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {coupons.data.map((c) => (
                <tr key={c._id} data-testid="coupon-row">
                  <td>
                    <strong>{c.code}</strong>
                  </td>
                  <td>{c.label}</td>
                  <td>{dates(c)}</td>
                  <td>{limits(c)}</td>
                  <td>{appliesTo(c)}</td>
                  <td>{c.active ? 'Active' : 'Inactive'}</td>
                  <td className="row">
                    <button className="btn ghost small" onClick={() => setEditing(c)} aria-label={`Edit ${c.code}`}>
                      Edit
                    </button>
                    <button className="btn ghost small" onClick={() => flip(c)} disabled={toggle.isPending} aria-label={`${c.active ? 'Deactivate' : 'Activate'} ${c.code}`}>
                      {c.active ? 'Deactivate' : 'Activate'}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && <CouponFormDialog coupon={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} onSaved={banners.success} />}
    </section>
  );
}
