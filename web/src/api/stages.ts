// Production stages (admin): the configured list, moving one order in
// processing to a stage, and moving many at once (each answered: moved, or
// why not). The server keeps the rules (forward, or back one).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api';
import type { components } from '../lib/schema';

export type BulkStageAnswer = components['schemas']['BulkStageAnswer'];
export const MOVE_STAGE_FAILED = 'Failed to move the order to that stage';
/** The server takes at most this many orders in one bulk move. */
export const MAX_BULK = 100;

export function useProductionStages(enabled = true) {
  return useQuery({
    queryKey: ['production-stages'],
    enabled,
    staleTime: Infinity,
    queryFn: async () => unwrap(await api.GET('/orders/stages'), 'Failed to fetch the production stages'),
  });
}

export function useMoveStage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, stage }: { id: string; stage: string }) =>
      unwrap(await api.PUT('/orders/{id}/stage', { params: { path: { id } }, body: { stage } }), MOVE_STAGE_FAILED),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin-orders'] }),
  });
}

export function useBulkMoveStage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ orderIds, stage }: { orderIds: string[]; stage: string }) =>
      unwrap(await api.POST('/orders/stages', { body: { orderIds, stage } }), MOVE_STAGE_FAILED),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin-orders'] }),
  });
}
