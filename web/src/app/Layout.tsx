import { Outlet, ScrollRestoration } from 'react-router';
import { Navbar } from './Navbar';
import { Footer } from './Footer';
import { useBackendAvailable } from '../lib/health';

export function Layout() {
  const backend = useBackendAvailable();
  return (
    <div className="shell">
      <Navbar />
      {backend === false && (
        <div className="banner warn" role="status">
          Backend not available - Running in mock mode
        </div>
      )}
      <main className="main">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
