// A proof opened from its WhatsApp link, without signing in: the proof, its
// PDF, and one answer (approve, or ask for changes). The server answers 404
// for a link never issued, 409 once used, 410 after its 7 days.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api';
import type { components } from '../lib/schema';

export type ProofLinkView = components['schemas']['ProofLinkView'];

const FAILED = 'Failed to open the proof';

export function useProofLink(token: string) {
  return useQuery({
    queryKey: ['proof-link', token],
    retry: false,
    queryFn: async () => unwrap(await api.GET('/proof-links/{token}', { params: { path: { token } } }), FAILED),
  });
}

/** Approves (no comment) or asks for changes (with one); the answer is the proof as it now stands. */
export function useAnswerProofLink(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (comment: string | null) => {
      const params = { params: { path: { token } } };
      const result =
        comment === null
          ? await api.POST('/proof-links/{token}/approve', params)
          : await api.POST('/proof-links/{token}/changes', { ...params, body: { comment } });
      return unwrap(result, FAILED);
    },
    onSuccess: (view) => client.setQueryData(['proof-link', token], view),
  });
}
