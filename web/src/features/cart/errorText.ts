// How a failed cart request reads to the shopper.
import { ApiError, isUnreachable, SERVER_UNREACHABLE } from '../../lib/api';

/** Without a session a cart cannot be changed; without an answer the server is down; else the server's words. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.status === 401 ? 'Please login to manage cart' : error.message;
  return isUnreachable(error) ? SERVER_UNREACHABLE : fallback;
}
