// A support ticket as its customer sees it: number, status, the promised dates and the thread of messages (the
// ticket lookup; the account's tickets may show it too). Staff-only facts are not part of what is shown.
import { CATEGORY_LABEL, STATUS_LABEL, type Ticket } from '../../api/supportTickets';
import { formatDate } from '../../lib/formatDate';
import './support.css';

export function TicketStatusChip({ status }: { status: Ticket['status'] }) {
  return <span className={`ticket-chip ticket-${status}`}>{STATUS_LABEL[status]}</span>;
}

/** When the store answered or promised to: each step's date, or the date it is due by. */
function Deadlines({ ticket }: { ticket: Ticket }) {
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
    </dl>
  );
}

export function TicketThread({ ticket, headingLevel = 2 }: { ticket: Ticket; headingLevel?: 2 | 3 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="ticket" aria-labelledby={`ticket-${ticket.id}`}>
      <header className="ticket-head">
        <Heading id={`ticket-${ticket.id}`}>Ticket {ticket.number}</Heading>
        <TicketStatusChip status={ticket.status} />
      </header>
      <p className="ticket-subject">{ticket.subject}</p>
      <Deadlines ticket={ticket} />
      {ticket.resolution && (
        <p className="notice ok">
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
    </article>
  );
}
