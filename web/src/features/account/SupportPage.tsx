// The customer's complaints (/account/support): their tickets (from the
// contact form, or made by a claim on an order), the chosen one's thread with
// its deadlines, and a reply box (a reply reopens a resolved ticket).
import { Link, useSearchParams } from 'react-router';
import { useMyTickets, useReplyToTicket } from '../../api/support';
import type { Ticket } from '../../api/supportTickets';
import { serverErrorText } from '../../lib/api';
import { formatDate } from '../../lib/formatDate';
import { Spinner } from '../../components/Spinner';
import { TicketBadges, TicketThread } from '../../components/support/TicketThread';
import { MessageForm } from '../../components/support/MessageForm';
import { useT } from '../../lib/i18n';

const SPACE = ' ';

export default function SupportPage() {
  const t = useT();
  const tickets = useMyTickets();
  const [params] = useSearchParams();
  const list = tickets.data ?? [];
  // The ticket named in the address, else the newest.
  const chosen = list.find((ticket) => ticket.id === params.get('ticket')) ?? list[0];

  return (
    <section className="page support-page">
      <title>{t('support.docTitle')}</title>
      <header className="page-head">
        <h1>{t('support.title')}</h1>
        <p className="muted">{t('support.intro')}</p>
      </header>
      {tickets.isPending ? (
        <Spinner label={t('support.loading')} />
      ) : tickets.isError ? (
        <div className="empty-state" role="alert">
          <h2>{t('support.loadError')}</h2>
          <p className="muted">{serverErrorText(tickets.error, t('support.loadFailed'))}</p>
          <button className="btn" onClick={() => void tickets.refetch()} disabled={tickets.isFetching}>
            {t('support.tryAgain')}
          </button>
        </div>
      ) : list.length === 0 ? (
        <div className="empty-state">
          <h2>{t('support.empty')}</h2>
          <p className="muted">{t('support.emptyHint')}</p>
          <div className="row support-empty-links">
            <Link className="btn" to="/user/orders">
              {t('support.myOrders')}
            </Link>
            <Link className="btn ghost" to="/contact">
              {t('support.contactUs')}
            </Link>
          </div>
        </div>
      ) : (
        <div className="support-layout">
          <nav aria-label={t('support.yourTickets')}>
            <ul className="ticket-list">
              {list.map((ticket) => (
                <li key={ticket.id}>
                  <Link to={{ search: `?ticket=${encodeURIComponent(ticket.id)}` }} aria-current={ticket.id === chosen?.id ? 'true' : undefined} className="ticket-link">
                    <span className="ticket-number">{ticket.number}</span>
                    <span className="ticket-link-subject">{ticket.subject}</span>
                    <span className="ticket-meta">
                      <TicketBadges ticket={ticket} />
                      {SPACE}
                      <span className="muted">{formatDate(ticket.createdAt)}</span>
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
  const t = useT();
  const reply = useReplyToTicket(ticket.id);
  return (
    <div className="support-thread">
      <TicketThread ticket={ticket}>
        <MessageForm
          label={t('support.yourReply')}
          name={t('support.replyName')}
          send={t('support.sendReply')}
          sending={t('support.sending')}
          missing={t('support.writeReply')}
          failed={t('support.replyFailed')}
          hint={ticket.status === 'resolved' ? t('support.reopens') : undefined}
          onSend={(message) => reply.mutateAsync(message)}
        />
      </TicketThread>
    </div>
  );
}
