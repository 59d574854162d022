// The customer area (/user/*): the side menu beside the page. Only signed-in
// users get here (the route guard sends a visitor to /login first).
import { NavLink, Outlet } from 'react-router';
import { useT } from '../../lib/i18n';
import './account.css';

export default function AccountLayout() {
  const t = useT();
  return (
    <div className="account-shell">
      <aside className="account-menu">
        <h2>
          <NavLink to="/user" end>
            {t('account.menu.title')}
          </NavLink>
        </h2>
        <nav aria-label={t('account.menu.title')}>
          <NavLink to="/user/orders">{t('account.menu.orders')}</NavLink>
          <NavLink to="/user/saved-designs">{t('account.menu.savedDesigns')}</NavLink>
          <NavLink to="/user/quotes">{t('account.menu.quotes')}</NavLink>
          <NavLink to="/account/group-orders">{t('account.menu.groupOrders')}</NavLink>
          <NavLink to="/user/profile">{t('account.menu.profile')}</NavLink>
          <NavLink to="/user/addresses">{t('account.menu.addresses')}</NavLink>
          <NavLink to="/account/support">{t('account.menu.support')}</NavLink>
          <NavLink to="/" end>
            {t('account.menu.home')}
          </NavLink>
        </nav>
      </aside>
      <div className="account-main">
        <Outlet />
      </div>
    </div>
  );
}
