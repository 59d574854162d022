// The accountant's view (admin): the tax invoices and credit notes issued in a
// date range (India's days), a page at a time, the GSTR-1 summary with its
// reconciliation, and the downloads (CSV, JSON, a zip of the PDFs), which need
// the bearer token and so are fetched and saved, not linked.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, messageOf, unwrap } from '../lib/api';
import type { components } from '../lib/schema';
import { saveBlob } from './adminOrders';

export type ListedDocument = components['schemas']['ListedDocument'];
export type Gstr1 = components['schemas']['Gstr1'];
export type Reconciliation = components['schemas']['Reconciliation'];

export const ACCOUNTS_PAGE_SIZE = 50;
export const LIST_FAILED = 'Failed to fetch tax documents';
export const SUMMARY_FAILED = 'Failed to fetch the GSTR-1 summary';

export interface AccountsRange {
  /** YYYY-MM-DD, India. */
  from: string;
  to: string;
}

const IST_MS = 330 * 60 * 1000;

/** This month so far, in India: its first day to today. */
export function thisMonth(now = Date.now()): AccountsRange {
  const today = new Date(now + IST_MS).toISOString().slice(0, 10);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

export function useTaxDocuments(range: AccountsRange, page: number) {
  return useQuery({
    queryKey: ['accounts', 'list', range, page],
    queryFn: async () => {
      const result = await api.GET('/admin/tax-documents', { params: { query: { ...range, page, limit: ACCOUNTS_PAGE_SIZE } } });
      const data = unwrap(result, LIST_FAILED);
      return { documents: data, pagination: result.data!.pagination };
    },
    placeholderData: keepPreviousData,
  });
}

export function useGstr1(range: AccountsRange) {
  return useQuery({
    queryKey: ['accounts', 'gstr1', range],
    queryFn: async () => unwrap(await api.GET('/admin/tax-documents/gstr1', { params: { query: range } }), SUMMARY_FAILED),
  });
}

export type AccountsDownload = 'csv' | 'json' | 'zip';

const DOWNLOADS = {
  csv: { path: '/admin/tax-documents/gstr1.csv', name: 'gstr1', ext: 'csv', failed: 'Failed to download the GSTR-1 CSV' },
  json: { path: '/admin/tax-documents/gstr1', name: 'gstr1', ext: 'json', failed: 'Failed to download the GSTR-1 JSON' },
  zip: { path: '/admin/tax-documents/pdfs.zip', name: 'tax-documents', ext: 'zip', failed: 'Failed to download the PDFs' },
} as const;

/** Saves one of the range's exports; throws with the server's message (a range too long for a zip says so). */
export async function downloadAccounts(kind: AccountsDownload, range: AccountsRange): Promise<void> {
  const d = DOWNLOADS[kind];
  const result = await api.GET(d.path, { params: { query: range }, parseAs: 'blob' });
  if (result.error !== undefined || !result.data) throw new Error(messageOf(result.error, d.failed));
  saveBlob(result.data as Blob, `${d.name}-${range.from}-to-${range.to}.${d.ext}`);
}
