// Group orders: the organiser's groups (made from a saved design, shared as
// /g/{token}, topped up, closed into one cart line) and a member's own
// pieces through the link. Prices, progress and every row rule are the server's:
// these hooks only carry its figures and its refusals.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '../lib/api';
import { useAuth } from '../lib/auth';
import type { components } from '../lib/schema';

export type GroupOrder = components['schemas']['GroupOrder'];
export type GroupRow = components['schemas']['GroupRow'];
export type GroupProgress = components['schemas']['GroupProgress'];
export type PublicGroupOrder = components['schemas']['PublicGroupOrder'];
export type MyGroupPieces = components['schemas']['MyGroupPieces'];
export type MyGroupPiece = components['schemas']['MyGroupPiece'];
export type GroupRowRequest = components['schemas']['GroupRowRequest'];
export type CreateGroupOrder = components['schemas']['CreateGroupOrder'];
export type UpdateGroupOrder = components['schemas']['UpdateGroupOrder'];
export type GroupPayRequest = components['schemas']['GroupPayRequest'];

/** Who pays for a group's pieces: the organiser for everyone, or each member for their own. */
export const MEMBERS_PAY = 'members';

export const GROUPS_FAILED = 'Failed to load your group orders';
export const GROUP_FAILED = 'Failed to load the group order';
export const GROUP_CHANGE_FAILED = 'Failed to change the group order';
export const JOIN_FAILED = 'Failed to join the group order';
export const PAY_FAILED = 'Failed to create order';

const mineKey = (userId: string | undefined) => ['group-orders', userId] as const;
const linkKey = (token: string | undefined) => ['group-link', token] as const;

/** A link that is not valid (404) stays so; only a failed call is tried again. */
const retryUnlessMissing = (count: number, error: unknown) => count < 2 && !(error instanceof ApiError && error.status === 404);

export function useGroupOrders() {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...mineKey(user?._id), 'list'],
    queryFn: async () => unwrap(await api.GET('/group-orders'), GROUPS_FAILED).groups,
  });
}

export function useGroupOrder(id: string | undefined) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...mineKey(user?._id), 'one', id],
    enabled: !!id,
    queryFn: async () => unwrap(await api.GET('/group-orders/{id}', { params: { path: { id: id! } } }), GROUP_FAILED),
    retry: retryUnlessMissing,
  });
}

export function useCreateGroupOrder() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: async (body: CreateGroupOrder) => unwrap(await api.POST('/group-orders', { body }), GROUP_CHANGE_FAILED),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: mineKey(user?._id) }),
  });
}

/** One of the organiser's changes to a group: its answer (the group as it is now) replaces the cached one. */
function useGroupMutation<V>(id: string, run: (v: V) => Promise<GroupOrder>, after?: () => void) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: run,
    onSuccess: (group: GroupOrder) => {
      queryClient.setQueryData([...mineKey(user?._id), 'one', id], group);
      void queryClient.invalidateQueries({ queryKey: [...mineKey(user?._id), 'list'] });
      after?.();
    },
  });
}

/**
 * The organiser's changes to one group. Closing also refreshes the cart (where
 * the group's line now is when the organiser pays) and the orders (members
 * paying: the group is placed).
 */
