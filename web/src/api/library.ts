// The clip-art library and the starter templates (GET /api/clipart, /api/templates):
// public, and cached an hour by the server; here a query per search.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api';
import type { components } from '../lib/schema';

export type ClipArtPage = components['schemas']['ClipArtPage'];
export type ClipArtItem = components['schemas']['ClipArtItem'];
export type StarterTemplate = components['schemas']['StarterTemplate'];

export const CLIPART_FAILED = 'Failed to load clip-art. Please try again.';

export function useClipart(category: string, q: string) {
  return useQuery({
    queryKey: ['clipart', category, q],
    queryFn: async () =>
      unwrap<ClipArtPage>(await api.GET('/clipart', { params: { query: { category: category || undefined, q: q || undefined } } }), CLIPART_FAILED),
    placeholderData: keepPreviousData,
    staleTime: 60 * 60_000,
  });
}

export function useTemplates() {
  return useQuery({
    queryKey: ['templates'],
    queryFn: async () => unwrap<StarterTemplate[]>(await api.GET('/templates'), 'Failed to load templates. Please try again.'),
    staleTime: 60 * 60_000,
  });
}
