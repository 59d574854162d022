// City and state of an Indian pincode, from the server's offline table.
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '../lib/api';
import { isPincode } from '../lib/pincode';
import type { components } from '../lib/schema';

export type PincodeDetails = components['schemas']['PincodeDetails'];

export const INVALID_PINCODE = 'Invalid pincode. Please check and try again.';
export const PINCODE_LOOKUP_FAILED = 'Failed to fetch pincode details. Please try again.';

/** Throws an ApiError: 404 INVALID_PINCODE for an unknown pincode, else PINCODE_LOOKUP_FAILED. */
export async function lookupPincode(pin: string): Promise<PincodeDetails> {
  // Not worth a request: the server would say the same.
  if (!isPincode(pin)) throw new ApiError(INVALID_PINCODE, 404);
  let result;
  try {
    result = await api.GET('/pincode/{pin}', { params: { path: { pin } } });
  } catch {
    throw new ApiError(PINCODE_LOOKUP_FAILED, 0);
  }
  if (result.response.status === 404) throw new ApiError(INVALID_PINCODE, 404);
  return unwrap(result, PINCODE_LOOKUP_FAILED);
}

/** A lookup sharing one cache: each pincode is asked once per session. */
export function usePincodeLookup() {
  const queryClient = useQueryClient();
  return useCallback(
    (pin: string) =>
      queryClient.fetchQuery({ queryKey: ['pincode', pin], queryFn: () => lookupPincode(pin), staleTime: Infinity, retry: false }),
    [queryClient],
  );
}
