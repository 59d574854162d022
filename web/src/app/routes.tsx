// The spec's route table. Pages load on demand: the home page does not pay for
// the studio, three.js or the engine.
import { createBrowserRouter, type RouteObject } from 'react-router';
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
        children: [{ path: '/cart', lazy: lazyPage(() => import('../features/cart/CartPage')) }],
      },
      { path: '*', lazy: lazyPage(() => import('./NotFoundPage')) },
    ],
  },
];

export const router = createBrowserRouter(routes);
