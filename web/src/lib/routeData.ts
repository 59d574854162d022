// Answers that route-preload (vite.config.ts) asked for before the app's code had loaded. Each is taken once, by the
// query that needs it: at once when it has arrived (the page renders with it, no loading state), else as a promise.
// A failed request's answer is null: the query then asks the API itself, and reports its error as usual.
interface RouteAnswer {
  answer: Promise<unknown>;
  /** The answer, once it has arrived. */
  value?: unknown;
}

declare global {
  interface Window {
    __routeData?: Record<string, RouteAnswer>;
  }
}

function take(path: string): RouteAnswer | undefined {
  const entry = window.__routeData?.[path];
  if (entry) delete window.__routeData![path];
  return entry;
}

/** The answer for `path` if it has already arrived. */
export function takeArrivedRouteData<T>(path: string): T | undefined {
  const entry = window.__routeData?.[path];
  return entry?.value != null ? (take(path)!.value as T) : undefined;
}

/** The answer for `path`, to wait for (null when its request failed). */
export function takeRouteData<T>(path: string): Promise<T | null> | undefined {
  return take(path)?.answer as Promise<T | null> | undefined;
}
