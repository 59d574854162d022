// The studio's first draw, as the benches time it: a print area's canvas holds the engine's drawing at its size on
// screen (a new canvas is 300 px wide and empty until then). The page's own script checks on every frame: Playwright's
// polling would inject its utility script (about 20 ms of the main thread's time) into the load it measures.

/** Records the moment in `window.__firstDraw` (ms from navigation); add before the page loads. */
export function recordFirstDraw(page) {
  return page.addInitScript(() => {
    const check = () => {
      const drawn = [...document.querySelectorAll('canvas.area-canvas')].some(
        (c) => c.width > 0 && Math.abs(c.width - c.getBoundingClientRect().width * devicePixelRatio) <= 1,
      );
      if (drawn) window.__firstDraw = performance.now();
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/** Waits for that moment; its time in ms from navigation. */
export async function firstDraw(page) {
  return (await page.waitForFunction(() => window.__firstDraw, null, { timeout: 120_000, polling: 250 })).jsonValue();
}
