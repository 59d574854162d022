import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, ok, renderRoutes, signedIn, type FakeResponse } from '../../test/testkit';
import { FakePieces, groupDesign, GROUP_TOKEN, myPieces, productAnswer, publicGroup } from '../../test/groupFixtures';
import type { GroupRowRequest, MyGroupPieces, PublicGroupOrder } from '../../api/groupOrders';
import { translate } from '../../lib/i18n';
import GroupLinkPage from './GroupLinkPage';

const LINK_NOT_VALID = translate('en', 'groups.linkNotValid');
const GROUP_CLOSED = translate('en', 'groups.closed');
const GROUP_CANCELLED = translate('en', 'groups.cancelled');
const GROUP_DEADLINE_PASSED = translate('en', 'groups.deadlinePassed');

const base = `/api/group-orders/by-token/${GROUP_TOKEN}`;

/** The link's API: the public view and the member's own pieces (null: not joined); requests are kept. */
function linkApi(view: PublicGroupOrder, start: MyGroupPieces | null, answer?: (method: string, path: string, body: unknown) => FakeResponse | undefined) {
  const mine = new FakePieces(start);
  const seen: { method: string; path: string; body?: unknown }[] = [];
  mockApi(async (method, path, _url, request) => {
    if (!path.startsWith(base)) return productAnswer(path);
    const body = method === 'POST' || method === 'PUT' ? await request.json().catch(() => undefined) : undefined;
    seen.push({ method, path, body });
    const own = answer?.(method, path, body);
    if (own) return own;
    if (path === base) return ok(view);
    const piece = path.match(/\/rows\/mine\/(\w+)$/)?.[1];
    if (method === 'DELETE') {
      mine.remove(piece);
      return ok(view);
    }
    if (method === 'POST') return ok(mine.add(body as GroupRowRequest, { piecesPerMember: view.piecesPerMember }));
    if (method === 'PUT') return ok(mine.change(piece!, body as GroupRowRequest));
    return mine.mine ? ok(mine.mine) : fail(404, 'You have not joined this group order');
  });
  return seen;
}

const render = () => renderRoutes([{ path: '/g/:token', element: <GroupLinkPage /> }], `/g/${GROUP_TOKEN}`);

