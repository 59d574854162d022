// The signed-in customer's complaints (issue 49's desk): their tickets (filed
// from the contact form, or made by a claim) with their threads, and a reply
// (which reopens a resolved ticket). The server checks the owner on every call.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api';
import { useAuth } from '../lib/auth';
import type { Ticket } from './supportTickets';

export const TICKETS_FAILED = 'Failed to fetch your tickets';
export const REPLY_FAILED = 'Failed to send your reply';

/** The customer's tickets, newest first as the server lists them. */
export function useMyTickets() {
  const { user } = useAuth();
  return useQuery({
    queryKey: ['support', user?._id, 'list'],
    queryFn: async () => unwrap(await api.GET('/support/tickets'), TICKETS_FAILED),
  });
}

/** The customer writes on their ticket; the answer is the ticket as it now stands. */
export function useReplyToTicket(id: string) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: async (message: string) =>
      unwrap(await api.POST('/support/tickets/{id}/replies', { params: { path: { id } }, body: { message } }), REPLY_FAILED),
    onSuccess: (ticket) => {
      queryClient.setQueryData<Ticket[]>(['support', user?._id, 'list'], (list) => list?.map((t) => (t.id === ticket.id ? ticket : t)));
      void queryClient.invalidateQueries({ queryKey: ['support', user?._id, 'list'] });
    },
  });
}
