// The spec's route table. Pages load on demand: the home page does not pay for
// the studio, three.js or the engine.
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { Layout } from './Layout';
import { RequireAuth } from './RequireAuth';
import { HomePage } from '../features/home/HomePage';

const lazyPage = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({ Component: (await load()).default });

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/products', lazy: lazyPage(() => import('../features/catalog/ProductsPage')) },
      { path: '/product/:productId', lazy: lazyPage(() => import('../features/product/ProductPage')) },
      { path: '/design', lazy: lazyPage(() => import('../features/studio/StudioPage')) },
      { path: '/login', lazy: lazyPage(() => import('../features/auth/LoginPage')) },
      {
        element: <RequireAuth />,
        children: [
          { path: '/cart', lazy: lazyPage(() => import('../features/cart/CartPage')) },
          { path: '/shipping', lazy: lazyPage(() => import('../features/checkout/CheckoutPage')) },
          { path: '/order-confirmation', lazy: lazyPage(() => import('../features/checkout/OrderConfirmationPage')) },
          { path: '/order-failed', lazy: lazyPage(() => import('../features/checkout/OrderFailedPage')) },
          { path: '/user/orders', lazy: lazyPage(() => import('../features/orders/OrdersPage')) },
          // No customer dashboard yet: the account menu's Profile link lands on the orders.
          { path: '/user', element: <Navigate to="/user/orders" replace /> },
          {
            path: '/admin',
            lazy: lazyPage(() => import('../features/admin/AdminLayout')),
            children: [
              { path: 'orders', lazy: lazyPage(() => import('../features/admin/orders/OrdersAdminPage')) },
              { path: 'products', lazy: lazyPage(() => import('../features/admin/products/ProductsAdminPage')) },
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
