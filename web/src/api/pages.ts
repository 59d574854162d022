// The store's policy pages (about, contact, terms, privacy, refunds, shipping,
// cookies): a title and Markdown the server renders to safe HTML. Pages show
// the server's `html` and never render Markdown themselves, so what a visitor
// reads is what the server made. Admins edit a page, preview a draft through the
// same renderer, and put a page back to its default text.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api';
import type { components } from '../lib/schema';

export type StorePage = components['schemas']['StorePage'];

export const PAGE_FAILED = 'Failed to load this page. Please try again.';
export const SAVE_PAGE_FAILED = 'Failed to save the page';
export const RESET_PAGE_FAILED = 'Failed to reset the page';
export const PREVIEW_FAILED = 'The preview could not be made';

/** Where each page is in the app, in the order the admin screen lists them. /shipping is checkout (the spec's
 * route), so the shipping policy is /shipping-policy. */
export const PAGE_PATH = {
  about: '/about',
  contact: '/contact',
  terms: '/terms',
  privacy: '/privacy',
  refunds: '/refunds',
  shipping: '/shipping-policy',
  cookies: '/cookies',
} as const satisfies Record<StorePage['slug'], string>;

export type PageSlug = keyof typeof PAGE_PATH;
export const PAGE_SLUGS = Object.keys(PAGE_PATH) as PageSlug[];

/** The server lets a page be kept for a minute (Cache-Control); so does a visitor's browser tab. */
const PAGE_STALE_MS = 60_000;

/** The codes of a refused edit, naming its field. */
export const TITLE_INVALID = 'PAGE_TITLE_INVALID';
export const TEXT_INVALID = 'PAGE_TEXT_INVALID';

const pageKey = (slug: string) => ['page', slug] as const;

/** A page; `fresh` asks the server past any copy the browser keeps (the admin's list, after an edit). */
export async function fetchPage(slug: PageSlug, fresh = false): Promise<StorePage> {
  const result = await api.GET('/pages/{slug}', { params: { path: { slug } }, cache: fresh ? 'no-cache' : 'default' });
  return unwrap<StorePage>(result, PAGE_FAILED);
}

/** One page as visitors see it (and the admin editor's starting point). */
export function usePage(slug: PageSlug) {
  return useQuery({ queryKey: pageKey(slug), queryFn: () => fetchPage(slug), staleTime: PAGE_STALE_MS });
}

/** Every page, for the admin's list. */
export function usePages() {
  return useQuery({ queryKey: ['pages'], queryFn: () => Promise.all(PAGE_SLUGS.map((slug) => fetchPage(slug, true))) });
}

/** Admin: saves a page's title and Markdown; visitors get it at once. */
export function useSavePage(slug: PageSlug) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (edit: components['schemas']['PageEdit']) =>
      unwrap<StorePage>(await api.PUT('/pages/{slug}', { params: { path: { slug } }, body: edit }), SAVE_PAGE_FAILED),
    onSuccess: (page) => kept(queryClient, page),
  });
}

/** Admin: the page's default text again. */
export function useResetPage(slug: PageSlug) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => unwrap<StorePage>(await api.DELETE('/pages/{slug}', { params: { path: { slug } } }), RESET_PAGE_FAILED),
    onSuccess: (page) => kept(queryClient, page),
  });
}

function kept(queryClient: ReturnType<typeof useQueryClient>, page: StorePage) {
  queryClient.setQueryData(pageKey(page.slug), page);
  void queryClient.invalidateQueries({ queryKey: ['pages'] });
}

/** Admin: a draft's HTML as the server would serve it. */
export async function previewPage(markdown: string, signal?: AbortSignal): Promise<string> {
  return unwrap<components['schemas']['PreviewHtml']>(await api.POST('/pages/preview', { body: { markdown }, signal }), PREVIEW_FAILED).html;
}
