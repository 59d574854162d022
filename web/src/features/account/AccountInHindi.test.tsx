// The customer's account pages in Hindi: the menu and dashboard, the saved addresses (with the form) and the
// support page read Hindi, with no English word of the pages left (the customer's own data aside).
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inHindi, mockApi, ok, renderRoutes, signedIn } from '../../test/testkit';
import { saidAsStatus } from '../../test/englishLeft';
import type { Address } from '../../api/addresses';
import AccountLayout from './AccountLayout';
import DashboardPage from './DashboardPage';
import AddressesPage from './AddressesPage';
import SupportPage from './SupportPage';
import ChangePasswordForm from './ChangePasswordForm';

const HOME: Address = { _id: 'a1', type: 'home', street: '12 Janpath', city: 'New Delhi', state: 'Delhi', zipCode: '110001', country: 'India', phone: '9876543210', isDefault: true };
/** Latin words of three letters or more in the page's texts (each text node apart), except the data's. */
function englishLeft(root: HTMLElement, data: string[] = []): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) texts.push(walker.currentNode.textContent ?? '');
  return (texts.join(' ').match(/[A-Za-z]{3,}/g) ?? []).filter((w) => !data.includes(w));
}

describe('the account pages in Hindi', () => {
  it('shows the menu and the dashboard in Hindi', async () => {
    await inHindi();
    signedIn({ name: 'Asha Verma' });
    mockApi(() => undefined);
    const { container } = renderRoutes([{ path: '/user', element: <AccountLayout />, children: [{ index: true, element: <DashboardPage /> }] }], '/user');
    expect(await screen.findByRole('heading', { level: 1, name: 'फिर से स्वागत है, Asha Verma!' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'पते सँभालें' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'मेरा खाता' })).toBeTruthy();
    expect(englishLeft(container, ['Asha', 'Verma'])).toEqual([]);
  });

  it('shows the saved addresses and the address form in Hindi', async () => {
    await inHindi();
    signedIn();
    mockApi((_m, path) => (path === '/api/users/addresses' ? ok([HOME]) : undefined));
    const { container } = renderRoutes([{ path: '/user/addresses', element: <AddressesPage /> }], '/user/addresses');
    expect((await screen.findByText('डिफ़ॉल्ट')).closest('h2')?.textContent).toBe('घरडिफ़ॉल्ट');
    expect(screen.getByText('फ़ोन: 9876543210', { exact: false })).toBeTruthy();
    const data = ['Janpath', 'New', 'Delhi', 'India'];
    expect(englishLeft(container, data)).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'नया पता जोड़ें' }));
    const dialog = await screen.findByRole('dialog');
    expect(screen.getByLabelText('पते का प्रकार')).toBeTruthy();
    expect(englishLeft(dialog, data)).toEqual([]);
  });

  it('shows the support page with no tickets in Hindi', async () => {
    await inHindi();
    signedIn();
    mockApi((_m, path) => (path === '/api/support/tickets' ? ok([]) : undefined));
    const { container } = renderRoutes([{ path: '/account/support', element: <SupportPage /> }], '/account/support');
    expect(await screen.findByRole('heading', { name: 'अभी कोई टिकट नहीं' })).toBeTruthy();
    expect(englishLeft(container.querySelector('section')!)).toEqual([]);
  });

  it('says a changed password in Hindi, though the server says it in English', async () => {
    await inHindi();
    signedIn();
    mockApi((_m, path) => (path === '/api/auth/change-password' ? ok(true, 'Password changed') : undefined));
    const { container } = renderRoutes([{ path: '/user/profile', element: <ChangePasswordForm /> }], '/user/profile');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText('मौजूदा पासवर्ड'), 'correct horse');
    await u.type(screen.getByLabelText('नया पासवर्ड'), 'correct horse battery');
    await u.type(screen.getByLabelText('नया पासवर्ड दोबारा लिखें'), 'correct horse battery');
    await u.click(screen.getByRole('button', { name: 'पासवर्ड बदलें' }));
    expect(await saidAsStatus(container, 'पासवर्ड बदल दिया गया')).toEqual({ status: true, english: [] });
  });
});
