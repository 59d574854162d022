// The complaints desk's public side: anyone files a ticket (the contact form)
// and gets its number at once; with the number and the e-mail it was filed
// with, anyone sees its status and thread. The server answers a wrong number
// and a wrong e-mail with the same 404.
import { api, ApiError, messageOf, unwrap } from '../lib/api';
import type { components } from '../lib/schema';

export type Ticket = components['schemas']['Ticket'];
export type NewTicket = components['schemas']['FileTicketRequest'];
export type TicketCategory = components['schemas']['TicketCategory'];
export type TicketStatus = components['schemas']['TicketStatus'];

export const FILE_FAILED = 'Failed to send your message. Please try again.';
export const LOOKUP_FAILED = 'Failed to find the ticket. Please try again.';

/** What a visitor picks, in the order the form offers them. */
export const CATEGORY_LABEL: Record<TicketCategory, string> = {
  order: 'An order',
  delivery: 'Delivery',
  payment: 'A payment or refund',
  product: 'A product (misprint, damage)',
  account: 'My account',
  other: 'Something else',
};

export const STATUS_LABEL: Record<TicketStatus, string> = {
  open: 'Received',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
};

/** The field each refusal's code names (the server checks every field, and names the first it refuses). */
const FIELD_OF_CODE: Record<string, keyof NewTicket> = {
  TICKET_NAME: 'name',
  TICKET_EMAIL: 'email',
  TICKET_PHONE: 'phone',
  TICKET_SUBJECT: 'subject',
  TICKET_MESSAGE: 'message',
  TICKET_ORDER: 'orderId',
};

/** A refused filing: the server's message, and the field it names (if it names one). */
export class TicketRefused extends ApiError {
  readonly field: keyof NewTicket | undefined;
  constructor(message: string, status: number, code: string | undefined) {
    super(message, status, code);
    this.field = code === undefined ? undefined : FIELD_OF_CODE[code];
  }
}

/** Files a ticket (the bearer, when signed in, links it to the account); throws TicketRefused. */
export async function fileTicket(ticket: NewTicket): Promise<Ticket> {
  const result = await api.POST('/support/tickets', { body: ticket });
  if (result.error !== undefined || !result.data) {
    throw new TicketRefused(messageOf(result.error, FILE_FAILED), result.response.status, result.error?.code);
  }
  return result.data.data;
}

/** A ticket by its number and e-mail: status and thread. 404 carries the server's one message. */
export async function lookupTicket(number: string, email: string): Promise<Ticket> {
  return unwrap<Ticket>(await api.GET('/support/tickets/lookup', { params: { query: { number, email } } }), LOOKUP_FAILED);
}
