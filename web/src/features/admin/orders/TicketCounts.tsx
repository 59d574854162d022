// The complaints desk in the orders overview: tickets not yet resolved and
// those past a deadline (48 hours to acknowledge, one month to resolve),
// each linking to the desk with that filter.
import { Link } from 'react-router';
import type { Overview } from '../../../api/adminOrders';

export function TicketCounts({ overview }: { overview: Overview }) {
  const { openTickets, overdueTickets } = overview;
  return (
    <p className="overview-tickets" data-testid="ticket-counts">
      <Link to="/admin/tickets">
        {openTickets} open support {openTickets === 1 ? 'ticket' : 'tickets'}
      </Link>
      <Link to="/admin/tickets?overdue=true" className={overdueTickets > 0 ? 'overdue' : undefined}>
        {overdueTickets} overdue
      </Link>
    </p>
  );
}
