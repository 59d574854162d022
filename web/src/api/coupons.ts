// Coupons. Admins list, create and change them (switching one off with
// `active: false`); the server checks every term and answers each refusal in
// its own words. Shoppers apply a code to their cart (api/cart.ts).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api';
import type { components } from '../lib/schema';

export type Coupon = components['schemas']['CouponDto'];
export type CouponRequest = components['schemas']['CouponRequest'];

export const COUPONS_FAILED = 'Failed to load coupons';
export const SAVE_COUPON_FAILED = 'Failed to save the coupon';

export function useCoupons() {
  return useQuery({
    queryKey: ['coupons'],
    queryFn: async () => unwrap<Coupon[]>(await api.GET('/coupons'), COUPONS_FAILED),
  });
}

/** Creates a coupon (no `id`) or rewrites one. */
export function useSaveCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id?: string; body: CouponRequest }) =>
      id
        ? unwrap<Coupon>(await api.PUT('/coupons/{id}', { params: { path: { id } }, body }), SAVE_COUPON_FAILED)
        : unwrap<Coupon>(await api.POST('/coupons', { body }), SAVE_COUPON_FAILED),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['coupons'] }),
  });
}

/** A coupon's terms as the admin form edits them again. */
export function requestOf(c: Coupon): CouponRequest {
  return {
    code: c.code,
    percentOff: c.percentOff,
    amountOff: c.amountOff,
    minPieces: c.minPieces,
    validFrom: c.validFrom,
    validUntil: c.validUntil,
    maxUses: c.maxUses,
    maxUsesPerCustomer: c.maxUsesPerCustomer,
    productIds: c.productIds,
    categories: c.categories,
    active: c.active,
  };
}
