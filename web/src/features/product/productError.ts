// The spec's product error catalogue for the product page.
import { ApiError, isUnreachable } from '../../lib/api';

export const NO_PRODUCT_ID = 'No product ID specified. Please go back to products page.';
export const NOT_FOUND = 'Product not found in database.';
export const SERVER_ERROR = 'Server error. Please try again later.';
export const NETWORK_ERROR = 'Cannot connect to server...';
export const LOAD_FAILED = 'Failed to load product details.';

/** 404 → not found; 5xx → server error; no answer → cannot connect; else the server's message. */
export function productErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 404) return NOT_FOUND;
    // The spec names 500; a proxy's 502/503/504 means the same to a shopper.
    if (error.status >= 500) return SERVER_ERROR;
    return error.message || LOAD_FAILED;
  }
  if (isUnreachable(error)) return NETWORK_ERROR;
  return LOAD_FAILED;
}
