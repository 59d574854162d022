// Support tickets and claims as the API answers them, for the support, tickets and claims tests.
import type { Ticket } from '../api/supportTickets';
import { supportTicket } from './testkit';
import type { Claim } from '../api/claims';

const HOUR = 60 * 60 * 1000;
export const FILED_AT = Date.UTC(2026, 10, 24, 4, 30);

/** A customer's ticket `n` (`t{n}`, `GRV/26-27/00000{n}`), filed at FILED_AT about an order. */
export function ticket(n: number, overrides: Partial<Ticket> = {}): Ticket {
  const base = supportTicket({ createdAt: FILED_AT, acknowledgeBy: FILED_AT + 48 * HOUR, resolveBy: FILED_AT + 30 * 24 * HOUR });
  return {
    ...base,
    id: `t${n}`,
    number: `GRV/26-27/00000${n}`,
    category: 'order',
    subject: `Question ${n} about my order`,
    messages: [{ ...base.messages[0], id: `m${n}`, createdAt: FILED_AT }],
    ...overrides,
  };
}

export function claim(overrides: Partial<Claim> = {}): Claim {
  return {
    id: 'c1',
    orderId: 'o1',
    orderNumber: 'LT-20261122-000001',
    itemId: 'i1',
    ticketNumber: 'GRV/26-27/000007',
    pieces: { m: 2 },
    reason: 'misprint',
    message: 'Two shirts have the logo printed upside down.',
    photos: ['a'.repeat(64)],
    status: 'open',
    createdAt: FILED_AT,
    ...overrides,
  };
}
