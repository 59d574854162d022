// The admin area (/admin/*) with the side menu 'Admin Panel'. Who may enter
// is the route guard's business (app/RequireAuth with role="admin").
import { NavLink, Outlet } from 'react-router';
import './admin.css';

export default function AdminLayout() {
  return (
    <div className="admin-shell">
      <aside className="admin-menu">
        <h2>Admin Panel</h2>
        <nav aria-label="Admin Panel">
          <NavLink to="/admin/orders">Orders</NavLink>
          <NavLink to="/admin/tickets">Tickets</NavLink>
          <NavLink to="/admin/products">Products</NavLink>
          <NavLink to="/admin/coupons">Coupons</NavLink>
          <NavLink to="/admin/quotes">Quotes</NavLink>
          <NavLink to="/admin/accounts">Accounts</NavLink>
          <NavLink to="/admin/pages">Pages</NavLink>
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
