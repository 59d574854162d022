// The customer's complaints (/account/support): their tickets (from the
// contact form, or made by a claim on an order), the chosen one's thread with
// its deadlines, and a reply box (a reply reopens a resolved ticket).
import { Link, useSearchParams } from 'react-router';
import { REPLY_FAILED, TICKETS_FAILED, useMyTickets, useReplyToTicket } from '../../api/support';
import type { Ticket } from '../../api/supportTickets';
import { serverErrorText } from '../../lib/api';
import { formatDate } from '../../lib/formatDate';
import { Spinner } from '../../components/Spinner';
import { TicketBadges, TicketThread } from '../../components/support/TicketThread';
import { MessageForm } from '../../components/support/MessageForm';

export default function SupportPage() {
  const tickets = useMyTickets();
  const [params] = useSearchParams();
  const list = tickets.data ?? [];
  // The ticket named in the address, else the newest.
  const chosen = list.find((t) => t.id === params.get('ticket')) ?? list[0];

  return (
    <section className="page support-page">
      <title>Support · Legacy Threads</title>
      <header className="page-head">
        <h1>Support</h1>
        <p className="muted">Your complaints and claims: we acknowledge each within 48 hours and resolve it within one month.</p>
      </header>
      {tickets.isPending ? (
        <Spinner label="Loading your tickets…" />
      ) : tickets.isError ? (
        <div className="empty-state" role="alert">
          <h2>Error Loading Tickets</h2>
          <p className="muted">{serverErrorText(tickets.error, TICKETS_FAILED)}</p>
          <button className="btn" onClick={() => void tickets.refetch()} disabled={tickets.isFetching}>
            Try Again
          </button>
        </div>
      ) : list.length === 0 ? (
        <div className="empty-state">
          <h2>No Tickets Yet</h2>
          <p className="muted">A problem with an order? Use “Report a problem” on the order, or write to us from the contact page.</p>
          <div className="row support-empty-links">
            <Link className="btn" to="/user/orders">
              My Orders
            </Link>
            <Link className="btn ghost" to="/contact">
              Contact us
            </Link>
          </div>
        </div>
      ) : (
        <div className="support-layout">
          <nav aria-label="Your tickets">
            <ul className="ticket-list">
              {list.map((t) => (
                <li key={t.id}>
                  <Link to={{ search: `?ticket=${encodeURIComponent(t.id)}` }} aria-current={t.id === chosen?.id ? 'true' : undefined} className="ticket-link">
                    <span className="ticket-number">{t.number}</span>
                    <span className="ticket-link-subject">{t.subject}</span>
                    <span className="ticket-meta">
                      <TicketBadges ticket={t} /> <span className="muted">{formatDate(t.createdAt)}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {chosen && <ChosenTicket key={chosen.id} ticket={chosen} />}
        </div>
      )}
    </section>
  );
}

function ChosenTicket({ ticket }: { ticket: Ticket }) {
  const reply = useReplyToTicket(ticket.id);
  return (
    <div className="support-thread">
      <TicketThread ticket={ticket}>
        <MessageForm
          label="Your reply"
          name="Reply to this ticket"
          send="Send reply"
          sending="Sending…"
          missing="Please write your reply"
          failed={REPLY_FAILED}
          hint={ticket.status === 'resolved' ? 'Replying reopens this ticket.' : undefined}
          onSend={(message) => reply.mutateAsync(message)}
        />
      </TicketThread>
    </div>
  );
}
