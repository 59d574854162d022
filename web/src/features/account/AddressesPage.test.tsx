import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, ok, renderRoutes, signedIn } from '../../test/testkit';
import type { Address } from '../../api/addresses';
import AddressesPage from './AddressesPage';

const HOME: Address = { _id: 'a1', type: 'home', street: '12 Janpath', city: 'New Delhi', state: 'Delhi', zipCode: '110001', country: 'India', phone: '', isDefault: true };
const WORK: Address = { _id: 'a2', type: 'work', street: '1 MG Road', city: 'Bengaluru', state: 'Karnataka', zipCode: '560001', country: 'India', phone: '9876543210', isDefault: false };

/** The addresses API over an in-memory list; the requests are kept. */
function addressApi(start: Address[], override?: (method: string, path: string) => ReturnType<typeof ok> | undefined) {
  let list = [...start];
  const seen: { method: string; path: string; body?: unknown }[] = [];
  mockApi(async (method, path, _url, request) => {
    if (path === '/api/pincode/560034') return ok({ pincode: '560034', district: 'Bangalore', state: 'Karnataka', city: 'Bengaluru' });
    if (!path.startsWith('/api/users/addresses')) return undefined;
    const body = method === 'POST' || method === 'PUT' ? await request.json().catch(() => undefined) : undefined;
    seen.push({ method, path, body });
    const own = override?.(method, path);
    if (own) return own;
    const id = path.split('/')[4];
    if (method === 'GET') return ok(list);
    if (method === 'POST') list = [...list, { ...(body as Omit<Address, '_id'>), _id: 'a3' }];
    if (method === 'DELETE') list = list.filter((a) => a._id !== id);
    if (method === 'PUT' && path.endsWith('/default')) list = list.map((a) => ({ ...a, isDefault: a._id === id }));
    return ok(list);
  });
  return seen;
}

const render = () => {
  signedIn();
  return renderRoutes([{ path: '/user/addresses', element: <AddressesPage /> }], '/user/addresses');
};
const dialog = () => within(screen.getByRole('dialog'));

describe('AddressesPage', () => {
  it('refuses a form with missing fields, fills city and state from the pincode and adds the address (India by default)', async () => {
    const seen = addressApi([HOME]);
    render();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Add New Address' }));
    expect((dialog().getByLabelText('Country') as HTMLInputElement).value).toBe('India');
    await u.click(dialog().getByRole('button', { name: 'Add Address' }));
    expect(dialog().getByRole('alert').textContent).toBe('Please fill in all required fields');
    expect(seen.filter((r) => r.method === 'POST')).toHaveLength(0);

    await u.selectOptions(dialog().getByLabelText('Address type'), 'work');
    await u.type(dialog().getByLabelText(/^Street address/), '80 Feet Road, Koramangala');
    fireEvent.change(dialog().getByLabelText(/^Pincode/), { target: { value: '560034' } });
    await waitFor(() => expect((dialog().getByLabelText(/^City/) as HTMLInputElement).value).toBe('Bengaluru'), { timeout: 2000 });
    expect((dialog().getByLabelText(/^State/) as HTMLInputElement).value).toBe('Karnataka');
    await u.click(dialog().getByRole('button', { name: 'Add Address' }));

    expect(await screen.findByText('Address added successfully!')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({
      type: 'work',
      street: '80 Feet Road, Koramangala',
      zipCode: '560034',
      city: 'Bengaluru',
      state: 'Karnataka',
      country: 'India',
      phone: '',
      isDefault: false,
    });
    expect(screen.getAllByTestId('address-card')).toHaveLength(2);
  });

  it('asks before deleting, and deletes only after Delete', async () => {
    const seen = addressApi([HOME, WORK]);
    render();
    const u = userEvent.setup();
    const work = (await screen.findAllByTestId('address-card'))[1];
    await u.click(within(work).getByRole('button', { name: 'Delete' }));
    expect(dialog().getByText('Are you sure you want to delete this address?')).toBeTruthy();
    await u.click(dialog().getByRole('button', { name: 'Cancel' }));
    expect(seen.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    expect(screen.getAllByTestId('address-card')).toHaveLength(2);

    await u.click(within(work).getByRole('button', { name: 'Delete' }));
    await u.click(dialog().getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Address deleted successfully!')).toBeTruthy();
    expect(seen.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/users/addresses/a2']);
    expect(screen.getAllByTestId('address-card')).toHaveLength(1);
  });

  it('edits an address and makes another the default', async () => {
    const seen = addressApi([HOME, WORK]);
    render();
    const u = userEvent.setup();
    const [home, work] = await screen.findAllByTestId('address-card');
    expect(within(home).getByText('Default')).toBeTruthy();
    expect(within(home).queryByRole('button', { name: 'Set as Default' })).toBeNull();

    await u.click(within(home).getByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('dialog', { name: 'Edit Address' })).toBeTruthy();
    const street = dialog().getByLabelText(/^Street address/) as HTMLInputElement;
    expect(street.value).toBe('12 Janpath');
    await u.clear(street);
    await u.type(street, '14 Janpath');
    await u.click(dialog().getByRole('button', { name: 'Save Address' }));
    expect(await screen.findByText('Address updated successfully!')).toBeTruthy();
    expect(seen.find((r) => r.method === 'PUT')).toMatchObject({ path: '/api/users/addresses/a1', body: { street: '14 Janpath' } });

    await u.click(within(work).getByRole('button', { name: 'Set as Default' }));
    expect(await screen.findByText('Default address updated successfully!')).toBeTruthy();
    expect(seen.at(-1)).toMatchObject({ method: 'PUT', path: '/api/users/addresses/a2/default' });
    const cards = screen.getAllByTestId('address-card');
    expect(within(cards[1]).getByText('Default')).toBeTruthy();
  });

  it("shows the server's message for a refused address and the fallbacks otherwise", async () => {
    addressApi([HOME, WORK], (method, path) => {
      if (method === 'PUT' && path.endsWith('/a1')) return fail(400, 'Please enter a valid 10-digit mobile number');
      if (method === 'DELETE') return fail(500, 'Internal error');
      return undefined;
    });
    render();
    const u = userEvent.setup();
    const [home, work] = await screen.findAllByTestId('address-card');
    await u.click(within(home).getByRole('button', { name: 'Edit' }));
    await u.click(dialog().getByRole('button', { name: 'Save Address' }));
    expect((await dialog().findByRole('alert')).textContent).toBe('Please enter a valid 10-digit mobile number');
    await u.click(dialog().getByRole('button', { name: 'Cancel' }));

    await u.click(within(work).getByRole('button', { name: 'Delete' }));
    await u.click(dialog().getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete address')).toBeTruthy();
  });

  it("says 'Failed to fetch addresses' with Try Again", async () => {
    signedIn();
    mockApi(() => fail(500, 'Internal error'));
    renderRoutes([{ path: '/user/addresses', element: <AddressesPage /> }], '/user/addresses');
    expect(await screen.findByText('Failed to fetch addresses')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
