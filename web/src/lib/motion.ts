// Whether the visitor asks their system for reduced motion: the page transition
// (app/usePageTransition.ts) and smooth scrolling then stay still.
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
