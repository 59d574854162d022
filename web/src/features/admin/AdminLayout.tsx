// The admin area (/admin/*): admins only (RequireAuth sends a visitor to sign
// in first; a signed-in customer goes home), with the side menu 'Admin Panel'.
import { Navigate, NavLink, Outlet } from 'react-router';
import { useAuth } from '../../lib/auth';
import './admin.css';

export default function AdminLayout() {
  const { isAdmin } = useAuth();
  if (!isAdmin) return <Navigate to="/" replace />;
  return (
    <div className="admin-shell">
      <aside className="admin-menu">
        <h2>Admin Panel</h2>
        <nav aria-label="Admin Panel">
          <NavLink to="/admin/orders">Orders</NavLink>
          <NavLink to="/admin/products">Products</NavLink>
          <NavLink to="/" end>
            Back to Home
          </NavLink>
        </nav>
      </aside>
      <div className="admin-main">
        <Outlet />
      </div>
    </div>
  );
}
