import { useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Navbar } from './Navbar';
import { Footer } from './Footer';
import { usePageTransition } from './usePageTransition';
import { useBackendAvailable } from '../lib/health';

export function Layout() {
  const backend = useBackendAvailable();
  const main = useRef<HTMLElement>(null);
  usePageTransition(main, useLocation().pathname);
  return (
    <div className="shell">
      <Navbar />
      {backend === false && (
        <div className="banner warn" role="status">
          Backend not available - Running in mock mode
        </div>
      )}
      <main className="main" ref={main}>
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
