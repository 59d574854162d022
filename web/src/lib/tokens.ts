// Token storage with the client-side checks of the specification: an access
// token starts with eyJ, is over 100 characters and has three base64url parts;
// a refresh token is at least 20 characters and not 'undefined' or 'null'.

const ACCESS = 'accessToken';
const REFRESH = 'refreshToken';
const USER = 'user';

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

export interface Session {
  accessToken: string;
  refreshToken: string;
  user: StoredUser;
}

export function storeTokens(accessToken: unknown, refreshToken: unknown): void {
  if (!isValidAccessToken(accessToken) || !isValidRefreshToken(refreshToken)) {
    throw new Error('Invalid token format received');
  }
  localStorage.setItem(ACCESS, accessToken);
  localStorage.setItem(REFRESH, refreshToken);
}

export function storeUser(user: StoredUser): void {
  localStorage.setItem(USER, JSON.stringify(user));
}

export function accessToken(): string | null {
  const t = localStorage.getItem(ACCESS);
  return isValidAccessToken(t) ? t : null;
}

export function refreshToken(): string | null {
  const t = localStorage.getItem(REFRESH);
  return isValidRefreshToken(t) ? t : null;
}

/** The stored session, or null when any part is missing or corrupted. */
export function storedSession(): Session | null {
  const access = accessToken();
  const refresh = refreshToken();
  let user: StoredUser | null = null;
  try {
    user = JSON.parse(localStorage.getItem(USER) ?? 'null');
  } catch {
    user = null;
  }
  if (!access || !refresh || !user || typeof user._id !== 'string') return null;
  return { accessToken: access, refreshToken: refresh, user };
}

export function clearSession(): void {
  localStorage.removeItem(ACCESS);
  localStorage.removeItem(REFRESH);
  localStorage.removeItem(USER);
}
