import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstScreenShown } from './firstScreen';

/** A browser with paint timing whose first contentful paint is reported when `report` is called. */
function paintTiming() {
  let notify = () => {};
  let reported = false;
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
      constructor(callback: () => void) {
        notify = callback;
      }
      observe() {}
      disconnect() {}
    },
  );
  vi.spyOn(performance, 'getEntriesByName').mockImplementation((name) => (reported && name === 'first-contentful-paint' ? [{} as PerformanceEntry] : []));
  return () => {
    reported = true;
    notify();
  };
}

const settled = async (p: Promise<void>) => Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 20))]);

describe('firstScreenShown', () => {
  afterEach(() => vi.restoreAllMocks());

  it('lets the app start at once on a page without markup of its own (every route but /)', async () => {
    paintTiming();
    expect(await settled(firstScreenShown(document.createElement('div')))).toBe(true);
  });

  it("waits for home.html's first screen to be on screen, then lets the app replace it", async () => {
    const report = paintTiming();
    const root = document.createElement('div');
    root.innerHTML = '<section class="hero"><h1>Design Your Legacy</h1></section>';
    const shown = firstScreenShown(root);
    expect(await settled(shown)).toBe(false);
    report();
    expect(await settled(shown)).toBe(true);
  });

  it('does not wait without paint timing', async () => {
    const root = document.createElement('div');
    root.innerHTML = '<h1>Design Your Legacy</h1>';
    vi.stubGlobal('PerformanceObserver', class { static supportedEntryTypes = ['mark']; });
    expect(await settled(firstScreenShown(root))).toBe(true);
  });
});
