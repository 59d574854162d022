// Registers the service worker (public/sw.js), which keeps the app, its
// scripts and the garment pictures and 3D models this browser has loaded, so
// the built-in catalogue and the studio keep working when the server cannot be
// reached. Built apps only: in `vite dev` it would keep stale modules.
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((e: unknown) => console.warn('Offline copies are not available:', e));
  });
}
