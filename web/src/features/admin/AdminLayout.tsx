// The admin area (/admin/*): admins only (a visitor signs in first, a signed-in
// customer goes home), with the side menu 'Admin Panel'.
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { useAuth } from '../../lib/auth';
import './admin.css';

export default function AdminLayout() {
  const { isAuthenticated, isAdmin } = useAuth();
  const location = useLocation();
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location }} />;
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
