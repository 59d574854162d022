// The spec's route table. Pages load on demand: the home page does not pay for
// the studio, three.js or the engine.
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { Layout } from './Layout';
import { RequireAuth } from './RequireAuth';
import { HomePage } from '../features/home/HomePage';
import { StudioRoute } from '../features/studio/StudioRoute';
import { PAGE_PATH, PAGE_SLUGS, type PageSlug } from '../api/pages';

const lazyPage = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });
/** A store policy page: one page component, the server's text for the slug. */
const policyPage = (slug: PageSlug) => async () => {
  const { default: PolicyPage } = await import('../features/policies/PolicyPage');
  return { Component: () => <PolicyPage slug={slug} /> };
};

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/products', lazy: lazyPage(() => import('../features/catalog/ProductsPage')) },
      { path: '/product/:productId', lazy: lazyPage(() => import('../features/product/ProductPage')) },
      // The studio's first screen (the garment's picture) is in the main code; the studio loads after it.
      { path: '/design', element: <StudioRoute /> },
      { path: '/d/:token', lazy: lazyPage(() => import('../features/sharedDesign/SharedDesignPage')) },
      // A group order's link: open to anyone; joining asks to sign in and comes back.
      { path: '/g/:token', lazy: lazyPage(() => import('../features/groups/GroupLinkPage')) },
      { path: '/login', lazy: lazyPage(() => import('../features/auth/LoginPage')) },
      // The links the server e-mails, and the way to ask for a reset link.
      { path: '/verify-email', lazy: lazyPage(() => import('../features/auth/VerifyEmailPage')) },
      { path: '/reset-password', lazy: lazyPage(() => import('../features/auth/ResetPasswordPage')) },
      { path: '/unlock-second-factor', lazy: lazyPage(() => import('../features/auth/UnlockSecondFactorPage')) },
      { path: '/forgot-password', lazy: lazyPage(() => import('../features/auth/ForgotPasswordPage')) },
      { path: '/track', lazy: lazyPage(() => import('../features/track/TrackPage')) },
      // A proof's WhatsApp link: opened and answered without signing in.
      { path: '/proof/:token', lazy: lazyPage(() => import('../features/proofLink/ProofLinkPage')) },
      { path: '/newsletter/confirm', lazy: lazyPage(() => import('../features/newsletter/NewsletterConfirmPage')) },
      // The store's pages and its complaints desk (issue 49); /contact adds the seller and the complaint form.
      ...PAGE_SLUGS.filter((slug) => slug !== 'contact').map((slug) => ({ path: PAGE_PATH[slug], lazy: policyPage(slug) })),
      { path: PAGE_PATH.contact, lazy: lazyPage(() => import('../features/policies/ContactPage')) },
      { path: '/support/lookup', lazy: lazyPage(() => import('../features/ticketLookup/TicketLookupPage')) },
      {
        element: <RequireAuth />,
        children: [
          { path: '/cart', lazy: lazyPage(() => import('../features/cart/CartPage')) },
          { path: '/shipping', lazy: lazyPage(() => import('../features/checkout/CheckoutPage')) },
          { path: '/order-confirmation', lazy: lazyPage(() => import('../features/checkout/OrderConfirmationPage')) },
          { path: '/order-failed', lazy: lazyPage(() => import('../features/checkout/OrderFailedPage')) },
          // A quote's page: the link in its e-mail (api core::quotes).
          { path: '/quotes/:id', lazy: lazyPage(() => import('../features/quotes/QuotePage')) },
          {
            path: '/user',
            lazy: lazyPage(() => import('../features/account/AccountLayout')),
            children: [
              { index: true, lazy: lazyPage(() => import('../features/account/DashboardPage')) },
              { path: 'orders', lazy: lazyPage(() => import('../features/orders/OrdersPage')) },
              {
                path: 'saved-designs',
                // A saved design starts a group order: the page gets the groups feature's dialog from here (a
                // feature imports no other feature), both loaded together.
                lazy: async () => {
                  const [{ default: SavedDesignsPage }, { StartGroupDialog }] = await Promise.all([
                    import('../features/designs/SavedDesignsPage'),
                    import('../features/groups/StartGroupDialog'),
                  ]);
                  return { Component: () => <SavedDesignsPage groupStarter={StartGroupDialog} /> };
                },
              },
              { path: 'profile', lazy: lazyPage(() => import('../features/account/ProfilePage')) },
              { path: 'addresses', lazy: lazyPage(() => import('../features/account/AddressesPage')) },
              { path: 'quotes', lazy: lazyPage(() => import('../features/quotes/MyQuotesPage')) },
            ],
          },
          {
            // The organiser's group orders and the customer's support tickets, in the account area's layout.
            path: '/account',
            lazy: lazyPage(() => import('../features/account/AccountLayout')),
            children: [
              { index: true, element: <Navigate to="/user" replace /> },
              { path: 'group-orders', lazy: lazyPage(() => import('../features/groups/GroupOrdersPage')) },
              { path: 'group-orders/:id', lazy: lazyPage(() => import('../features/groups/GroupOrderPage')) },
              { path: 'support', lazy: lazyPage(() => import('../features/account/SupportPage')) },
            ],
          },
        ],
      },
      {
        element: <RequireAuth role="admin" />,
        children: [
          {
            path: '/admin',
            lazy: lazyPage(() => import('../features/admin/AdminLayout')),
            children: [
              { path: 'orders', lazy: lazyPage(() => import('../features/admin/orders/OrdersAdminPage')) },
              { path: 'products', lazy: lazyPage(() => import('../features/admin/products/ProductsAdminPage')) },
              { path: 'coupons', lazy: lazyPage(() => import('../features/admin/coupons/CouponsAdminPage')) },
              { path: 'accounts', lazy: lazyPage(() => import('../features/admin/accounts/AccountsAdminPage')) },
              { path: 'tickets', lazy: lazyPage(() => import('../features/admin/tickets/TicketsAdminPage')) },
              { path: 'pages', lazy: lazyPage(() => import('../features/admin/pages/PagesAdminPage')) },
              { path: 'quotes', lazy: lazyPage(() => import('../features/admin/quotes/QuotesAdminPage')) },
              // /admin and any unknown admin path.
              { index: true, element: <Navigate to="/admin/orders" replace /> },
              { path: '*', element: <Navigate to="/admin/orders" replace /> },
            ],
          },
        ],
      },
      { path: '*', lazy: lazyPage(() => import('./NotFoundPage')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
