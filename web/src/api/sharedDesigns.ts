// A design someone shared: read-only, for anyone with the link (no sign-in).
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api';
import type { components } from '../lib/schema';

export type SharedDesign = components['schemas']['SharedDesign'];

export const SHARED_DESIGN_FAILED = 'Failed to load the design';

export function useSharedDesign(token: string | undefined) {
  return useQuery({
    queryKey: ['shared-design', token],
    enabled: !!token,
    queryFn: async () => unwrap(await api.GET('/shared-designs/{token}', { params: { path: { token: token! } } }), SHARED_DESIGN_FAILED),
    // A link that is not valid (404) stays so; only a failed call is tried again.
    retry: (count, error) => count < 2 && !(error && 'status' in error && error.status === 404),
  });
}
