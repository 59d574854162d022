import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, ok, renderRoutes, signedIn } from '../../test/testkit';
import { group, groupDesign } from '../../test/groupFixtures';
import type { SavedDesign } from '../../api/designs';
import { MEMBERS_PAY_NOTE, StartGroupDialog } from './StartGroupDialog';

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
    expect(members.disabled).toBe(true);
    expect(members.getAttribute('aria-describedby')).toBe('members-pay-note');
    expect(screen.getByText(MEMBERS_PAY_NOTE)).toBeTruthy();
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'Chess Club 2026');
    const day = screen.getByLabelText(/^Deadline/) as HTMLInputElement;
    await user.clear(day);
    await user.type(day, '2030-03-01');
    await user.click(screen.getByRole('button', { name: 'Start group order' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('organiser page'));
    expect(bodies).toEqual([{ designId: 'd'.repeat(24), title: 'Chess Club 2026', deadline: new Date(2030, 2, 1, 23, 59).getTime(), payment: 'organiser', personalisation: team }]);
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
