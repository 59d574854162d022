// Support tickets and claims as the API answers them, for the support, tickets and claims tests.
import type { Ticket } from '../api/support';
import type { Claim } from '../api/claims';

const HOUR = 60 * 60 * 1000;
export const FILED_AT = Date.UTC(2026, 10, 24, 4, 30);

export function ticket(n: number, overrides: Partial<Ticket> = {}): Ticket {
  return {
    id: `t${n}`,
    number: `GRV/26-27/00000${n}`,
    status: 'open',
    category: 'order',
    subject: `Question ${n} about my order`,
    name: 'Asha Verma',
    email: 'asha@example.com',
    createdAt: FILED_AT,
    acknowledgeBy: FILED_AT + 48 * HOUR,
    resolveBy: FILED_AT + 30 * 24 * HOUR,
    overdue: false,
    messages: [{ id: `m${n}`, author: 'customer', authorName: 'Asha Verma', body: 'The print on my shirts is smudged.', createdAt: FILED_AT }],
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
