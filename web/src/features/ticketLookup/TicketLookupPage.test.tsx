import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, ok, renderRoutes, supportTicket } from '../../test/testkit';
import TicketLookupPage from './TicketLookupPage';

const NOT_FOUND = 'No ticket matches that number and e-mail';

describe('the ticket lookup', () => {
  it('takes the number from the link, asks for the e-mail, says the one not-found message, then shows the thread', async () => {
    const asked: string[] = [];
    mockApi((_m, path, url) => {
      if (path !== '/api/support/tickets/lookup') return undefined;
      asked.push(url.search);
      if (url.searchParams.get('email') !== 'asha@example.com') return fail(404, NOT_FOUND);
      return ok(
        supportTicket({
          status: 'acknowledged',
          orderNumber: 'LT-20261122-000001',
          acknowledgedAt: Date.UTC(2026, 11, 4, 5),
          messages: [
            supportTicket().messages[0],
            { id: 'm2', author: 'staff', authorName: 'Meera', body: 'Sorry! We are reprinting both.', createdAt: Date.UTC(2026, 11, 4, 5) },
          ],
        }),
      );
    });
    renderRoutes([{ path: '/support/lookup', element: <TicketLookupPage /> }], '/support/lookup?number=GRV%2F26-27%2F000042');
    expect(document.title).toBe('Track a support ticket · Legacy Threads');
    expect((screen.getByLabelText('Ticket number') as HTMLInputElement).value).toBe('GRV/26-27/000042');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Find ticket' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter the e-mail address you wrote from');
    expect(asked).toEqual([]);

    await user.type(screen.getByLabelText('E-mail address'), 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Find ticket' }));
    expect((await screen.findByRole('alert')).textContent).toBe(NOT_FOUND);

    await user.clear(screen.getByLabelText('E-mail address'));
    await user.type(screen.getByLabelText('E-mail address'), ' asha@example.com ');
    await user.click(screen.getByRole('button', { name: 'Find ticket' }));
    expect(await screen.findByRole('heading', { name: 'Ticket GRV/26-27/000042' })).toBeTruthy();
    expect(asked.at(-1)).toBe('?number=GRV%2F26-27%2F000042&email=asha%40example.com');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Acknowledged', { selector: '.ticket-chip' })).toBeTruthy();
    expect(screen.getByText('To be resolved by')).toBeTruthy();
    expect(screen.getByText('A product (misprint, damage), order LT-20261122-000001')).toBeTruthy();
    const messages = within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('listitem');
    expect(messages.map((m) => m.querySelector('.ticket-message-body')?.textContent)).toEqual(['The logo is smudged on 2 shirts.', 'Sorry! We are reprinting both.']);
    expect(messages[1].textContent).toContain('Meera (Legacy Threads)');
  });
});
