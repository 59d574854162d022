import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { useAuth } from '../lib/auth';
import { badgeText, useCart } from '../api/cart';
import { useBackendAvailable } from '../lib/health';
import { garmentsOf } from '../lib/localCart';
import { useLocalCart } from '../hooks/useLocalCart';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { useT } from '../lib/i18n';

// Signs, not words: the same in every language.
const MENU_ICON = '☰';
const MENU_ARROW = '▾';

export function Navbar() {
  const { user, isAuthenticated, isAdmin, offline, signOut } = useAuth();
  const cart = useCart();
  const local = useLocalCart();
  const backend = useBackendAvailable();
  const navigate = useNavigate();
  const t = useT();
  const [menuOpen, setMenuOpen] = useState(false);
  const [navOpen, setNavOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const bar = useRef<HTMLElement>(null);

  // Its height, for what sticks below it (the studio's preview on phones).
  useEffect(() => {
    const el = bar.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => document.documentElement.style.setProperty('--navbar-h', `${el.offsetHeight}px`));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    if (!menuOpen) return;
    const close = (e: MouseEvent) => {
      if (!menuRef.current?.contains(e.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [menuOpen]);

  const logout = async () => {
    setMenuOpen(false);
    await signOut();
    navigate('/products');
  };
  // While the server is down the badge counts the cart kept in this browser.
  const count = backend === false || offline ? (local.data ?? []).reduce((n, l) => n + garmentsOf(l), 0) : (cart.data?.itemCount ?? 0);

  return (
    <header className="navbar" ref={bar}>
      <div className="navbar-inner">
        <Link to="/" className="brand">
          <span className="brand-mark" aria-hidden="true">{t('brand.mark')}</span> {t('brand.name')}
        </Link>
        <button className="nav-toggle" aria-label={t('nav.menu')} aria-expanded={navOpen} onClick={() => setNavOpen((o) => !o)}>
          {MENU_ICON}
        </button>
        <nav className={`nav-links ${navOpen ? 'open' : ''}`} onClick={() => setNavOpen(false)}>
          <NavLink to="/" end>
            {t('nav.home')}
          </NavLink>
          <NavLink to="/products">{t('nav.products')}</NavLink>
          <NavLink to="/about">{t('nav.about')}</NavLink>
          <NavLink to="/contact">{t('nav.contact')}</NavLink>
          {/* In the links, not beside the cart: on a phone it waits in the menu instead of pushing the bar wider. */}
          <LanguageSwitch />
        </nav>
        <div className="nav-actions">
          {isAuthenticated && (
            <Link to="/cart" className="cart-link" aria-label={t('nav.cart', { count })}>
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                <path
                  fill="currentColor"
                  d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4zM5.2 4l.4 2H20l-2 8H7.4l-.3-1.4L4.3 2H1v2h2.6z"
                />
              </svg>
              {count > 0 && <span className="badge" data-testid="cart-badge">{badgeText(count)}</span>}
            </Link>
          )}
          {isAuthenticated ? (
            <div className="user-menu" ref={menuRef}>
              <button className="btn ghost" aria-haspopup="menu" aria-expanded={menuOpen} onClick={() => setMenuOpen((o) => !o)}>
                {offline ? t('nav.offlineSession') : user?.name?.split(' ')[0] || t('nav.account')} {MENU_ARROW}
              </button>
              {menuOpen && (
                <div className="menu" role="menu">
                  <Link role="menuitem" to="/user" onClick={() => setMenuOpen(false)}>
                    {t('nav.profile')}
                  </Link>
                  {isAdmin && (
                    <Link role="menuitem" to="/admin" onClick={() => setMenuOpen(false)}>
                      {t('nav.admin')}
                    </Link>
                  )}
                  <button role="menuitem" onClick={logout}>
                    {t('nav.logout')}
                  </button>
                </div>
              )}
            </div>
          ) : (
            <Link to="/login" className="btn">
              {t('nav.login')}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}
