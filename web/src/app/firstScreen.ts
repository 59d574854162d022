// home.html (the HTML the API sends for `/`) paints the home page's first screen before the app's code has run;
// React then replaces that markup with its own, the same. Chrome counts a paint (its largest contentful paint) only
// once the frame is on screen, and forgets it when the painted nodes are gone by then: replaced too early, the
// hero would count as painted only when React has drawn it again. So the app starts once the first contentful
// paint has been presented: at once on every other page (an empty root) and when that paint is already reported.

/** Resolves when the app may replace the page's own markup. */
export function firstScreenShown(root: HTMLElement): Promise<void> {
  const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
  const timed = typeof PerformanceObserver !== 'undefined' && (PerformanceObserver.supportedEntryTypes ?? []).includes('paint');
  if (!root.firstElementChild || document.visibilityState === 'hidden' || !timed || painted()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      clearTimeout(timer);
      resolve();
    };
    const observer = new PerformanceObserver(() => {
      if (painted()) done();
    });
    // A paint that is never reported (the tab hidden meanwhile) does not keep the app from starting.
    const timer = setTimeout(done, 1_000);
    try {
      observer.observe({ type: 'paint', buffered: true });
    } catch {
      done();
    }
  });
}
