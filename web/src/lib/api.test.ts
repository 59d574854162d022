import { describe, expect, it } from 'vitest';
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
