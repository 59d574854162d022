import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, ok, renderRoutes, signedIn } from '../../test/testkit';
import { FILED_AT, ticket } from '../../test/supportFixtures';
import { formatDate } from '../../lib/formatDate';
import SupportPage from './SupportPage';

function renderSupport(at = '/account/support') {
  signedIn();
  return renderRoutes([{ path: '/account/support', element: <SupportPage /> }], at);
}

describe('SupportPage', () => {
  it('lists the tickets and shows the newest one’s thread with its deadlines as dates', async () => {
    mockApi((method, path) =>
      method === 'GET' && path === '/api/support/tickets'
        ? ok([ticket(2, { subject: 'Misprint: 2 pieces', category: 'product', orderNumber: 'LT-20261122-000001', status: 'acknowledged', acknowledgedAt: FILED_AT + 3_600_000 }), ticket(1)])
        : undefined,
    );
    renderSupport();
    expect(screen.getByText('Loading your tickets…')).toBeTruthy();
    const list = await screen.findByRole('navigation', { name: 'Your tickets' });
    expect(within(list).getAllByRole('link').map((l) => l.textContent)).toEqual([
      expect.stringContaining('GRV/26-27/000002'),
      expect.stringContaining('GRV/26-27/000001'),
    ]);
    const thread = screen.getByRole('article', { name: 'Ticket GRV/26-27/000002' });
    expect(within(thread).getByRole('heading').textContent).toBe('Ticket GRV/26-27/000002');
    expect(within(thread).getByText('Misprint: 2 pieces', { selector: '.ticket-subject' })).toBeTruthy();
    expect(within(thread).getByText('Acknowledged', { selector: '.ticket-chip' })).toBeTruthy();
    expect(within(thread).getByText('Acknowledged', { selector: 'dt' }).nextElementSibling?.textContent).toBe(formatDate(FILED_AT + 3_600_000));
    expect(within(thread).getByText('To be resolved by').nextElementSibling?.textContent).toBe(formatDate(FILED_AT + 30 * 86_400_000));
    expect(within(thread).getByText('About').nextElementSibling?.textContent).toBe('A product (misprint, damage), order LT-20261122-000001');
    // No staff-only facts for the customer.
    expect(within(thread).queryByText('Assigned to')).toBeNull();
  });

  it('opens the ticket the address names and flags an overdue one', async () => {
    mockApi((_m, path) => (path === '/api/support/tickets' ? ok([ticket(2), ticket(1, { overdue: true })]) : undefined));
    renderSupport('/account/support?ticket=t1');
    const thread = await screen.findByRole('article', { name: 'Ticket GRV/26-27/000001' });
    expect(within(thread).getByText('Overdue')).toBeTruthy();
    expect(within(thread).getByText('To be acknowledged by').nextElementSibling?.textContent).toBe(formatDate(FILED_AT + 48 * 3_600_000));
    expect(screen.getByRole('link', { name: /GRV\/26-27\/000001/ }).getAttribute('aria-current')).toBe('true');
  });

  it('sends a reply (an empty one is named first) and shows the thread as the server answers', async () => {
    const sent: unknown[] = [];
    const resolved = ticket(1, { status: 'resolved', resolution: 'Reprinted and shipped.', resolvedAt: FILED_AT + 86_400_000 });
    const reopened = ticket(1, {
      status: 'open',
      messages: [...resolved.messages, { id: 'm9', author: 'customer', authorName: 'Asha Verma', body: 'One shirt is still missing.', createdAt: FILED_AT + 2 * 86_400_000 }],
    });
    mockApi(async (method, path, _url, request) => {
      if (method === 'GET' && path === '/api/support/tickets') return ok([sent.length ? reopened : resolved]);
      if (method === 'POST' && path === '/api/support/tickets/t1/replies') {
        sent.push(await request.json());
        return ok(reopened);
      }
      return undefined;
    });
    renderSupport();
    const thread = await screen.findByRole('article', { name: 'Ticket GRV/26-27/000001' });
    expect(within(thread).getByText('Reprinted and shipped.')).toBeTruthy();
    expect(within(thread).getByText('Replying reopens this ticket.')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(thread).getByRole('button', { name: 'Send reply' }));
    expect(within(thread).getByRole('alert').textContent).toBe('Please write your reply');
    expect(sent).toEqual([]);

    await user.type(within(thread).getByLabelText('Your reply', { selector: 'textarea' }), '  One shirt is still missing. ');
    await user.click(within(thread).getByRole('button', { name: 'Send reply' }));
    expect(await within(thread).findByText('One shirt is still missing.')).toBeTruthy();
    expect(sent).toEqual([{ message: 'One shirt is still missing.' }]);
    expect(within(thread).getByText('Received', { selector: '.ticket-chip' })).toBeTruthy();
    expect((within(thread).getByLabelText('Your reply', { selector: 'textarea' }) as HTMLTextAreaElement).value).toBe('');
  });

  it('keeps the reply and shows the server’s reason when it refuses', async () => {
    mockApi((method, path) => {
      if (method === 'GET' && path === '/api/support/tickets') return ok([ticket(1)]);
      if (method === 'POST') return fail(429, 'Too many messages: please wait a minute');
      return undefined;
    });
    renderSupport();
    const thread = await screen.findByRole('article', { name: 'Ticket GRV/26-27/000001' });
    const user = userEvent.setup();
    await user.type(within(thread).getByLabelText('Your reply', { selector: 'textarea' }), 'Any news?');
    await user.click(within(thread).getByRole('button', { name: 'Send reply' }));
    expect((await within(thread).findByRole('alert')).textContent).toBe('Too many messages: please wait a minute');
    expect((within(thread).getByLabelText('Your reply', { selector: 'textarea' }) as HTMLTextAreaElement).value).toBe('Any news?');
  });

  it('says when there are no tickets, and how to raise one', async () => {
    mockApi((_m, path) => (path === '/api/support/tickets' ? ok([]) : undefined));
    renderSupport();
    expect(await screen.findByRole('heading', { name: 'No Tickets Yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact us' }).getAttribute('href')).toBe('/contact');
    expect(screen.getByRole('link', { name: 'My Orders' }).getAttribute('href')).toBe('/user/orders');
  });

  it('offers to try again when the tickets cannot be fetched', async () => {
    let calls = 0;
    mockApi((_m, path) => (path === '/api/support/tickets' ? (++calls === 1 ? fail(500, 'Something went wrong') : ok([ticket(1)])) : undefined));
    renderSupport();
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Ticket GRV/26-27/000001' })).toBeTruthy();
  });
});
