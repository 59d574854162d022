import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockApi, renderRoutes, signedIn } from '../../test/testkit';
import AccountLayout from './AccountLayout';
import DashboardPage from './DashboardPage';

const routes = [{ path: '/user', element: <AccountLayout />, children: [{ index: true, element: <DashboardPage /> }] }];

describe('DashboardPage', () => {
  it('greets the user by name, with a card and button for each part of the account', async () => {
    signedIn({ name: 'Asha Verma' });
    mockApi(() => undefined);
    renderRoutes(routes, '/user');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Welcome back, Asha Verma!');
    const links = { 'View Orders': '/user/orders', 'View Designs': '/user/saved-designs', 'Edit Profile': '/user/profile', 'Manage Addresses': '/user/addresses', 'View Tickets': '/account/support' };
    for (const [name, href] of Object.entries(links)) expect(screen.getByRole('link', { name }).getAttribute('href')).toBe(href);
    for (const title of ['My Orders', 'Saved Designs', 'Profile', 'Addresses', 'Support']) expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    // The side menu.
    const menu = screen.getByRole('navigation', { name: 'My Account' });
    expect([...menu.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Orders', '/user/orders'],
      ['Saved Designs', '/user/saved-designs'],
      ['Quotes', '/user/quotes'],
      ['Group Orders', '/account/group-orders'],
      ['Profile', '/user/profile'],
      ['Addresses', '/user/addresses'],
      ['Support', '/account/support'],
      ['Back to Home', '/'],
    ]);
  });

  it("says 'User' when there is no name", async () => {
    signedIn({ name: '' });
    mockApi(() => undefined);
    renderRoutes(routes, '/user');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Welcome back, User!');
  });
});
