// A support ticket: number, status (flagged when a deadline has passed), what it is about, the promised dates and the
// thread of messages. The ticket lookup and the customer's Support page show it as the customer reads it; the admin's
// ticket panel adds the staff's facts (the customer, who has it) and, as `children`, its steps.
import type { ReactNode } from 'react';
import { CATEGORY_LABEL, STATUS_LABEL, type Ticket } from '../../api/supportTickets';
import { formatDate } from '../../lib/formatDate';
import './support.css';

export function TicketStatusChip({ status }: { status: Ticket['status'] }) {
  return <span className={`ticket-chip ticket-${status}`}>{STATUS_LABEL[status]}</span>;
}

/** The status, and "Overdue" when the store missed the 48-hour or one-month promise. */
export function TicketBadges({ ticket }: { ticket: Pick<Ticket, 'status' | 'overdue'> }) {
  return (
    <span className="ticket-badges">
      <TicketStatusChip status={ticket.status} />
      {ticket.overdue && <span className="ticket-overdue">Overdue</span>}
    </span>
  );
}

/** What it is about, and when the store answered or promised to: each step's date, or the date it is due by. */
function Facts({ ticket, staff }: { ticket: Ticket; staff: boolean }) {
  return (
    <dl className="ticket-dates">
      <dt>About</dt>
      <dd>
        {CATEGORY_LABEL[ticket.category]}
        {ticket.orderNumber && `, order ${ticket.orderNumber}`}
      </dd>
      <dt>Filed</dt>
      <dd>{formatDate(ticket.createdAt)}</dd>
      <dt>{ticket.acknowledgedAt != null ? 'Acknowledged' : 'To be acknowledged by'}</dt>
      <dd>{formatDate(ticket.acknowledgedAt ?? ticket.acknowledgeBy)}</dd>
      <dt>{ticket.resolvedAt != null ? 'Resolved' : 'To be resolved by'}</dt>
      <dd>{formatDate(ticket.resolvedAt ?? ticket.resolveBy)}</dd>
      {staff && (
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
  );
}

export function TicketThread({
  ticket,
  headingLevel = 2,
  staff = false,
  children,
}: {
  ticket: Ticket;
  headingLevel?: 2 | 3;
  /** The admin's view: the customer's contact and the assignee too. */
  staff?: boolean;
  /** Under the thread: a reply box, the admin's steps. */
  children?: ReactNode;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="ticket" aria-labelledby={`ticket-${ticket.id}`}>
      <header className="ticket-head">
        <Heading id={`ticket-${ticket.id}`}>Ticket {ticket.number}</Heading>
        <TicketBadges ticket={ticket} />
      </header>
      <p className="ticket-subject">{ticket.subject}</p>
      <Facts ticket={ticket} staff={staff} />
      {ticket.resolution && (
        <p className="notice ok ticket-resolution">
          <strong>Resolution:</strong> {ticket.resolution}
        </p>
      )}
      <ol className="ticket-messages" aria-label="Messages">
        {ticket.messages.map((m) => (
          <li key={m.id} className={`ticket-message from-${m.author}`}>
            <p className="ticket-message-meta">
              <strong>{m.author === 'staff' ? `${m.authorName} (Legacy Threads)` : m.authorName}</strong> · {formatDate(m.createdAt)}
            </p>
            <p className="ticket-message-body">{m.body}</p>
          </li>
        ))}
      </ol>
      {children}
    </article>
  );
}
