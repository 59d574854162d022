// Loaded 3D models, shared by every viewer. The spec's 3D cache: an entry is
// reused for 5 minutes after it was loaded, then loaded again (cheap: the
// browser and the service worker keep the file). A failed load is forgotten at
// once, so the next viewer tries again.
export const MODEL_CACHE_TTL_MS = 5 * 60_000;

export interface ModelCache<T> {
  /** The same promise for a URL until its entry expires. */
  get(url: string): Promise<T>;
}

export function createModelCache<T>(load: (url: string) => Promise<T>, ttlMs = MODEL_CACHE_TTL_MS, now: () => number = Date.now): ModelCache<T> {
  const entries = new Map<string, { promise: Promise<T>; loadedAt: number }>();
  return {
    get(url) {
      const t = now();
      for (const [key, e] of entries) if (t - e.loadedAt >= ttlMs) entries.delete(key);
      const hit = entries.get(url);
      if (hit) return hit.promise;
      const entry = { promise: load(url), loadedAt: t };
      entries.set(url, entry);
      entry.promise.catch(() => {
        if (entries.get(url) === entry) entries.delete(url);
      });
      return entry.promise;
    },
  };
}
