import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, ok, renderRoutes, signedIn, type FakeResponse } from '../../test/testkit';
import { group, groupDesign, groupRow, GROUP_ID, GROUP_TOKEN, productAnswer } from '../../test/groupFixtures';
import type { GroupOrder } from '../../api/groupOrders';
import GroupOrderPage from './GroupOrderPage';

const BELOW_MINIMUM = 'Minimum quantity requirement not met. You need 22 more items to reach the minimum of 25 per color.';

/** The organiser's API over one group; requests are kept, `answer` may override one. */
function groupApi(start: GroupOrder, answer?: (method: string, path: string, body: unknown) => FakeResponse | undefined) {
  let current = start;
  const seen: { method: string; path: string; body?: unknown }[] = [];
  mockApi(async (method, path, _url, request) => {
    if (!path.startsWith(`/api/group-orders/${GROUP_ID}`)) return productAnswer(path);
    const body = method === 'POST' || method === 'PUT' ? await request.json().catch(() => undefined) : undefined;
    seen.push({ method, path, body });
    const own = answer?.(method, path, body);
    if (own) return own;
    if (method === 'DELETE') current = { ...current, rows: current.rows.filter((r) => !path.endsWith(r._id)) };
    if (path.endsWith('/cancel')) current = { ...current, status: 'cancelled' };
    if (path.endsWith('/close')) current = { ...current, status: 'closed' };
    if (method === 'PUT') current = { ...current, ...(body as object) };
    if (path.endsWith('/rows') && method === 'POST') current = { ...current, rows: [...current.rows, groupRow(current.rows.length + 1, { ...(body as object), topUp: true })] };
    return ok(current);
  });
  return seen;
}

const render = () => {
  signedIn();
  return renderRoutes([{ path: '/account/group-orders/:id', element: <GroupOrderPage /> }], `/account/group-orders/${GROUP_ID}`);
};
const u = () => userEvent.setup();

