// The store's runtime facts (GET /api/store): the payment gateway fee as the
// merchant configured it (GATEWAY_FEE_PERCENT) with its engine-made label, and
// the support contact the invoices print. Pages take these from the server,
// never from a copy of their own: the policy can change without a new build.
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api';
import type { components } from '../lib/schema';

export type StoreFacts = components['schemas']['StoreFacts'];

/** The server caches them for five minutes too; a policy changes only with a restart. */
export const STORE_FACTS_STALE_MS = 5 * 60_000;

export async function fetchStoreFacts(): Promise<StoreFacts> {
  return unwrap<StoreFacts>(await api.GET('/store'), 'Store details are not available');
}

/**
 * The store's facts: `data` is undefined while they load (`isPending`) or
 * when the server cannot be reached (`isError`); pages show what they know
 * and say what is still coming rather than guess a fee or a contact.
 */
export function useStoreFacts() {
  return useQuery({ queryKey: ['store'], queryFn: fetchStoreFacts, staleTime: STORE_FACTS_STALE_MS });
}

/** Whether a fee in basis points puts a gateway line on a breakdown (0: the merchant absorbs it). */
export function chargesGatewayFee(bps: number): boolean {
  return bps > 0;
}
