import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '@testing-library/react';
import { useRef } from 'react';
import { PAGE_TRANSITION_MS, usePageTransition } from './usePageTransition';

function Page({ path }: { path: string }) {
  const ref = useRef<HTMLElement>(null);
  usePageTransition(ref, path);
  return <main ref={ref}>{path}</main>;
}

function stubMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query === '(prefers-reduced-motion: reduce)', media: query }));
  const animate = vi.fn(() => ({ cancel: vi.fn() }));
  HTMLElement.prototype.animate = animate as unknown as HTMLElement['animate'];
  return animate;
}

afterEach(() => {
  delete (HTMLElement.prototype as Partial<HTMLElement>).animate;
});

describe('usePageTransition', () => {
  it('plays a 0.6 s fade on every route change', () => {
    const animate = stubMotion(false);
    const view = render(<Page path="/user" />);
    view.rerender(<Page path="/user" />);
    // The page a visit opens with shows at once: no transition, and nothing to wait for to paint it.
    expect(animate).not.toHaveBeenCalled();
    view.rerender(<Page path="/user/profile" />);
    expect(animate).toHaveBeenCalledTimes(1);
    view.rerender(<Page path="/user" />);
    expect(animate).toHaveBeenCalledTimes(2);
    const [frames, options] = animate.mock.calls[1] as unknown as [Keyframe[], KeyframeAnimationOptions];
    expect(options.duration).toBe(PAGE_TRANSITION_MS);
    expect(PAGE_TRANSITION_MS).toBe(600);
    expect(frames[0].opacity).toBe(0);
  });

  it('does nothing for someone who prefers reduced motion', () => {
    const animate = stubMotion(true);
    const view = render(<Page path="/user" />);
    view.rerender(<Page path="/user/profile" />);
    expect(animate).not.toHaveBeenCalled();
  });
});
