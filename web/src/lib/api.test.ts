import { describe, expect, it, vi } from 'vitest';
import { calls, fail, fakeTokens, mockApi, ok, signedIn } from '../test/testkit';
import { api, setSessionEndedHandler } from './api';
import { accessToken, storedUser } from './tokens';

const bearer = `Bearer ${fakeTokens().accessToken}`;

describe('api client session', () => {
  it('after a reload, renews the session from the cookie once before the first requests', async () => {
    signedIn();
    const seen: { auth: string | null; credentials: RequestCredentials; body: string }[] = [];
    const fetchMock = mockApi(async (_m, path, _url, request) => {
      if (path === '/api/auth/refresh') {
        seen.push({ auth: null, credentials: request.credentials, body: await request.text() });
        return ok(fakeTokens(), 'Token refreshed');
      }
      if (path === '/api/cart') {
        seen.push({ auth: request.headers.get('Authorization'), credentials: request.credentials, body: '' });
        return ok({ items: [] });
      }
      return undefined;
    });
    await Promise.all([api.GET('/cart'), api.GET('/cart')]);
    expect(calls(fetchMock, '/api/auth/refresh')).toBe(1);
    // The refresh token travels only as the cookie: the body names none.
    expect(seen[0]).toEqual({ auth: null, credentials: 'same-origin', body: '{}' });
    expect(seen.slice(1).map((s) => s.auth)).toEqual([bearer, bearer]);
  });

  it('renews and retries once on a 401, and ends the session when the cookie no longer works', async () => {
    signedIn();
    let ended = 0;
    setSessionEndedHandler(() => ended++);
    let refreshes = 0;
    mockApi((_m, path) => {
      if (path === '/api/auth/refresh') return refreshes++ === 0 ? ok(fakeTokens()) : fail(401, 'Session expired. Please log in again.');
      if (path === '/api/cart') return fail(401, 'Please log in');
      return undefined;
    });
    const { response } = await api.GET('/cart');
    expect(response.status).toBe(401);
    // The first refresh (no token in memory) worked; the retry's 401 asked for another, which failed.
    expect(refreshes).toBe(2);
    expect(ended).toBe(1);
    expect(accessToken()).toBeNull();
    expect(storedUser()).toBeNull();
  });
});

describe('api client under load', () => {
  function answers(...statuses: [number, string | null][]) {
    const seen: string[] = [];
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      const request = input as Request;
      seen.push(await request.text());
      const [status, retryAfter] = statuses[Math.min(seen.length - 1, statuses.length - 1)];
      const headers = new Headers({ 'content-type': 'application/json' });
      if (retryAfter !== null) headers.set('Retry-After', retryAfter);
      const body = status === 503 ? { success: false, message: 'The server is busy. Please try again in a moment.' } : { success: true, message: 'Design saved', data: { _id: 'd1' } };
      return new Response(JSON.stringify(body), { status, headers });
    });
    vi.stubGlobal('fetch', fetchMock);
    return seen;
  }
  const save = () => api.POST('/designs', { body: { name: 'Crew', design: { version: 1 } as never } });

  it('asks a busy server again after the wait it names, with the same body', async () => {
    const seen = answers([503, '0'], [201, null]);
    const { response } = await save();
    expect(response.status).toBe(201);
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBe(seen[0]);
    expect(JSON.parse(seen[1])).toMatchObject({ name: 'Crew' });
  });

  it('gives up after two more tries, and never retries a 503 without Retry-After', async () => {
    let seen = answers([503, '0']);
    expect((await save()).response.status).toBe(503);
    expect(seen).toHaveLength(3);
    seen = answers([503, null]);
    expect((await save()).response.status).toBe(503);
    expect(seen).toHaveLength(1);
  });
});
