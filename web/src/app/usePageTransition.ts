// The spec's 0.6 s page transition: the page fades and slides in whenever the
// route changes (not on the page a visit opens with). Played with the Web Animations API on the existing element
// (nothing remounts, no page loses its state), and not at all for people who
// ask their system for reduced motion.
import { useEffect, useRef, type RefObject } from 'react';
import { prefersReducedMotion } from '../lib/motion';

export const PAGE_TRANSITION_MS = 600;

const KEYFRAMES: Keyframe[] = [
  { opacity: 0, transform: 'translateY(12px)' },
  { opacity: 1, transform: 'none' },
];

/**
 * Plays the transition on `ref`'s element each time `key` (the route's path) changes. Not on the page a visit
 * opens with: that is no transition, and a page fading in from nothing is no page yet (its first contentful and
 * largest paints would wait for the fade, about 0.1-0.2 s on a fast machine).
 */
export function usePageTransition(ref: RefObject<HTMLElement | null>, key: string): void {
  const shown = useRef<string | null>(null);
  useEffect(() => {
    const first = shown.current === null;
    const changed = shown.current !== key;
    shown.current = key;
    if (first || !changed) return;
    const el = ref.current;
    if (!el || typeof el.animate !== 'function' || prefersReducedMotion()) return;
    const animation = el.animate(KEYFRAMES, { duration: PAGE_TRANSITION_MS, easing: 'ease-out' });
    return () => animation.cancel();
  }, [ref, key]);
}
