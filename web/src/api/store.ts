// The store's runtime facts (GET /api/store): the payment gateway fee as the
// merchant configured it (GATEWAY_FEE_PERCENT) with its engine-made label, and
// the support contact the invoices print. Pages take these from the server,
// never from a copy of their own: the policy can change without a new build.
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api';
import type { components } from '../lib/schema';
import { FACTS } from '../lib/facts.gen';

export type StoreFacts = components['schemas']['StoreFacts'];

/** The server caches them for five minutes too; a policy changes only with a restart. */
export const STORE_FACTS_STALE_MS = 5 * 60_000;

/** The part of the facts a price needs: the gateway fee and its label. */
export type FeePolicy = Pick<StoreFacts, 'gatewayFeeBps' | 'gatewayLabel'>;

/** The engine's default fee policy (its facts), for a browser that has never reached the server. */
export const ENGINE_DEFAULT_FEE: FeePolicy = { gatewayFeeBps: FACTS.defaultGatewayFeeBps, gatewayLabel: FACTS.defaultGatewayLabel };

const FEE_POLICY_KEY = 'store-fee-policy';

/** The fee policy the server last named (kept for pricing while it cannot be reached), else the engine's default. */
export function lastKnownFeePolicy(): FeePolicy {
  try {
    const kept = JSON.parse(localStorage.getItem(FEE_POLICY_KEY) ?? 'null') as FeePolicy | null;
    if (kept && Number.isInteger(kept.gatewayFeeBps) && kept.gatewayFeeBps >= 0 && typeof kept.gatewayLabel === 'string') return kept;
  } catch {
    // A corrupted copy: the default below.
  }
  return ENGINE_DEFAULT_FEE;
}

export async function fetchStoreFacts(): Promise<StoreFacts> {
  const facts = unwrap<StoreFacts>(await api.GET('/store'), 'Store details are not available');
  const policy: FeePolicy = { gatewayFeeBps: facts.gatewayFeeBps, gatewayLabel: facts.gatewayLabel };
  localStorage.setItem(FEE_POLICY_KEY, JSON.stringify(policy));
  return facts;
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
