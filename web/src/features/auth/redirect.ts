// Where the login page returns to: the signed-in route the visitor was sent
// away from (the route guard passes it as navigation state, deep links such as
// /user/addresses?x=1#y included), else /products.
export type LoginStep = 'email' | 'email-otp' | 'details' | 'password' | 'phone' | 'phone-otp' | 'second-factor';

export function redirectTarget(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown; hash?: unknown } } | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/') || from.pathname.startsWith('//')) {
    return '/products';
  }
  if (from.pathname === '/login') return '/products';
  const part = (v: unknown) => (typeof v === 'string' ? v : '');
  return from.pathname + part(from.search) + part(from.hash);
}

/** Navigation state that opens the login page on the password form (after a password reset). */
export const PASSWORD_LOGIN = { password: true } as const;

export function startsWithPassword(state: unknown): boolean {
  return (state as { password?: unknown } | null)?.password === true;
}