describe('GroupLinkPage', () => {
  it('shows a visitor the group (title, organiser, price per piece, deadline) and signs them in to join, coming back here', async () => {
    const seen = linkApi(publicGroup(), null);
    render();
    expect(await screen.findByRole('heading', { level: 1, name: 'Chess Club 2026' })).toBeTruthy();
    expect(screen.getByText('Asha').closest('p')?.textContent).toBe('Asha is collecting sizes for one order of T-Shirt Normal.');
    expect(screen.getByTestId('group-price').textContent).toBe('₹299.00');
    expect(screen.getByText('4 Dec 2026', { exact: false })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View in 3D' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Sign in to join' }));
    expect(screen.getByTestId('path').textContent).toBe('/login');
    expect(JSON.parse(screen.getByTestId('state').textContent!)).toEqual({ from: { pathname: `/g/${GROUP_TOKEN}` } });
    // Nothing asked for a visitor's row.
    expect(seen.filter((r) => r.path.endsWith('/mine'))).toHaveLength(0);
  });

  it("reads the design's picture through the group's link, not the uploader's", async () => {
    const sha256 = 'c'.repeat(64);
    const design = groupDesign();
    const withPicture = { ...design, areas: { ...design.areas, leftChest: { text: null, image: { name: 'logo.png', asset: { sha256, mime: 'image/png', width: 10, height: 10, bytes: 100 }, position: { x: 50, y: 50 }, size: { width: 40, height: 40 }, useEmbroidery: false } } } } as PublicGroupOrder['design'];
    const seen = linkApi(publicGroup({ design: withPicture }), null);
    render();
    await waitFor(() => expect(seen.some((r) => r.method === 'GET' && r.path === `${base}/artwork/${sha256}`)).toBe(true));
  });

  it('joins with a size, then changes and withdraws the piece', async () => {
    signedIn();
    const seen = linkApi(publicGroup(), null);
    const user = userEvent.setup();
    render();
    const join = await screen.findByRole('form', { name: 'Join this group order' });
    // A design without names asks for the size only.
    expect(within(join).queryByLabelText('Name on the shirt')).toBeNull();
    expect((within(join).getByRole('button', { name: 'Join' }) as HTMLButtonElement).disabled).toBe(true);
    // The product's sizes, a surcharge named, and its size chart beside them.
    await within(join).findByRole('option', { name: '3XL +₹50.00' });
    expect(within(join).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose a size', 'S', 'M', 'L', 'XL', 'XXL', '3XL +₹50.00']);
    expect(within(join).getByTestId('size-chart-beside').textContent).toContain('Size chart (inches)');
    await user.selectOptions(within(join).getByLabelText('Size'), 'L');
    await user.click(within(join).getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('You have joined the group order.')).toBeTruthy();
    expect(screen.getByTestId('your-piece').textContent).toBe('L');

    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect((screen.getByLabelText('Size') as HTMLSelectElement).value).toBe('L');
    await user.selectOptions(screen.getByLabelText('Size'), 'XL');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your piece was changed.')).toBeTruthy();
    expect(screen.getByTestId('your-piece').textContent).toBe('XL');

    await user.click(screen.getByRole('button', { name: 'Withdraw' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Withdraw' })).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('You have withdrawn from the group order.')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'Join this group order' })).toBeTruthy();
    expect(seen.filter((r) => r.method !== 'GET').map((r) => [r.method, r.path.slice(base.length), r.body])).toEqual([
      ['POST', '/rows', { size: 'L' }],
      ['PUT', '/rows/mine/new1', { size: 'XL' }],
      ['DELETE', '/rows/mine/new1', undefined],
    ]);
  });

  it('adds another piece where the organiser allows more, changes and withdraws one of them', async () => {
    signedIn();
    const seen = linkApi(publicGroup({ piecesPerMember: 2 }), myPieces([{ _id: 'p1', size: 'M' }], { piecesPerMember: 2 }));
    const user = userEvent.setup();
    render();
    expect((await screen.findByTestId('your-piece')).textContent).toBe('M');
    expect(screen.getByText('You may add up to 2 pieces (1 more).')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add another piece' }));
    const add = screen.getByRole('form', { name: 'Add another piece' });
    await within(add).findByRole('option', { name: 'S' });
    await user.selectOptions(within(add).getByLabelText('Size'), 'S');
    await user.click(within(add).getByRole('button', { name: 'Add piece' }));
    expect(await screen.findByText('Piece added.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Your pieces' })).toBeTruthy();
    expect(screen.getAllByTestId('your-piece').map((p) => p.textContent)).toEqual(['M', 'S']);
    // At the allowance: no more to add.
    expect(screen.queryByRole('button', { name: 'Add another piece' })).toBeNull();

    // Each piece's buttons say which piece they act on.
    const changes = screen.getAllByRole('button', { name: 'Change' });
    expect(changes.map((b) => b.getAttribute('aria-describedby'))).toEqual(['piece-p1', 'piece-new1']);
    await user.click(changes[1]);
    await user.selectOptions(screen.getByLabelText('Size'), 'XXL');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Your piece was changed.')).toBeTruthy();
    expect(screen.getAllByTestId('your-piece').map((p) => p.textContent)).toEqual(['M', 'XXL']);

    await user.click(screen.getAllByRole('button', { name: 'Withdraw' })[0]);
    const confirm = screen.getByRole('dialog', { name: 'Withdraw' });
    expect(within(confirm).getByText('Withdraw this piece (M) from the group order?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('Your piece was withdrawn.')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('your-piece').map((p) => p.textContent)).toEqual(['XXL']));
    expect(screen.getByRole('button', { name: 'Add another piece' })).toBeTruthy();
    expect(seen.filter((r) => r.method !== 'GET').map((r) => [r.method, r.path.slice(base.length), r.body])).toEqual([
      ['POST', '/rows', { size: 'S' }],
      ['PUT', '/rows/mine/new1', { size: 'XXL' }],
      ['DELETE', '/rows/mine/p1', undefined],
    ]);
  });

  it('asks for the name and number a personalised design prints, and shows the server’s refusal', async () => {
    signedIn();
    const seen = linkApi(publicGroup({ personalisation: true, design: groupDesign(true) }), null, (method) =>
      method === 'POST' ? { status: 409, body: { success: false, message: 'You have already joined this group order: change or withdraw your row instead.', code: 'GROUP_ALREADY_JOINED' } } : undefined,
    );
    const user = userEvent.setup();
    render();
    const join = await screen.findByRole('form', { name: 'Join this group order' });
    await within(join).findByRole('option', { name: 'M' });
    await user.selectOptions(within(join).getByLabelText('Size'), 'M');
    await user.type(within(join).getByLabelText('Name on the shirt'), 'MEERA');
    await user.type(within(join).getByLabelText('Number'), '10');
    await user.click(within(join).getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('You have already joined this group order: change or withdraw your row instead.')).toBeTruthy();
    expect(seen.find((r) => r.method === 'POST')?.body).toEqual({ size: 'M', name: 'MEERA', number: '10' });
  });

  it.each([
    ['closed', { status: 'closed' }, GROUP_CLOSED],
    ['placed', { status: 'placed' }, GROUP_CLOSED],
    ['cancelled', { status: 'cancelled' }, GROUP_CANCELLED],
    ['past its deadline', { deadlinePassed: true }, GROUP_DEADLINE_PASSED],
  ] as const)('says a %s group takes no rows, and keeps a member’s piece without Change or Withdraw', async (_state, change, words) => {
    signedIn();
    linkApi(publicGroup(change), myPieces([{ size: 'M' }]));
    render();
    expect((await screen.findByTestId('group-closed')).textContent).toBe(words);
    expect((await screen.findByTestId('your-piece')).textContent).toBe('M');
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Withdraw' })).toBeNull();
  });

  it('offers a visitor no sign-in for a closed group, and says when a link is not valid', async () => {
    linkApi(publicGroup({ status: 'closed' }), null);
    const view = render();
    expect((await screen.findByTestId('group-closed')).textContent).toBe(GROUP_CLOSED);
    expect(screen.queryByRole('link', { name: 'Sign in to join' })).toBeNull();
    view.unmount();
    mockApi(() => fail(404, 'Group order not found'));
    render();
    await waitFor(() => expect(screen.getByRole('heading', { name: LINK_NOT_VALID })).toBeTruthy());
  });
});
