import { describe, expect, it } from 'vitest';
import { fakeTokens } from '../test/testkit';
import { clearSession, isValidAccessToken, isValidRefreshToken, storedSession, storeTokens, storeUser } from './tokens';

describe('tokens', () => {
  it("applies the client's format checks", () => {
    const { accessToken, refreshToken } = fakeTokens();
    expect(isValidAccessToken(accessToken)).toBe(true);
    expect(isValidAccessToken('eyJ.short.x')).toBe(false);
    expect(isValidAccessToken(`${accessToken}.extra`)).toBe(false);
    expect(isValidAccessToken('abc' + accessToken.slice(3))).toBe(false);
    expect(isValidRefreshToken(refreshToken)).toBe(true);
    expect(isValidRefreshToken('undefined')).toBe(false);
    expect(isValidRefreshToken('short')).toBe(false);
  });

  it('refuses to store malformed tokens and reads back a whole session only', () => {
    expect(() => storeTokens('nope', 'r'.repeat(30))).toThrow('Invalid token format received');
    expect(localStorage.getItem('accessToken')).toBeNull();
    const { accessToken, refreshToken } = fakeTokens();
    storeTokens(accessToken, refreshToken);
    expect(storedSession()).toBeNull();
    storeUser({ _id: 'u1', name: 'A', email: 'a@example.com', role: 'user' });
    expect(storedSession()?.user._id).toBe('u1');
    localStorage.setItem('user', '{broken');
    expect(storedSession()).toBeNull();
    clearSession();
    expect(localStorage.length).toBe(0);
  });
});
