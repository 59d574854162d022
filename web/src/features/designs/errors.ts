import { ApiError, isUnreachable, SERVER_UNREACHABLE } from '../../lib/api';

/** The server's words for a refused call, the unreachable-server message, else the fallback. */
export function designsError(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message) return error.message;
  return isUnreachable(error) ? SERVER_UNREACHABLE : fallback;
}