describe('GroupOrderPage', () => {
  it('shows the link, the progress in the server’s figures, the sizes, the total and the roster', async () => {
    groupApi(group());
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Chess Club 2026' })).toBeTruthy();
    expect((screen.getByLabelText('Link for your group') as HTMLInputElement).value).toBe(`${location.origin}/g/${GROUP_TOKEN}`);
    expect(screen.getByTestId('group-pieces').textContent).toBe('3 pieces so far');
    expect(screen.getByTestId('group-need-more').textContent).toBe('22 more pieces needed to reach the minimum of 25.');
    const bar = screen.getByRole('progressbar', { name: 'Pieces towards the minimum of 25' }) as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([3, 25]);
    // Every size of the product, in its order.
    await waitFor(() => expect(screen.getByTestId('group-sizes').textContent).toBe('S 0M 2L 1XL 0XXL 03XL 0'));
    expect(screen.getByTestId('group-total').textContent).toBe('₹897.00');
    const rows = screen.getAllByTestId('group-row');
    expect(rows.map((r) => within(r).getAllByRole('cell').slice(0, 2).map((c) => c.textContent))).toEqual([
      ['Member 1', 'M'],
      ['Member 2', 'L'],
      ['Asha Verma (top-up)', 'XL'],
    ]);
    // A design without names prints no name or number columns.
    expect(screen.queryByRole('columnheader', { name: 'Name' })).toBeNull();
  });

  it('copies the link', async () => {
    groupApi(group());
    const user = u();
    render();
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(`${location.origin}/g/${GROUP_TOKEN}`);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();
  });

  it('removes a row after asking, and shows names and numbers for a design that prints them', async () => {
    const team = group({ personalisation: true, design: groupDesign(true), rows: [groupRow(1, { name: 'RAVI', number: '7' }), groupRow(2, { name: 'MEERA', number: '10' })] });
    const seen = groupApi(team);
    const user = u();
    render();
    expect(await screen.findByRole('columnheader', { name: 'Name' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Number' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove Member 1’s piece (M RAVI 7)' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Remove piece' }));
    expect(dialog.getByText('They will get an e-mail saying so.')).toBeTruthy();
    // Escape keeps the row.
    await user.keyboard('{Escape}');
    expect(seen.filter((r) => r.method === 'DELETE')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove Member 1’s piece (M RAVI 7)' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Member 1’s piece was removed.')).toBeTruthy();
    expect(seen.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`/api/group-orders/${GROUP_ID}/rows/r1`]);
    expect(screen.getAllByTestId('group-row')).toHaveLength(1);
  });

  it('tops up several pieces of one size, one call each', async () => {
    const seen = groupApi(group());
    const user = u();
    render();
    await screen.findByRole('option', { name: 'XL' });
    await user.selectOptions(screen.getByLabelText('Size'), 'XL');
    const count = screen.getByLabelText('How many') as HTMLInputElement;
    expect(count.value).toBe('22');
    await user.clear(count);
    await user.type(count, '3');
    await user.click(screen.getByRole('button', { name: 'Add pieces' }));
    expect(await screen.findByText('Added 3 pieces in XL.')).toBeTruthy();
    expect(seen.filter((r) => r.path.endsWith('/rows')).map((r) => r.body)).toEqual([{ size: 'XL' }, { size: 'XL' }, { size: 'XL' }]);
  });

  it('tops up a named piece, one at a time, and shows the server’s refusal', async () => {
    const seen = groupApi(group({ personalisation: true, design: groupDesign(true) }), (method, path, body) =>
      method === 'POST' && path.endsWith('/rows') && (body as { name?: string }).name === 'R2D2'
        ? { status: 400, body: { success: false, message: 'A name can only have letters A to Z.', code: 'ROSTER_NAME' } }
        : undefined,
    );
    const user = u();
    render();
    await screen.findByRole('option', { name: 'M' });
    await user.selectOptions(screen.getByLabelText('Size'), 'M');
    expect(screen.queryByLabelText('Pieces')).toBeNull();
    await user.type(screen.getByLabelText('Name on the shirt'), 'R2D2');
    await user.type(screen.getByLabelText('Number'), '9');
    await user.click(screen.getByRole('button', { name: 'Add piece' }));
    expect(await screen.findByText('A name can only have letters A to Z.')).toBeTruthy();
    const name = screen.getByLabelText('Name on the shirt');
    await user.clear(name);
    await user.type(name, 'RAVI');
    await user.click(screen.getByRole('button', { name: 'Add piece' }));
    expect(await screen.findByText('Added 1 piece in M.')).toBeTruthy();
    expect(seen.filter((r) => r.path.endsWith('/rows')).map((r) => r.body)).toEqual([
      { size: 'M', name: 'R2D2', number: '9' },
      { size: 'M', name: 'RAVI', number: '9' },
    ]);
    // The next piece starts with an empty name and number, the size kept.
    expect((screen.getByLabelText('Name on the shirt') as HTMLInputElement).value).toBe('');
  });

  it('closes and goes to the cart; below the minimum shows the engine’s message and stays', async () => {
    let below = true;
    const seen = groupApi(group(), (_m, path) => (path.endsWith('/close') && below ? { status: 400, body: { success: false, message: BELOW_MINIMUM, code: 'BELOW_MINIMUM' } } : undefined));
    const user = u();
    render();
    expect((await screen.findByText(/Closing needs the minimum/)).id).toBe('close-note');
    await user.click(screen.getByRole('button', { name: 'Close and pay' }));
    expect(await screen.findByText(BELOW_MINIMUM)).toBeTruthy();
    below = false;
    await user.click(screen.getByRole('button', { name: 'Close and pay' }));
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/cart'));
    expect(seen.filter((r) => r.path.endsWith('/close'))).toHaveLength(2);
  });

  it('cancels after asking (the safe button has the focus)', async () => {
    const seen = groupApi(group());
    const user = u();
    render();
    await user.click(await screen.findByRole('button', { name: 'Cancel group order' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Cancel group order' }));
    expect(document.activeElement?.textContent).toBe('Keep it');
    await user.click(dialog.getByRole('button', { name: 'Cancel group order' }));
    expect(await screen.findByText('The group order is cancelled; its members were told.')).toBeTruthy();
    expect(seen.filter((r) => r.path.endsWith('/cancel'))).toHaveLength(1);
    // Cancelled: no link, no top-up, no close.
    expect(screen.queryByLabelText('Link for your group')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close and pay' })).toBeNull();
  });

  it('extends a passed deadline with the title as it is', async () => {
    const seen = groupApi(group({ deadlinePassed: true, deadline: Date.now() - 1000 }));
    const user = u();
    render();
    expect(await screen.findByText(/The deadline has passed/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Extend deadline' }));
    const day = screen.getByLabelText('New deadline (the end of this day)') as HTMLInputElement;
    await user.clear(day);
    await user.type(day, '2030-01-15');
    await user.click(screen.getByRole('button', { name: 'Save deadline' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = seen.find((r) => r.method === 'PUT')!;
    expect(put.body).toEqual({ title: 'Chess Club 2026', deadline: new Date(2030, 0, 15, 23, 59).getTime() });
  });

  it('says a placed group’s order is paid, with nothing left to change', async () => {
    groupApi(group({ status: 'placed' }));
    render();
    expect(await screen.findByText(/This group order is placed: its order is paid/)).toBeTruthy();
    expect(screen.getByText('Group order · Placed: paid')).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: /^Remove / })).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Close and pay' })).toBeNull();
  });

  it('says when the group is not there', async () => {
    mockApi(() => fail(404, 'Group order not found'));
    render();
    expect(await screen.findByRole('heading', { name: 'Group order not found' })).toBeTruthy();
  });
});
