// The signed-in shopper's saved designs: a page of them (12 by default,
// newest first), one to reopen in the studio, saving, changing (with the
// version it was read at: a stale copy answers 409 DESIGN_CHANGED), removing,
// moving to the cart and the read-only share link.
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '../lib/api';
import { useAuth } from '../lib/auth';
import type { components } from '../lib/schema';

export type SavedDesign = components['schemas']['SavedDesign'];
export type SaveDesignRequest = components['schemas']['SaveDesignRequest'];
export type UpdateDesignRequest = components['schemas']['UpdateDesignRequest'];
export type Pagination = components['schemas']['Pagination'];
export interface SavedDesignsPage {
  designs: SavedDesign[];
  pagination: Pagination;
}

export const DESIGNS_PAGE_SIZE = 12;
export const DEFAULT_DESIGN_NAME = 'Custom Design';
export const FETCH_DESIGNS_FAILED = 'Failed to fetch saved designs';
export const UPDATE_QUANTITY_FAILED = 'Failed to update quantity';
export const REMOVE_DESIGN_FAILED = 'Failed to remove item';
export const SAVE_DESIGN_FAILED = 'Failed to save the design';
export const MOVE_TO_CART_FAILED = 'Failed to move the design to the cart';
export const SHARE_FAILED = 'Failed to change the share link';
/** The code of the 409 a change made from an old version gets. */
export const DESIGN_CHANGED = 'DESIGN_CHANGED';

const designsKey = (userId: string | undefined) => ['designs', userId] as const;

export async function fetchSavedDesigns(page: number, limit = DESIGNS_PAGE_SIZE): Promise<SavedDesignsPage> {
  const result = await api.GET('/designs', { params: { query: { page, limit } } });
  const designs = unwrap(result, FETCH_DESIGNS_FAILED);
  // This envelope carries `pagination` beside `data`.
  const pagination = result.data?.pagination ?? { page, limit, total: designs.length, pages: 1 };
  return { designs, pagination };
}

/** One page of saved designs; the previous page stays on screen while the next loads. */
export function useSavedDesigns(page: number) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...designsKey(user?._id), 'page', page],
    queryFn: () => fetchSavedDesigns(page),
    placeholderData: keepPreviousData,
  });
}

/** The largest page the server gives. */
const ALL_PAGE_SIZE = 50;

/** Every saved design (a shopper keeps at most 100: two calls at most), for the figures over all pages. */
export function useAllSavedDesigns(enabled: boolean) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...designsKey(user?._id), 'all'],
    enabled,
    queryFn: async (): Promise<SavedDesignsPage> => {
      const first = await fetchSavedDesigns(1, ALL_PAGE_SIZE);
      const rest = await Promise.all(
        Array.from({ length: first.pagination.pages - 1 }, (_, i) => fetchSavedDesigns(i + 2, ALL_PAGE_SIZE).then((p) => p.designs)),
      );
      return { designs: [...first.designs, ...rest.flat()], pagination: first.pagination };
    },
  });
}

export async function fetchSavedDesign(id: string): Promise<SavedDesign> {
  return unwrap(await api.GET('/designs/{id}', { params: { path: { id } } }), 'Design not found');
}

/** Changes one design in every cached list that shows it. */
function changeInLists(queryClient: QueryClient, userId: string | undefined, id: string, change: (d: SavedDesign) => SavedDesign) {
  queryClient.setQueriesData<SavedDesignsPage>({ queryKey: designsKey(userId) }, (page) =>
    page && { ...page, designs: page.designs.map((d) => (d._id === id ? change(d) : d)) },
  );
}

/**
 * A mutation on saved designs; on success the lists are refetched, or `after`
 * updates them. A change refused because the design changed elsewhere
 * refetches them too, to show what is saved now.
 */
function useDesignMutation<V, R>(run: (v: V) => Promise<R>, after?: (result: R, queryClient: QueryClient, userId: string | undefined) => void) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const refetch = () => void queryClient.invalidateQueries({ queryKey: designsKey(user?._id) });
  return useMutation({
    mutationFn: run,
    onSuccess: (result) => (after ? after(result, queryClient, user?._id) : refetch()),
    onError: (e) => e instanceof ApiError && e.code === DESIGN_CHANGED && refetch(),
  });
}

export function useSaveDesign() {
  return useDesignMutation(async (body: SaveDesignRequest) => unwrap(await api.POST('/designs', { body }), SAVE_DESIGN_FAILED));
}

/** A change to one design; `fallback` is the message when the server gives none. */
export function useUpdateDesign(fallback = UPDATE_QUANTITY_FAILED) {
  return useDesignMutation(
    async ({ id, ...body }: UpdateDesignRequest & { id: string }) => unwrap(await api.PUT('/designs/{id}', { params: { path: { id } }, body }), fallback),
    (design, queryClient, userId) => changeInLists(queryClient, userId, design._id, () => design),
  );
}

export function useDeleteDesign() {
  return useDesignMutation(async (id: string) => unwrap(await api.DELETE('/designs/{id}', { params: { path: { id } } }), REMOVE_DESIGN_FAILED));
}

/** Moves a design to the cart (the cart's own checks apply); the cart and its badge are refetched. */
export function useMoveDesignToCart() {
  return useDesignMutation(
    async (id: string) => unwrap(await api.POST('/designs/{id}/move-to-cart', { params: { path: { id } } }), MOVE_TO_CART_FAILED),
    (_, queryClient, userId) => {
      void queryClient.invalidateQueries({ queryKey: designsKey(userId) });
      void queryClient.invalidateQueries({ queryKey: ['cart'] });
    },
  );
}

/** Turns the share link on (a new token each time: an earlier link stops working) or off. */
export function useShareDesign() {
  return useDesignMutation(
    async ({ id, on }: { id: string; on: boolean }): Promise<{ id: string; token: string | undefined }> => {
      const params = { params: { path: { id } } };
      if (!on) {
        unwrap(await api.DELETE('/designs/{id}/share', params), SHARE_FAILED);
        return { id, token: undefined };
      }
      return { id, token: unwrap(await api.POST('/designs/{id}/share', params), SHARE_FAILED).token };
    },
    ({ id, token }, queryClient, userId) => changeInLists(queryClient, userId, id, (d) => ({ ...d, shareToken: token })),
  );
}

/** The full address of a share link's page. */
export function shareUrl(token: string): string {
  return `${location.origin}/d/${token}`;
}
