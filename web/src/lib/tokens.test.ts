import { describe, expect, it } from 'vitest';
import { fakeTokens, legacyRefreshToken } from '../test/testkit';
import {
  accessToken,
  clearSession,
  isValidAccessToken,
  isValidRefreshToken,
  storedUser,
  storeAccessToken,
  storeUser,
  takeLegacyRefreshToken,
} from './tokens';

describe('tokens', () => {
  it("applies the client's format checks", () => {
    const { accessToken } = fakeTokens();
    const refreshToken = legacyRefreshToken();
    expect(isValidAccessToken(accessToken)).toBe(true);
    expect(isValidAccessToken('eyJ.short.x')).toBe(false);
    expect(isValidAccessToken(`${accessToken}.extra`)).toBe(false);
    expect(isValidAccessToken('abc' + accessToken.slice(3))).toBe(false);
    expect(isValidRefreshToken(refreshToken)).toBe(true);
    expect(isValidRefreshToken('undefined')).toBe(false);
    expect(isValidRefreshToken('short')).toBe(false);
  });

  it('keeps the access token in memory only, refuses malformed ones, and reads back a whole user only', () => {
    expect(() => storeAccessToken('nope')).toThrow('Invalid token format received');
    expect(accessToken()).toBeNull();
    const tokens = fakeTokens();
    storeAccessToken(tokens.accessToken);
    expect(accessToken()).toBe(tokens.accessToken);
    expect(localStorage.length).toBe(0);
    expect(storedUser()).toBeNull();
    storeUser({ _id: 'u1', name: 'A', email: 'a@example.com', role: 'user' });
    expect(storedUser()?._id).toBe('u1');
    localStorage.setItem('user', '{broken');
    expect(storedUser()).toBeNull();
    clearSession();
    expect(accessToken()).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it('carries a refresh token left in localStorage by an earlier version over once', () => {
    localStorage.setItem('accessToken', fakeTokens().accessToken);
    localStorage.setItem('refreshToken', legacyRefreshToken());
    expect(takeLegacyRefreshToken()).toBe(legacyRefreshToken());
    expect(localStorage.length).toBe(0);
    expect(takeLegacyRefreshToken()).toBeNull();
  });
});
