// The customer area (/user/*): the side menu beside the page. Only signed-in
// users get here (the route guard sends a visitor to /login first).
import { NavLink, Outlet } from 'react-router';
import './account.css';

export default function AccountLayout() {
  return (
    <div className="account-shell">
      <aside className="account-menu">
        <h2>
          <NavLink to="/user" end>
            My Account
          </NavLink>
        </h2>
        <nav aria-label="My Account">
          <NavLink to="/user/orders">Orders</NavLink>
          <NavLink to="/user/saved-designs">Saved Designs</NavLink>
          <NavLink to="/user/quotes">Quotes</NavLink>
          <NavLink to="/account/group-orders">Group Orders</NavLink>
          <NavLink to="/user/profile">Profile</NavLink>
          <NavLink to="/user/addresses">Addresses</NavLink>
          <NavLink to="/account/support">Support</NavLink>
          <NavLink to="/" end>
            Back to Home
          </NavLink>
        </nav>
      </aside>
      <div className="account-main">
        <Outlet />
      </div>
    </div>
  );
}
