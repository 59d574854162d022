// Where the login page returns to: the signed-in route the visitor was sent
// away from (RequireAuth passes it as navigation state), else /products.
export type LoginStep = 'email' | 'email-otp' | 'details';

export function redirectTarget(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown } } | null)?.from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/') || from.pathname.startsWith('//')) {
    return '/products';
  }
  if (from.pathname === '/login') return '/products';
  return from.pathname + (typeof from.search === 'string' ? from.search : '');
}
