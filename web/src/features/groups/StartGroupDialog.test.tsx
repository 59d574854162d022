import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, ok, renderRoutes, signedIn } from '../../test/testkit';
import { group, groupDesign } from '../../test/groupFixtures';
import type { SavedDesign } from '../../api/designs';
import { StartGroupDialog } from './StartGroupDialog';

function saved(team: boolean): SavedDesign {
  return {
    _id: 'd'.repeat(24),
    name: 'Club tee',
    productId: 'p1',
    productName: 'T-Shirt Normal',
    color: 'white',
    version: 1,
    design: groupDesign(team),
    price: 29900,
    quantity: { s: 0, m: 0, l: 0, xl: 0, xxl: 0 },
    itemCount: 0,
    elements: 1,
    designFee: 0,
    lineTotal: 0,
    printAreas: ['Back'],
    materialQuality: 'Premium',
    printQuality: 'High',
    needMore: 25,
    thumbnailUrl: '/api/designs/x/thumbnail',
    createdAt: 1,
    updatedAt: 1,
  };
}

function render(team: boolean) {
  signedIn();
  return renderRoutes(
    [
      { path: '/user/saved-designs', element: <StartGroupDialog design={saved(team)} onClose={() => {}} /> },
      { path: '/account/group-orders/:id', element: <p data-testid="path">organiser page</p> },
    ],
    '/user/saved-designs',
  );
}

describe('StartGroupDialog', () => {
  it.each([false, true])('starts a group (personalised: %s, from the design) that the organiser pays, and opens its page', async (team) => {
    const bodies: unknown[] = [];
    mockApi(async (method, path, _url, request) => {
      if (method !== 'POST' || path !== '/api/group-orders') return undefined;
      bodies.push(await request.json());
      return ok(group());
    });
    const user = userEvent.setup();
    render(team);
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Club tee');
    expect((screen.getByLabelText('I pay for everyone') as HTMLInputElement).checked).toBe(true);
    const members = screen.getByLabelText('Each member pays for their own piece') as HTMLInputElement;
    expect(members.checked).toBe(false);
    expect(members.getAttribute('aria-describedby')).toBe('members-pay-note');
    // The organiser pays: no address asked for here (checkout asks for it).
    expect(screen.queryByRole('group', { name: 'Ship every piece to' })).toBeNull();
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Chess Club 2026');
    const day = screen.getByLabelText(/^Deadline/) as HTMLInputElement;
    await user.clear(day);
    await user.type(day, '2030-03-01');
    // One piece each unless the organiser allows more (here the team's parents order for two).
    const pieces = screen.getByLabelText('Pieces each member may add') as HTMLSelectElement;
    expect(pieces.value).toBe('1');
    expect(Array.from(pieces.options, (o) => o.value)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    if (team) await user.selectOptions(pieces, '2');
    await user.click(screen.getByRole('button', { name: 'Start group order' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('organiser page'));
    expect(bodies).toEqual([{ designId: 'd'.repeat(24), title: 'Chess Club 2026', deadline: new Date(2030, 2, 1, 23, 59).getTime(), payment: 'organiser', personalisation: team, piecesPerMember: team ? 2 : 1 }]);
  });

  it('members paying: asks where every piece ships (checkout’s fields and messages), and sends it as shipTo', async () => {
    const bodies: unknown[] = [];
    mockApi(async (method, path, _url, request) => {
      if (path === '/api/pincode/110001') return ok({ pincode: '110001', district: 'New Delhi', state: 'Delhi', city: 'New Delhi' });
      if (method !== 'POST' || path !== '/api/group-orders') return undefined;
      bodies.push(await request.json());
      return ok(group({ payment: 'members' }));
    });
    const user = userEvent.setup();
    render(false);
    await user.click(screen.getByLabelText('Each member pays for their own piece'));
    const shipTo = within(screen.getByRole('group', { name: 'Ship every piece to' }));
    // The contact fields start from the signed-in organiser.
    expect((shipTo.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('asha@example.com');
    expect((shipTo.getByLabelText(/^Full name/) as HTMLInputElement).value).toBe('Asha Verma');
    await user.click(screen.getByRole('button', { name: 'Start group order' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please fill in all required shipping fields');
    expect(shipTo.getAllByText('This field is required')).toHaveLength(5);
    expect(bodies).toHaveLength(0);

    await user.type(shipTo.getByLabelText(/^Phone number/), '98765 43210');
    await user.type(shipTo.getByLabelText(/^Address line 1/), '12 Janpath');
    fireEvent.change(shipTo.getByLabelText(/^Pincode/), { target: { value: '110001' } });
    // City and state come from the pincode, as at checkout.
    await waitFor(() => expect((shipTo.getByLabelText(/^City/) as HTMLInputElement).value).toBe('New Delhi'), { timeout: 2000 });
    await user.click(screen.getByRole('button', { name: 'Start group order' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('organiser page'));
    expect(bodies).toEqual([
      {
        designId: 'd'.repeat(24),
        title: 'Club tee',
        deadline: expect.any(Number),
        payment: 'members',
        personalisation: false,
        piecesPerMember: 1,
        shipTo: { email: 'asha@example.com', fullName: 'Asha Verma', phone: '9876543210', addressLine1: '12 Janpath', city: 'New Delhi', state: 'Delhi', zipCode: '110001', country: 'India' },
      },
    ]);
  });

  it('members paying: a saved address fills the ship-to address', async () => {
    const saved = { _id: 'addr1', type: 'home', street: '4 MG Road', city: 'Bengaluru', state: 'Karnataka', zipCode: '560001', country: 'India', isDefault: true, phone: '9876500000' };
    mockApi((_method, path) => (path === '/api/users/addresses' ? ok([saved]) : path.startsWith('/api/pincode/') ? fail(404, 'x') : undefined));
    const user = userEvent.setup();
    render(false);
    await user.click(screen.getByLabelText('Each member pays for their own piece'));
    const shipTo = within(screen.getByRole('group', { name: 'Ship every piece to' }));
    await waitFor(() => expect((shipTo.getByLabelText(/^Address line 1/) as HTMLInputElement).value).toBe('4 MG Road'));
    expect((shipTo.getByLabelText('Saved address') as HTMLSelectElement).value).toBe('addr1');
    expect((shipTo.getByLabelText(/^Phone number/) as HTMLInputElement).value).toBe('9876500000');
  });

  it('shows the server’s refusal and stays open', async () => {
    mockApi((method, path) => (method === 'POST' && path === '/api/group-orders' ? { status: 400, body: { success: false, message: 'Please choose a deadline in the future, at most 90 days from now.', code: 'GROUP_DEADLINE' } } : undefined));
    const user = userEvent.setup();
    render(false);
    await user.click(screen.getByRole('button', { name: 'Start group order' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please choose a deadline in the future, at most 90 days from now.');
    expect(screen.getByRole('dialog', { name: 'Start a group order' })).toBeTruthy();
  });
});
