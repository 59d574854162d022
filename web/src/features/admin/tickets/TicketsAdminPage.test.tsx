import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, ok, renderRoutes, signedIn } from '../../../test/testkit';
import { ticket } from '../../../test/supportFixtures';
import type { Ticket } from '../../../api/supportTickets';
import TicketsAdminPage from './TicketsAdminPage';
import { TicketCounts } from '../orders/TicketCounts';
import type { Overview } from '../../../api/adminOrders';

const page = (tickets: Ticket[], total = tickets.length, p = 1) => ok({ tickets, total, page: p, limit: 25 });

function renderDesk(at = '/admin/tickets') {
  signedIn({ _id: 'admin1', name: 'Store Admin', role: 'admin' });
  return renderRoutes([{ path: '/admin/tickets', element: <TicketsAdminPage /> }], at);
}

describe('TicketsAdminPage', () => {
  it('asks for the filters the address holds, flags overdue tickets and changes the filters', async () => {
    const queries: string[] = [];
    mockApi((method, path, url) => {
      if (method !== 'GET' || path !== '/api/admin/tickets') return undefined;
      queries.push(url.search);
      return page([ticket(1, { overdue: true }), ticket(2, { status: 'acknowledged', acknowledgedAt: 1, assignee: { id: 'admin2', name: 'Ravi' } })], 30);
    });
    const { router } = renderDesk('/admin/tickets?overdue=true');
    const rows = await screen.findAllByTestId('admin-ticket-row');
    expect(queries[0]).toBe('?page=1&limit=25&overdue=true');
    expect((screen.getByRole('checkbox', { name: 'Overdue only' }) as HTMLInputElement).checked).toBe(true);
    expect(rows[0].className).toBe('overdue-row');
    expect(within(rows[0]).getByText('Overdue')).toBeTruthy();
    expect(within(rows[1]).getByText('Ravi')).toBeTruthy();
    expect(within(rows[1]).getByText('Done')).toBeTruthy();
    expect(screen.getByTestId('tickets-summary').textContent).toBe('30 tickets · Page 1 of 2');

    const user = userEvent.setup();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by status' }), 'open');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by category' }), 'product');
    await waitFor(() => expect(queries.at(-1)).toBe('?page=1&limit=25&status=open&overdue=true&category=product'));
    expect(router.state.location.search).toBe('?status=open&category=product&overdue=true');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queries.at(-1)).toBe('?page=2&limit=25&status=open&overdue=true&category=product'));
    await user.click(screen.getByRole('checkbox', { name: 'Overdue only' }));
    await waitFor(() => expect(queries.at(-1)).toBe('?page=1&limit=25&status=open&category=product'));
  });

  it('acknowledges, takes, answers and resolves a ticket in its panel; a resolution needs a note', async () => {
    let current = ticket(1);
    const posts: { path: string; body: unknown }[] = [];
    const fetchMock = mockApi(async (method, path, _url, request) => {
      if (method === 'GET' && path === '/api/admin/tickets') return page([current]);
      if (method === 'GET' && path === '/api/admin/tickets/t1') return ok(current);
      if (method !== 'POST' || !path.startsWith('/api/admin/tickets/')) return undefined;
      const body = request.headers.get('content-type')?.includes('json') ? await request.json().catch(() => undefined) : undefined;
      posts.push({ path, body });
      if (path.endsWith('/acknowledge')) current = { ...current, status: 'acknowledged', acknowledgedAt: current.createdAt + 1000 };
      if (path.endsWith('/assign')) current = { ...current, assignee: { id: 'admin1', name: 'Store Admin' } };
      if (path.endsWith('/replies'))
        current = { ...current, messages: [...current.messages, { id: 'm2', author: 'staff', authorName: 'Store Admin', body: (body as { message: string }).message, createdAt: current.createdAt + 2000 }] };
      if (path.endsWith('/resolve')) current = { ...current, status: 'resolved', resolvedAt: current.createdAt + 3000, resolution: (body as { note: string }).note };
      if (path.endsWith('/reopen')) current = { ...current, status: 'acknowledged', resolvedAt: undefined };
      return ok(current);
    });
    renderDesk();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open ticket GRV/26-27/000001' }));
    const panel = await screen.findByRole('dialog', { name: 'Support ticket' });
    await within(panel).findByRole('article');
    expect(within(panel).getByText('Nobody yet')).toBeTruthy();
    expect(within(panel).getByText(/asha@example.com/)).toBeTruthy();

    await user.click(within(panel).getByRole('button', { name: 'Acknowledge' }));
    expect(await within(panel).findByText('Ticket acknowledged')).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Acknowledge' })).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Assign to me' }));
    expect(await within(panel).findByText('Ticket assigned to you')).toBeTruthy();
    expect(within(panel).getByText('Store Admin', { selector: 'dd' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Assign to me' })).toBeNull();

    const reply = within(panel).getByRole('form', { name: 'Reply to the customer' });
    await user.type(within(reply).getByRole('textbox'), 'We are reprinting them today.');
    await user.click(within(reply).getByRole('button', { name: 'Send reply' }));
    expect(await within(panel).findByText('We are reprinting them today.')).toBeTruthy();
    expect(within(panel).getByText('Store Admin (Legacy Threads)')).toBeTruthy();

    const resolve = within(panel).getByRole('form', { name: 'Resolve the ticket' });
    await user.click(within(resolve).getByRole('button', { name: 'Resolve' }));
    expect(within(resolve).getByRole('alert').textContent).toBe('Please write a resolution note');
    expect(posts.filter((p) => p.path.endsWith('/resolve'))).toEqual([]);
    await user.type(within(resolve).getByRole('textbox'), 'Reprinted two shirts.');
    await user.click(within(resolve).getByRole('button', { name: 'Resolve' }));
    expect(await within(panel).findByText('Ticket resolved: the customer is e-mailed')).toBeTruthy();
    expect(within(panel).getByText('Reprinted two shirts.')).toBeTruthy();
    expect(within(panel).queryByRole('form', { name: 'Resolve the ticket' })).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Reopen' }));
    expect(await within(panel).findByText('Ticket reopened')).toBeTruthy();

    expect(posts).toEqual([
      { path: '/api/admin/tickets/t1/acknowledge', body: undefined },
      { path: '/api/admin/tickets/t1/assign', body: { adminId: 'admin1' } },
      { path: '/api/admin/tickets/t1/replies', body: { message: 'We are reprinting them today.' } },
      { path: '/api/admin/tickets/t1/resolve', body: { note: 'Reprinted two shirts.' } },
      { path: '/api/admin/tickets/t1/reopen', body: undefined },
    ]);
    expect(fetchMock).toHaveBeenCalled();
  });

  it('shows the server’s reason when a step is refused', async () => {
    mockApi((method, path) => {
      if (path === '/api/admin/tickets') return page([ticket(1)]);
      if (path === '/api/admin/tickets/t1') return ok(ticket(1));
      if (method === 'POST') return fail(409, 'Ticket GRV/26-27/000001 is already acknowledged');
      return undefined;
    });
    renderDesk();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Open ticket GRV/26-27/000001' }));
    const panel = await screen.findByRole('dialog', { name: 'Support ticket' });
    await user.click(await within(panel).findByRole('button', { name: 'Acknowledge' }));
    expect((await within(panel).findByText('Ticket GRV/26-27/000001 is already acknowledged')).getAttribute('role')).toBe('alert');
  });

  it('says when no ticket matches', async () => {
    mockApi((_m, path) => (path === '/api/admin/tickets' ? page([]) : undefined));
    renderDesk('/admin/tickets?status=resolved&category=nonsense');
    expect(await screen.findByText('No tickets found')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Filter by status' }) as HTMLSelectElement).value).toBe('resolved');
    expect((screen.getByRole('combobox', { name: 'Filter by category' }) as HTMLSelectElement).value).toBe('');
  });
});

describe('TicketCounts', () => {
  it('links the open and overdue counts to the desk, the overdue ones filtered', () => {
    const overview = { byStatus: [], totalOrders: 0, revenue: {}, daily: [], openTickets: 4, overdueTickets: 1 } as unknown as Overview;
    renderRoutes([{ path: '/admin/orders', element: <TicketCounts overview={overview} /> }], '/admin/orders');
    expect(screen.getByRole('link', { name: '4 open support tickets' }).getAttribute('href')).toBe('/admin/tickets');
    const overdue = screen.getByRole('link', { name: '1 overdue' });
    expect(overdue.getAttribute('href')).toBe('/admin/tickets?overdue=true');
    expect(overdue.className).toBe('overdue');
  });
});
