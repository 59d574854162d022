// An order's proofs: the admin sends versions (drawn by the server, with an
// optional note), the owner approves the latest or asks for changes. PDFs
// need the bearer token, so they are fetched and saved or opened as blobs.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, messageOf, unwrap } from '../lib/api';
import type { components } from '../lib/schema';
import { saveBlob } from './adminOrders';
import { fileNameOf } from './taxDocuments';
import type { Order } from './orders';

export type Proofs = components['schemas']['Proofs'];
export type ProofVersion = components['schemas']['ProofVersion'];

export const PROOFS_FAILED = 'Failed to fetch the proofs';
export const SEND_PROOF_FAILED = 'Failed to send the proof';
export const ANSWER_FAILED = 'Failed to answer the proof';
export const PROOF_PDF_FAILED = 'Failed to download the proof';
/** The comment's longest length, as the server checks it. */
export const MAX_COMMENT = 2000;
/** The server's code for a move into production without an approved proof. */
export const PROOF_NOT_APPROVED = 'PROOF_NOT_APPROVED';

/** The order's proofs (asked only for a paid order). */
export function useProofs(order: Order) {
  return useQuery({
    queryKey: ['proofs', order._id],
    enabled: order.isPaid,
    queryFn: async () => unwrap(await api.GET('/orders/{id}/proofs', { params: { path: { id: order._id } } }), PROOFS_FAILED),
  });
}

/** After a proof changes: the proofs, the orders (their proof state) and the admin's details load again. */
function useRefresh(orderId: string) {
  const queryClient = useQueryClient();
  return (proofs: Proofs) => {
    queryClient.setQueryData(['proofs', orderId], proofs);
    void queryClient.invalidateQueries({ queryKey: ['orders'] });
    void queryClient.invalidateQueries({ queryKey: ['admin-orders'] });
  };
}

/** The admin draws and sends a new version. */
export function useSendProof(orderId: string) {
  const refresh = useRefresh(orderId);
  return useMutation({
    mutationFn: async (note: string) =>
      unwrap(await api.POST('/orders/{id}/proofs', { params: { path: { id: orderId } }, body: { note: note.trim() || undefined } }), SEND_PROOF_FAILED),
    onSuccess: refresh,
  });
}

/** The owner approves a version, or asks for changes with a comment. */
export function useAnswerProof(orderId: string) {
  const refresh = useRefresh(orderId);
  return useMutation({
    mutationFn: async ({ version, comment }: { version: number; comment?: string }) => {
      const path = { id: orderId, version };
      return comment === undefined
        ? unwrap(await api.POST('/orders/{id}/proofs/{version}/approve', { params: { path } }), ANSWER_FAILED)
        : unwrap(await api.POST('/orders/{id}/proofs/{version}/request-changes', { params: { path }, body: { comment } }), ANSWER_FAILED);
    },
    onSuccess: refresh,
  });
}

async function proofBlob(order: Order, version: number): Promise<{ blob: Blob; name: string }> {
  const result = await api.GET('/orders/{id}/proofs/{file}', { params: { path: { id: order._id, file: `${version}.pdf` } }, parseAs: 'blob' });
  if (result.error !== undefined || !result.data) throw new Error(messageOf(result.error, PROOF_PDF_FAILED));
  return { blob: result.data as Blob, name: fileNameOf(result.response.headers.get('content-disposition'), `proof-${order.orderNumber}-v${version}.pdf`) };
}

/** Saves a version's PDF. */
export async function downloadProof(order: Order, version: number): Promise<void> {
  const { blob, name } = await proofBlob(order, version);
  saveBlob(blob, name);
}

/** Opens a version's PDF in a new tab (the browser's viewer), or saves it when pop-ups are blocked. */
export async function openProof(order: Order, version: number): Promise<void> {
  const { blob, name } = await proofBlob(order, version);
  const url = URL.createObjectURL(blob);
  if (!window.open(url, '_blank')) saveBlob(blob, name);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The latest version, if any. */
export function latest(proofs: Proofs | undefined): ProofVersion | undefined {
  return proofs?.versions.at(-1);
}

export const STATE_LABEL: Record<ProofVersion['state'], string> = {
  sent: 'Waiting for the customer',
  approved: 'Approved',
  changes_requested: 'Changes requested',
};
