// The complaints desk (/admin/tickets): a page of tickets filtered by status,
// category and overdue (the filters live in the address, so the orders
// overview links straight to the overdue ones), each with its deadlines, the
// overdue ones flagged; a ticket opens in its panel.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  ADMIN_TICKETS_FAILED,
  TICKET_CATEGORIES,
  TICKET_STATUSES,
  useAdminTickets,
  type TicketFilters,
} from '../../../api/adminTickets';
import { serverErrorText } from '../../../lib/api';
import { formatDate } from '../../../lib/formatDate';
import { Spinner } from '../../../components/Spinner';
import { TicketBadges } from '../../../components/support/TicketThread';
import { CATEGORY_LABEL, type TicketCategory, type TicketStatus as Status } from '../../../api/supportTickets';
import { TicketPanel } from './TicketPanel';

const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The filters as the address holds them (`?status=open&overdue=true&category=product&page=2`). */
export function filtersOf(params: URLSearchParams): TicketFilters {
  const status = params.get('status') as Status | null;
  const category = params.get('category') as TicketCategory | null;
  const page = Number(params.get('page'));
  return {
    status: status && (TICKET_STATUSES as readonly string[]).includes(status) ? status : undefined,
    category: category && (TICKET_CATEGORIES as readonly string[]).includes(category) ? category : undefined,
    overdue: params.get('overdue') === 'true' || undefined,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

function paramsOf(f: TicketFilters): Record<string, string> {
  return {
    ...(f.status ? { status: f.status } : {}),
    ...(f.category ? { category: f.category } : {}),
    ...(f.overdue ? { overdue: 'true' } : {}),
    ...(f.page > 1 ? { page: String(f.page) } : {}),
  };
}

export default function TicketsAdminPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const tickets = useAdminTickets(filters);
  const [open, setOpen] = useState<string | null>(null);
  const change = (patch: Partial<TicketFilters>) => setParams(paramsOf({ ...filters, page: 1, ...patch }));

  const data = tickets.data;
  const list = data?.tickets ?? [];
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;

  return (
    <section className="page admin-tickets">
      <title>Support Tickets · Admin · Legacy Threads</title>
      <header className="admin-head">
        <div>
          <h1>Support Tickets</h1>
          <p className="muted">Acknowledge within 48 hours, resolve within one month.</p>
        </div>
        {data && (
          <p className="muted" data-testid="tickets-summary">
            {data.total} {data.total === 1 ? 'ticket' : 'tickets'}
            {pages > 1 && ` · Page ${data.page} of ${pages}`}
          </p>
        )}
      </header>

      <div className="admin-controls" role="group" aria-label="Filters">
        <select aria-label="Filter by status" value={filters.status ?? ''} onChange={(e) => change({ status: (e.target.value || undefined) as Status | undefined })}>
          <option value="">All statuses</option>
          {TICKET_STATUSES.map((s) => (
            <option key={s} value={s}>
              {label(s)}
            </option>
          ))}
        </select>
        <select aria-label="Filter by category" value={filters.category ?? ''} onChange={(e) => change({ category: (e.target.value || undefined) as TicketCategory | undefined })}>
          <option value="">All categories</option>
          {TICKET_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {CATEGORY_LABEL[c]}
            </option>
          ))}
        </select>
        <label className="check">
          <input type="checkbox" checked={filters.overdue ?? false} onChange={(e) => change({ overdue: e.target.checked || undefined })} /> Overdue only
        </label>
        <button className="btn ghost small" onClick={() => setParams({})}>
          Clear Filters
        </button>
      </div>

      {tickets.isPending ? (
        <Spinner label="Loading tickets…" />
      ) : tickets.isError ? (
        <div className="empty-state" role="alert">
          <p>{serverErrorText(tickets.error, ADMIN_TICKETS_FAILED)}</p>
          <button className="btn" onClick={() => void tickets.refetch()}>
            Try Again
          </button>
        </div>
      ) : list.length === 0 ? (
        <div className="empty-state">
          <p>No tickets found</p>
        </div>
      ) : (
        <div className="table-wrap">
          <table className={`admin-table ${tickets.isPlaceholderData ? 'stale' : ''}`} aria-busy={tickets.isFetching}>
            <thead>
              <tr>
                <th scope="col">Ticket</th>
                <th scope="col">Customer</th>
                <th scope="col">Category</th>
                <th scope="col">Status</th>
                <th scope="col">Acknowledge by</th>
                <th scope="col">Resolve by</th>
                <th scope="col">Assigned to</th>
                <th scope="col">
                  <span className="visually-hidden">Open</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((t) => (
                <tr key={t.id} data-testid="admin-ticket-row" className={t.overdue ? 'overdue-row' : undefined}>
                  <td>
                    <strong>{t.number}</strong>
                    <div>{t.subject}</div>
                  </td>
                  <td>
                    {t.name}
                    <div className="muted">{t.email}</div>
                  </td>
                  <td>{CATEGORY_LABEL[t.category]}</td>
                  <td>
                    <TicketBadges ticket={t} />
                  </td>
                  <td>{t.acknowledgedAt ? <span className="muted">Done</span> : formatDate(t.acknowledgeBy)}</td>
                  <td>{t.resolvedAt ? <span className="muted">Done</span> : formatDate(t.resolveBy)}</td>
                  <td>{t.assignee?.name ?? <span className="muted">Nobody</span>}</td>
                  <td>
                    <button className="btn ghost small" onClick={() => setOpen(t.id)} aria-label={`Open ticket ${t.number}`}>
                      Open
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {pages > 1 && (
        <nav className="pager" aria-label="Pagination">
          <button className="btn ghost small" onClick={() => change({ page: filters.page - 1 })} disabled={filters.page <= 1 || tickets.isFetching}>
            Previous
          </button>
          <button className="btn ghost small" onClick={() => change({ page: filters.page + 1 })} disabled={filters.page >= pages || tickets.isFetching}>
            Next
          </button>
        </nav>
      )}

      {open && <TicketPanel id={open} onClose={() => setOpen(null)} />}
    </section>
  );
}
