// Misprint and damage claims on a delivered order (issue 49): the order's
// claims (its owner or an admin), filing one with photos uploaded as artwork,
// and an admin's decision (reprint, refund or reject). Each claim is also a
// support ticket, named by its number.
import { useQuery, useQueryClient, useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api';
import { useObjectUrl } from '../lib/objectUrl';
import type { components } from '../lib/schema';
import type { Order, OrderItem } from './orders';

export type Claim = components['schemas']['ClaimDto'];
export type ClaimAction = components['schemas']['ClaimAction'];
export type ClaimReason = components['schemas']['ClaimReason'];
export type NewClaim = components['schemas']['ClaimRequest'];

export const CLAIMS_FAILED = 'Failed to fetch the claims';
export const CLAIM_FAILED = 'Failed to report the problem';
export const DECIDE_FAILED = 'Failed to record the decision';
/** The server takes at most this many photos with a claim, and a message of at most this many characters. */
export const MAX_PHOTOS = 6;
export const MAX_CLAIM_MESSAGE = 2000;
export const DAY_MS = 24 * 60 * 60 * 1000;

export const CLAIM_REASONS: { value: ClaimReason; label: string }[] = [
  { value: 'misprint', label: 'Misprint' },
  { value: 'damaged', label: 'Damaged' },
  { value: 'wrong_item', label: 'Wrong item' },
  { value: 'missing', label: 'Missing pieces' },
];

export const reasonLabel = (reason: ClaimReason): string => CLAIM_REASONS.find((r) => r.value === reason)?.label ?? reason;

/** What a claim's status reads as. */
export const CLAIM_STATUS_LABEL: Record<Claim['status'], string> = {
  open: 'Under review',
  reprinted: 'Reprinted',
  refunded: 'Refunded',
  rejected: 'Rejected',
};

/** The order's claims (asked only when `enabled`: a delivered order). */
export function useClaims(orderId: string, enabled = true) {
  return useQuery({
    queryKey: ['claims', orderId],
    enabled,
    queryFn: async () => unwrap(await api.GET('/orders/{id}/claims', { params: { path: { id: orderId } } }), CLAIMS_FAILED),
  });
}

function useRefresh(orderId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['claims', orderId] });
    // A claim is a ticket, its decision may make an order (a reprint) and a credit note.
    void queryClient.invalidateQueries({ queryKey: ['support'] });
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
    void queryClient.invalidateQueries({ queryKey: ['admin-orders'] });
  };
}

/** The owner reports a problem with pieces of a delivered order. */
export function useFileClaim(orderId: string) {
  const refresh = useRefresh(orderId);
  return useMutation({
    mutationFn: async (claim: NewClaim) => unwrap(await api.POST('/orders/{id}/claims', { params: { path: { id: orderId } }, body: claim }), CLAIM_FAILED),
    onSuccess: refresh,
  });
}

/** An admin decides a claim. */
export function useDecideClaim(orderId: string) {
  const refresh = useRefresh(orderId);
  return useMutation({
    mutationFn: async ({ claimId, action, note }: { claimId: string; action: ClaimAction; note: string }) =>
      unwrap(await api.POST('/orders/{id}/claims/{claim_id}/decision', { params: { path: { id: orderId, claim_id: claimId } }, body: { action, note } }), DECIDE_FAILED),
    onSuccess: refresh,
  });
}

/** When the order was delivered, from its timeline (undefined when the timeline does not say). */
export function deliveredAt(order: Pick<Order, 'timeline'>): number | undefined {
  return order.timeline?.filter((e) => e.kind === 'delivered').at(-1)?.at;
}

/**
 * Whether a delivered order may still be claimed on: within `windowDays` of
 * its delivery. Without a delivery date the server decides (it answers 409
 * with its reason outside the window).
 */
export function withinClaimWindow(delivered: number | undefined, windowDays: number, now = Date.now()): boolean {
  return delivered === undefined || now <= delivered + windowDays * DAY_MS;
}

/**
 * Pieces per size a new claim on an order line may still name: the line's
 * pieces of each size, less those in its claims still open or granted.
 */
export function claimablePieces(item: Pick<OrderItem, '_id' | 'quantity'>, claims: Claim[]): Record<string, number> {
  const left: Record<string, number> = Object.fromEntries(Object.entries(item.quantity).filter(([, n]) => n > 0));
  for (const claim of claims) {
    if (claim.itemId !== item._id || claim.status === 'rejected') continue;
    for (const [size, n] of Object.entries(claim.pieces)) if (size in left) left[size] = Math.max(0, left[size] - n);
  }
  return left;
}

/** A claim's photo (its owner's or, for an admin, anyone's) as an object URL while shown. */
export function useClaimPhoto(sha256: string): { src: string | null; failed: boolean } {
  const blob = useQuery({
    queryKey: ['artwork', sha256],
    staleTime: Infinity,
    retry: 1,
    queryFn: async () => {
      const result = await api.GET('/artwork/{sha256}', { params: { path: { sha256 } }, parseAs: 'blob' });
      if (result.error !== undefined || !result.data) throw new Error('Photo not available');
      return result.data as Blob;
    },
  });
  return { src: useObjectUrl(blob.data), failed: blob.isError };
}
