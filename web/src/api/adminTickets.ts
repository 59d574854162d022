// The complaints desk for admins: a page of tickets (filtered by status,
// overdue and category), one ticket, and the steps on it (acknowledge, reply,
// assign, resolve with a note, reopen), each answered with the ticket as it
// now stands. Every call is checked for the admin role by the server.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../lib/api';
import type { Ticket, TicketCategory, TicketStatus } from './supportTickets';

export const TICKET_STATUSES = ['open', 'acknowledged', 'resolved'] as const satisfies readonly TicketStatus[];
export const TICKET_CATEGORIES = ['order', 'delivery', 'payment', 'product', 'account', 'other'] as const satisfies readonly TicketCategory[];
export const ADMIN_TICKETS_PAGE_SIZE = 25;
export const ADMIN_TICKETS_FAILED = 'Failed to fetch tickets';
export const ADMIN_TICKET_FAILED = 'Failed to fetch the ticket';

export interface TicketFilters {
  status?: TicketStatus;
  overdue?: boolean;
  category?: TicketCategory;
  page: number;
}

export function useAdminTickets(filters: TicketFilters) {
  return useQuery({
    queryKey: ['admin-tickets', 'list', filters],
    queryFn: async () => {
      const query = {
        page: filters.page,
        limit: ADMIN_TICKETS_PAGE_SIZE,
        ...(filters.status ? { status: filters.status } : {}),
        ...(filters.overdue ? { overdue: true } : {}),
        ...(filters.category ? { category: filters.category } : {}),
      };
      return unwrap(await api.GET('/admin/tickets', { params: { query } }), ADMIN_TICKETS_FAILED);
    },
    placeholderData: keepPreviousData,
  });
}

export function useAdminTicket(id: string | null) {
  return useQuery({
    queryKey: ['admin-tickets', 'one', id],
    enabled: id !== null,
    queryFn: async () => unwrap(await api.GET('/admin/tickets/{id}', { params: { path: { id: id! } } }), ADMIN_TICKET_FAILED),
  });
}

/** A step on a ticket: what it sends, and what the admin is told when it fails. */
export type TicketStep =
  | { kind: 'acknowledge' }
  | { kind: 'reply'; message: string }
  | { kind: 'assign'; adminId: string }
  | { kind: 'resolve'; note: string }
  | { kind: 'reopen' };

export const STEP_FAILED: Record<TicketStep['kind'], string> = {
  acknowledge: 'Failed to acknowledge the ticket',
  reply: 'Failed to send the reply',
  assign: 'Failed to assign the ticket',
  resolve: 'Failed to resolve the ticket',
  reopen: 'Failed to reopen the ticket',
};

async function takeStep(id: string, step: TicketStep): Promise<Ticket> {
  const path = { params: { path: { id } } };
  const failed = STEP_FAILED[step.kind];
  switch (step.kind) {
    case 'acknowledge':
      return unwrap(await api.POST('/admin/tickets/{id}/acknowledge', path), failed);
    case 'reply':
      return unwrap(await api.POST('/admin/tickets/{id}/replies', { ...path, body: { message: step.message } }), failed);
    case 'assign':
      return unwrap(await api.POST('/admin/tickets/{id}/assign', { ...path, body: { adminId: step.adminId } }), failed);
    case 'resolve':
      return unwrap(await api.POST('/admin/tickets/{id}/resolve', { ...path, body: { note: step.note } }), failed);
    case 'reopen':
      return unwrap(await api.POST('/admin/tickets/{id}/reopen', path), failed);
  }
}

/** Takes a step on the ticket; the panel shows the answer at once, the list and the overview's counts reload. */
export function useTicketStep(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: TicketStep) => takeStep(id, step),
    onSuccess: (ticket) => {
      queryClient.setQueryData(['admin-tickets', 'one', id], ticket);
      void queryClient.invalidateQueries({ queryKey: ['admin-tickets', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['admin-orders', 'overview'] });
    },
  });
}