export function useGroupActions(id: string) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const path = { params: { path: { id } } };
  return {
    update: useGroupMutation(id, async (body: UpdateGroupOrder) => unwrap(await api.PUT('/group-orders/{id}', { ...path, body }), GROUP_CHANGE_FAILED)),
    close: useMutation({
      mutationFn: async () => unwrap(await api.POST('/group-orders/{id}/close', path), GROUP_CHANGE_FAILED),
      onSuccess: (data) => {
        queryClient.setQueryData([...mineKey(user?._id), 'one', id], data);
        void queryClient.invalidateQueries({ queryKey: [...mineKey(user?._id), 'list'] });
        void queryClient.invalidateQueries({ queryKey: ['cart'] });
        void queryClient.invalidateQueries({ queryKey: ['orders'] });
      },
    }),
    cancel: useGroupMutation(id, async () => unwrap(await api.POST('/group-orders/{id}/cancel', path), GROUP_CHANGE_FAILED)),
    topUp: useGroupMutation(id, async (body: GroupRowRequest) => unwrap(await api.POST('/group-orders/{id}/rows', { ...path, body }), GROUP_CHANGE_FAILED)),
    removeRow: useGroupMutation(id, async (row: string) =>
      unwrap(await api.DELETE('/group-orders/{id}/rows/{row}', { params: { path: { id, row } } }), GROUP_CHANGE_FAILED),
    ),
  };
}

/** A group as its link shows it to anyone (no sign-in). */
export function usePublicGroup(token: string | undefined) {
  return useQuery({
    queryKey: [...linkKey(token), 'public'],
    enabled: !!token,
    queryFn: async () => unwrap(await api.GET('/group-orders/by-token/{token}', { params: { path: { token: token! } } }), GROUP_FAILED),
    retry: retryUnlessMissing,
  });
}

/** The signed-in member's own pieces: null when they have not joined. */
export function useMyGroupPieces(token: string | undefined, signedIn: boolean) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...linkKey(token), 'mine', user?._id],
    enabled: !!token && signedIn,
    queryFn: async (): Promise<MyGroupPieces | null> => {
      const result = await api.GET('/group-orders/by-token/{token}/rows/mine', { params: { path: { token: token! } } });
      if (result.response.status === 404) return null;
      return unwrap(result, GROUP_FAILED);
    },
  });
}

/**
 * Join (or add another piece), change one piece and withdraw one; the pieces
 * and the public view (its pieces and price) are refreshed.
 */
export function useMyPieceActions(token: string) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const mineKey = [...linkKey(token), 'mine', user?._id];
  const onSuccess = (mine: MyGroupPieces | null) => {
    if (mine) queryClient.setQueryData(mineKey, mine);
    else void queryClient.invalidateQueries({ queryKey: mineKey });
    void queryClient.invalidateQueries({ queryKey: [...linkKey(token), 'public'] });
  };
  return {
    join: useMutation({
      mutationFn: async (body: GroupRowRequest) => unwrap(await api.POST('/group-orders/by-token/{token}/rows', { params: { path: { token } }, body }), JOIN_FAILED),
      onSuccess,
    }),
    change: useMutation({
      mutationFn: async ({ row, body }: { row: string; body: GroupRowRequest }) =>
        unwrap(await api.PUT('/group-orders/by-token/{token}/rows/mine/{row}', { params: { path: { token, row } }, body }), GROUP_CHANGE_FAILED),
      onSuccess,
    }),
    withdraw: useMutation({
      mutationFn: async (row: string) => unwrap(await api.DELETE('/group-orders/by-token/{token}/rows/mine/{row}', { params: { path: { token, row } } }), GROUP_CHANGE_FAILED),
      onSuccess: () => onSuccess(null),
    }),
  };
}

/**
 * Members paying: an order for the signed-in user's unpaid pieces (a member's
 * own, or the organiser's top-ups), answered as /payments/create-order answers;
 * pay it with the provider (usePaymentPopup).
 */
export async function createGroupPayment(token: string, body: GroupPayRequest) {
  return unwrap(await api.POST('/group-orders/by-token/{token}/rows/mine/pay', { params: { path: { token } }, body }), PAY_FAILED);
}

/** After a payment (or a refusal that means the pieces changed): the member's row, the link's view and the organiser's group again. */
export function useRefreshAfterPayment(token: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: linkKey(token) });
    void queryClient.invalidateQueries({ queryKey: ['group-orders'] });
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
  };
}

/** The full address of a group's link (the server's `path`, `/g/{token}`). */
export function groupUrl(path: string): string {
  return `${location.origin}${path}`;
}
