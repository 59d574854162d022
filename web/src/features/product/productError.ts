// The spec's product error catalogue for the product page, in the shopper's language.
import { ApiError, isUnreachable } from '../../lib/api';
import type { T } from '../../lib/i18n';

/** 404 → not found; 5xx → server error; no answer → cannot connect; else the server's message. */
export function productErrorMessage(error: unknown, t: T): string {
  if (error instanceof ApiError) {
    if (error.status === 404) return t('product.error.notFound');
    // The spec names 500; a proxy's 502/503/504 means the same to a shopper.
    if (error.status >= 500) return t('product.error.server');
    return error.message || t('product.error.loadFailed');
  }
  if (isUnreachable(error)) return t('product.error.network');
  return t('product.error.loadFailed');
}
