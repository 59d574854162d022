// The route guards of the spec's route table. While the stored session is
// still being checked a spinner shows: no guarded page renders, and nobody is
// sent to /login, before the auth state is known. A visitor goes to /login,
// which returns to the page asked for (kept as navigation state); with
// role="admin", a signed-in customer goes home.
import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../components/Spinner';
import { useAuth } from '../lib/auth';

export function RequireAuth({ role }: { role?: 'admin' }) {
  const { loading, isAuthenticated, isAdmin } = useAuth();
  const location = useLocation();
  if (loading) return <Spinner label="Loading…" />;
  if (!isAuthenticated) return <Navigate to="/login" replace state={{ from: location }} />;
  if (role === 'admin' && !isAdmin) return <Navigate to="/" replace />;
  return <Outlet />;
}
