// A support ticket as its customer and the store's staff read it: its number,
// status (flagged when overdue), the 48-hour and one-month deadlines as dates,
// the thread, and the resolution note. Shown on the customer's support page
// and in the admin's ticket panel.
import type { ReactNode } from 'react';
import type { components } from '../../lib/schema';
import { formatDate } from '../../lib/formatDate';
import './ticket.css';

type Ticket = components['schemas']['Ticket'];

const STATUS_LABEL: Record<Ticket['status'], string> = { open: 'Open', acknowledged: 'Acknowledged', resolved: 'Resolved' };
const CATEGORY_LABEL: Record<Ticket['category'], string> = {
  order: 'Order',
  delivery: 'Delivery',
  payment: 'Payment',
  product: 'Product',
  account: 'Account',
  other: 'Other',
};
export const categoryLabel = (c: Ticket['category']) => CATEGORY_LABEL[c] ?? c;

export function TicketStatus({ ticket }: { ticket: Pick<Ticket, 'status' | 'overdue'> }) {
  return (
    <span className="ticket-badges">
      <span className={`ticket-status ticket-${ticket.status}`}>{STATUS_LABEL[ticket.status] ?? ticket.status}</span>
      {ticket.overdue && <span className="ticket-overdue">Overdue</span>}
    </span>
  );
}

/** Who wrote a message: the customer reads their own as "You"; the store's staff are marked as such. */
function byline(m: Ticket['messages'][number], viewer: 'customer' | 'staff'): string {
  if (m.author === 'staff') return `${m.authorName} (store)`;
  return viewer === 'customer' ? 'You' : `${m.authorName} (customer)`;
}

/** The ticket's facts and thread as the customer or the staff read it; `children` go under the thread (a reply box, actions). */
export function TicketThread({ ticket, viewer, heading = 'h2', children }: { ticket: Ticket; viewer: 'customer' | 'staff'; heading?: 'h2' | 'h3'; children?: ReactNode }) {
  const Heading = heading;
  return (
    <article className="ticket-thread" aria-label={`Ticket ${ticket.number}`}>
      <header className="ticket-head">
        <Heading>
          Ticket {ticket.number}: {ticket.subject}
        </Heading>
        <TicketStatus ticket={ticket} />
      </header>
      <dl className="ticket-facts">
        <dt>Category</dt>
        <dd>{categoryLabel(ticket.category)}</dd>
        {ticket.orderNumber && (
          <>
            <dt>Order</dt>
            <dd>{ticket.orderNumber}</dd>
          </>
        )}
        <dt>Filed</dt>
        <dd>{formatDate(ticket.createdAt)}</dd>
        <dt>{ticket.acknowledgedAt ? 'Acknowledged' : 'To be acknowledged by'}</dt>
        <dd>{formatDate(ticket.acknowledgedAt ?? ticket.acknowledgeBy)}</dd>
        <dt>{ticket.resolvedAt ? 'Resolved' : 'To be resolved by'}</dt>
        <dd>{formatDate(ticket.resolvedAt ?? ticket.resolveBy)}</dd>
        {viewer === 'staff' && (
          <>
            <dt>Customer</dt>
            <dd>
              {ticket.name} · {ticket.email}
              {ticket.phone && ` · ${ticket.phone}`}
            </dd>
            <dt>Assigned to</dt>
            <dd>{ticket.assignee?.name ?? 'Nobody yet'}</dd>
          </>
        )}
      </dl>
      <ol className="ticket-messages" aria-label="Messages">
        {ticket.messages.map((m) => (
          <li key={m.id} className={`ticket-message from-${m.author}`}>
            <p className="ticket-byline">
              <strong>{byline(m, viewer)}</strong>{' '}
              <span className="muted">{formatDate(m.createdAt)}</span>
            </p>
            <p className="ticket-body">{m.body}</p>
          </li>
        ))}
      </ol>
      {ticket.status === 'resolved' && ticket.resolution && (
        <p className="notice ok ticket-resolution">
          <strong>Resolution:</strong> {ticket.resolution}
        </p>
      )}
      {children}
    </article>
  );
}
