import { useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Navbar } from './Navbar';
import { Footer } from './Footer';
import { LanguageSync } from './LanguageSync';
import { usePageTransition } from './usePageTransition';
import { useBackendAvailable } from '../lib/health';
import { useLocalCartSync } from '../hooks/useLocalCart';
import { MergeNotice } from '../features/cart/MergeNotice';

export function Layout() {
  const backend = useBackendAvailable();
  const main = useRef<HTMLElement>(null);
  const cartSync = useLocalCartSync();
  usePageTransition(main, useLocation().pathname);
  return (
    <div className="shell">
      <Navbar />
      <LanguageSync />
      {backend === false && (
        <div className="banner warn" role="status">
          Backend not available - Running in mock mode
        </div>
      )}
      <MergeNotice sync={cartSync} />
      <main className="main" ref={main}>
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
