import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '../lib/auth';

/** Signed-in routes: a visitor goes to /login, which remembers where they came from. */
export function RequireAuth() {
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  if (!isAuthenticated) {
    return <Navigate to="/login" replace state={{ from: location }} />;
  }
  return <Outlet />;
}
