// How a failed cart request reads to the shopper.
import { ApiError, isUnreachable } from '../../lib/api';
import { currentLanguage, translate } from '../../lib/i18n';

/** Without a session a cart cannot be changed; without an answer the server is down; else the server's words. */
export function errorText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.status === 401 ? translate(currentLanguage(), 'cart.loginToManage') : error.message;
  return isUnreachable(error) ? translate(currentLanguage(), 'cart.serverUnreachable') : fallback;
}
