// The session on the client. The access token lives in memory only and the
// refresh token only in the server's HttpOnly cookie, so a script injected into
// the page cannot carry either away; localStorage keeps just who is signed in
// (for the header and the route guards) until the cookie renews the session.
// The server never puts the refresh token in a JSON body. Access tokens still
// get the specification's client-side checks: one starts with eyJ, is over 100
// characters and has three base64url parts. A refresh token an earlier version
// left in localStorage (at least 20 characters, not 'undefined' or 'null') is
// carried over once and removed.

const USER = 'user';
/** Where earlier versions kept the tokens: read once to carry a session over, then removed. */
export const LEGACY_ACCESS = 'accessToken';
export const LEGACY_REFRESH = 'refreshToken';

let access: string | null = null;

function isBase64Url(part: string): boolean {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(part)) return false;
  try {
    atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    return true;
  } catch {
    return false;
  }
}

export function isValidAccessToken(token: unknown): token is string {
  if (typeof token !== 'string') return false;
  const parts = token.split('.');
  return token.startsWith('eyJ') && token.length > 100 && parts.length === 3 && parts.every(isBase64Url);
}

export function isValidRefreshToken(token: unknown): token is string {
  return typeof token === 'string' && token.length >= 20 && token !== 'undefined' && token !== 'null';
}

export interface StoredUser {
  _id: string;
  name: string;
  email: string;
  role: 'user' | 'admin' | string;
  isVerified?: boolean;
}

/** Keeps the access token of a login or refresh answer, in memory only. */
export function storeAccessToken(accessToken: unknown): void {
  if (!isValidAccessToken(accessToken)) {
    throw new Error('Invalid token format received');
  }
  access = accessToken;
}

export function storeUser(user: StoredUser): void {
  localStorage.setItem(USER, JSON.stringify(user));
}

export function accessToken(): string | null {
  return access;
}

/** Who signed in on this browser, or null when missing or corrupted. */
export function storedUser(): StoredUser | null {
  try {
    const user = JSON.parse(localStorage.getItem(USER) ?? 'null');
    return user && typeof user === 'object' && typeof user._id === 'string' ? user : null;
  } catch {
    return null;
  }
}

/** A refresh token an earlier version left in localStorage, removed as it is read. */
export function takeLegacyRefreshToken(): string | null {
  const token = localStorage.getItem(LEGACY_REFRESH);
  localStorage.removeItem(LEGACY_REFRESH);
  localStorage.removeItem(LEGACY_ACCESS);
  return isValidRefreshToken(token) ? token : null;
}

/**
 * The offline session (the specification's mock login, made honest): offered
 * by the login page while the server cannot be reached, kept for this tab only
 * and never a user of the server: it sends nothing and can do nothing there.
 * It lets a shopper fill the cart kept in this browser (lib/localCart).
 */
const OFFLINE = 'offline-session';
export const OFFLINE_USER: StoredUser = { _id: 'offline', name: 'Offline session', email: '', role: 'user' };

export function offlineSession(): boolean {
  return sessionStorage.getItem(OFFLINE) === 'on';
}

export function startOfflineSession(): void {
  sessionStorage.setItem(OFFLINE, 'on');
}

export function endOfflineSession(): void {
  sessionStorage.removeItem(OFFLINE);
}

export function clearSession(): void {
  endOfflineSession();
  access = null;
  localStorage.removeItem(USER);
  localStorage.removeItem(LEGACY_ACCESS);
  localStorage.removeItem(LEGACY_REFRESH);
}
