import { describe, expect, it, vi } from 'vitest';
import { createModelCache, MODEL_CACHE_TTL_MS } from './modelCache';

describe('3D model cache', () => {
  it('reuses a model for 5 minutes, then loads it again', async () => {
    let clock = 0;
    const load = vi.fn(async (url: string) => ({ url, n: load.mock.calls.length }));
    const cache = createModelCache(load, MODEL_CACHE_TTL_MS, () => clock);
    expect(MODEL_CACHE_TTL_MS).toBe(300_000);

    const first = cache.get('/m/a.glb');
    clock = MODEL_CACHE_TTL_MS - 1;
    expect(cache.get('/m/a.glb')).toBe(first);
    expect(load).toHaveBeenCalledTimes(1);

    clock = MODEL_CACHE_TTL_MS;
    const again = cache.get('/m/a.glb');
    expect(again).not.toBe(first);
    expect(load).toHaveBeenCalledTimes(2);
    expect((await again).n).toBe(2);
  });

  it('keeps one entry per URL', () => {
    const load = vi.fn(async (url: string) => url);
    const cache = createModelCache(load, MODEL_CACHE_TTL_MS, () => 0);
    cache.get('/m/a.glb');
    cache.get('/m/b.glb');
    cache.get('/m/a.glb');
    expect(load.mock.calls.map(([u]) => u)).toEqual(['/m/a.glb', '/m/b.glb']);
  });

  it('forgets a failed load so the next viewer tries again', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('Failed to load 3D model')).mockResolvedValue('model');
    const cache = createModelCache<string>(load, MODEL_CACHE_TTL_MS, () => 0);
    await expect(cache.get('/m/a.glb')).rejects.toThrow('Failed to load');
    await expect(cache.get('/m/a.glb')).resolves.toBe('model');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
