// Quotes (issue 52): an admin makes one for a customer's e-mail (the engine
// prices it; `previewQuote` shows that price before anything is stored); the
// customer reads theirs, downloads its PDF and accepts it into the cart at
// the quoted unit price. Every refusal is the server's own words.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, messageOf, unwrap } from '../lib/api';
import type { components } from '../lib/schema';
import { saveBlob } from './adminOrders';
import { fileNameOf } from './taxDocuments';

export type Quote = components['schemas']['QuoteDto'];
export type QuoteLine = components['schemas']['QuoteLine'];
export type QuoteRequest = components['schemas']['CreateQuoteRequest'];
export type CustomerDesign = components['schemas']['CustomerDesign'];
export type QuotesPage = components['schemas']['QuotesPage'];

export const QUOTES_FAILED = 'Failed to load quotes';
export const QUOTE_FAILED = 'Failed to load the quote';
export const MAKE_QUOTE_FAILED = 'Failed to make the quote';
export const ACCEPT_QUOTE_FAILED = 'Failed to accept the quote';

/** Every quote, newest first (admin). */
export function useAdminQuotes(page = 1) {
  return useQuery({
    queryKey: ['admin-quotes', page],
    queryFn: async () => unwrap<QuotesPage>(await api.GET('/admin/quotes', { params: { query: { page } } }), QUOTES_FAILED),
  });
}

/** The saved designs of the account with this e-mail (admin), to quote with. */
export function useCustomerDesigns(email: string) {
  const trimmed = email.trim();
  return useQuery({
    queryKey: ['admin-quote-designs', trimmed],
    enabled: trimmed.includes('@'),
    queryFn: async () =>
      unwrap<CustomerDesign[]>(await api.GET('/admin/quotes/designs', { params: { query: { email: trimmed } } }), 'Failed to load the designs'),
  });
}

/** The engine's price for a quote not yet made (stores nothing). */
export async function previewQuote(body: QuoteRequest): Promise<QuoteLine> {
  const preview = unwrap<components['schemas']['QuotePreview']>(await api.POST('/admin/quotes/preview', { body }), 'Failed to price the quote');
  return preview.line;
}

export function useMakeQuote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: QuoteRequest) => unwrap<Quote>(await api.POST('/quotes', { body }), MAKE_QUOTE_FAILED),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['admin-quotes'] }),
  });
}

/** The signed-in customer's quotes. */
export function useMyQuotes() {
  return useQuery({
    queryKey: ['quotes'],
    queryFn: async () => unwrap<Quote[]>(await api.GET('/quotes'), QUOTES_FAILED),
  });
}

export function useQuote(id: string) {
  return useQuery({
    queryKey: ['quote', id],
    retry: false,
    queryFn: async () => unwrap<Quote>(await api.GET('/quotes/{id}', { params: { path: { id } } }), QUOTE_FAILED),
  });
}

/** Accepts a quote into the cart; the cart and the quote are read again. */
export function useAcceptQuote(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (designId?: string) =>
      unwrap<Quote>(await api.POST('/quotes/{id}/accept', { params: { path: { id } }, body: designId ? { designId } : {} }), ACCEPT_QUOTE_FAILED),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['quote', id] });
      void queryClient.invalidateQueries({ queryKey: ['quotes'] });
      void queryClient.invalidateQueries({ queryKey: ['cart'] });
    },
  });
}

export const QUOTE_PDF_FAILED = 'Failed to download the quote';

/** Saves the quote's PDF (it needs the bearer token, so it is fetched, not linked). */
export async function downloadQuotePdf(quote: Quote): Promise<void> {
  const result = await api.GET('/quotes/{id}/pdf', { params: { path: { id: quote.id } }, parseAs: 'blob' });
  if (result.error !== undefined || !result.data) throw new Error(messageOf(result.error, QUOTE_PDF_FAILED));
  saveBlob(result.data as Blob, fileNameOf(result.response.headers.get('content-disposition'), `quote-${quote.number.replaceAll('/', '-')}.pdf`));
}
