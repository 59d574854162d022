// The ticket lookup in Hindi: the page and its form read Hindi, and a missing e-mail is asked for in Hindi.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inHindi, mockApi, renderRoutes } from '../../test/testkit';
import TicketLookupPage from './TicketLookupPage';

describe('the ticket lookup in Hindi', () => {
  it('shows the page and asks for the e-mail in Hindi', async () => {
    await inHindi();
    mockApi(() => undefined);
    const { container } = renderRoutes([{ path: '/support/lookup', element: <TicketLookupPage /> }], '/support/lookup?number=GRV%2F26-27%2F000001');
    expect(await screen.findByRole('heading', { name: 'सहायता टिकट ट्रैक करें' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'हमें लिखें' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'टिकट खोजें' }));
    expect(await screen.findByText('कृपया वह ई-मेल पता डालें जिससे आपने लिखा था')).toBeTruthy();
    expect((container.querySelector('.page-head')!.textContent!.match(/[A-Za-z]{3,}/g) ?? [])).toEqual([]);
  });
});
