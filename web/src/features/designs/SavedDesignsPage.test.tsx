import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls, designDoc, fail, mockApi, ok, renderRoutes, signedIn, type FakeResponse } from '../../test/testkit';
import type { SavedDesign } from '../../api/designs';
import SavedDesignsPage from './SavedDesignsPage';
import { translate } from '../../lib/i18n';

const REMOVE_QUESTION = translate('en', 'designs.removeQuestion');

let n = 0;
/** A saved design as GET /api/designs returns it: 3 white tees with a text on the Left Chest. */
function saved(overrides: Partial<SavedDesign> = {}): SavedDesign {
  n += 1;
  const id = n.toString(16).padStart(24, 'a');
  return {
    _id: id,
    name: `Design ${n}`,
    productId: 'p'.repeat(24),
    productName: 'T-Shirt Normal',
    color: 'white',
    colorHex: '#ffffff',
    version: 1,
    design: designDoc(),
    price: 49900,
    quantity: { s: 0, m: 2, l: 1, xl: 0, xxl: 0 },
    itemCount: 3,
    elements: 1,
    designFee: 0,
    lineTotal: 149700,
    printAreas: ['Left Chest'],
    materialQuality: 'Standard',
    printQuality: 'High',
    needMore: 22,
    thumbnailUrl: `/api/designs/${id}/thumbnail?v=1`,
    createdAt: 1_722_000_000,
    updatedAt: 1_722_000_000,
    ...overrides,
  };
}

const page = (designs: SavedDesign[], p = 1, pages = 1, total = designs.length): FakeResponse => ({
  status: 200,
  body: { success: true, message: 'Designs fetched', data: designs, pagination: { page: p, limit: 12, total, pages } },
});

type Other = (method: string, path: string, request: Request) => FakeResponse | undefined | Promise<FakeResponse | undefined>;

/** GET /api/designs answered by `list` (its query kept); `other` answers the rest. */
function designsApi(list: (query: URLSearchParams) => FakeResponse, other?: Other) {
  const queries: string[] = [];
  const fetchMock = mockApi(async (method, path, url, request) => {
    if (method === 'GET' && path === '/api/designs') {
      queries.push(url.search);
      return list(url.searchParams);
    }
    return other?.(method, path, request);
  });
  return { queries, fetchMock };
}

function renderPage() {
  signedIn();
  return renderRoutes([{ path: '/user/saved-designs', element: <SavedDesignsPage /> }], '/user/saved-designs');
}

const cards = () => screen.findAllByTestId('design-card');
const figure = (card: HTMLElement, label: string) => within(card).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('SavedDesignsPage', () => {
  it('shows the loading state, then a card per design and the summary in rupees', async () => {
    const standard = saved({ name: 'Plain tee', elements: 0, printAreas: [], quantity: { s: 0, m: 1, l: 0, xl: 0, xxl: 0 }, itemCount: 1, lineTotal: 49900 });
    const logo = saved({ name: 'Team Legacy', elements: 2, designFee: 5000, lineTotal: 154700, printAreas: ['Left Chest', 'Back'] });
    designsApi(() => page([logo, standard]));
    renderPage();
    expect(screen.getByText('Loading saved designs...')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Saved Designs' })).toBeTruthy();
    expect(screen.getByText('Your custom designs and saved items')).toBeTruthy();

    const [first, second] = await cards();
    expect(within(first).getByRole('heading').textContent).toBe('Team Legacy');
    expect(figure(first, 'Print Area')).toBe('Left Chest, Back');
    expect(figure(first, 'Material')).toBe('Standard');
    expect(figure(first, 'Quality')).toBe('High');
    expect(figure(first, 'Color')?.trim()).toBe('white');
    expect(figure(first, 'Size')).toBe('M 2, L 1');
    expect(figure(first, 'Unit price')).toBe('₹499.00');
    expect(within(first).getByTestId('item-count').textContent).toBe('3');
    expect(figure(first, 'Design fee')).toBe('₹50.00');
    expect(within(first).getByTestId('line-total').textContent).toBe('₹1,547.00');
    // No thumbnail came (404): the placeholder.
    await waitFor(() => expect(within(first).getByRole('img', { name: 'Design Preview' })).toBeTruthy());
    expect(within(first).getByRole('link', { name: 'Edit in studio' }).getAttribute('href')).toBe(
      `/design?productId=${'p'.repeat(24)}&color=white&savedDesign=${logo._id}`,
    );

    expect(within(second).getByText('Standard design')).toBeTruthy();
    expect(within(second).queryByText('Print Area')).toBeNull();

    const summary = screen.getByTestId('designs-summary');
    expect(summary.textContent).toContain('2 items saved');
    expect(within(summary).getByTestId('designs-total').textContent).toBe('₹2,046.00');
    expect(within(summary).getByRole('link', { name: 'View Cart' }).getAttribute('href')).toBe('/cart');
  });

  it("says 'item' for one design, and shows the thumbnail fetched with the session", async () => {
    // jsdom has no object URLs.
    URL.createObjectURL = vi.fn(() => 'blob:thumb');
    URL.revokeObjectURL = vi.fn();
    const one = saved();
    const { fetchMock } = designsApi(
      () => page([one]),
      (_method, path) => (path === `/api/designs/${one._id}/thumbnail` ? { status: 200, body: 'png' } : undefined),
    );
    renderPage();
    const [card] = await cards();
    expect(screen.getByTestId('designs-summary').textContent).toContain('1 item saved');
    const img = await within(card).findByRole('img', { name: `${one.name} thumbnail` });
    expect(img.getAttribute('src')).toBe('blob:thumb');
    const request = fetchMock.mock.calls.map(([input]) => input).find((r): r is Request => r instanceof Request && r.url.includes('/thumbnail'))!;
    expect(new URL(request.url).search).toBe('?v=1');
    expect(request.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('shows the empty state with Create Design', async () => {
    designsApi(() => page([]));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No Saved Designs' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create Design' }).getAttribute('href')).toBe('/design');
    expect(screen.queryByTestId('designs-summary')).toBeNull();
  });

  it('shows a load error with the message, and Try Again loads again', async () => {
    let failing = true;
    designsApi(() => (failing ? fail(500, 'Database unavailable') : page([saved()])));
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Error Loading Designs' })).toBeTruthy();
    expect(screen.getByText('Database unavailable')).toBeTruthy();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await cards()).toHaveLength(1);
  });

  it('minus lowers the first non-zero size with the version read, and is disabled at one item', async () => {
    let design = saved({ version: 4, quantity: { s: 0, m: 2, l: 0, xl: 0, xxl: 0 }, itemCount: 2 });
    const bodies: unknown[] = [];
    let release = () => {};
    designsApi(
      () => page([design]),
      async (method, path, request) => {
        if (method !== 'PUT' || path !== `/api/designs/${design._id}`) return undefined;
        const body = (await request.json()) as { quantity: SavedDesign['quantity'] };
        bodies.push(body);
        await new Promise<void>((r) => (release = r));
        design = { ...design, version: design.version + 1, quantity: body.quantity, itemCount: 1 };
        return ok(design, 'Design updated');
      },
    );
    renderPage();
    const [card] = await cards();
    const minus = within(card).getByRole('button', { name: 'Fewer items' });
    const plus = within(card).getByRole('button', { name: 'More items' });
    await userEvent.click(minus);
    // In flight: every button of the card waits.
    await waitFor(() => expect((plus as HTMLButtonElement).disabled).toBe(true));
    expect((within(card).getByRole('button', { name: 'Move to cart' }) as HTMLButtonElement).disabled).toBe(true);
    expect(bodies).toEqual([{ version: 4, quantity: { s: 0, m: 1, l: 0, xl: 0, xxl: 0 } }]);
    release();
    await waitFor(() => expect(within(card).getByTestId('item-count').textContent).toBe('1'));
    expect((minus as HTMLButtonElement).disabled).toBe(true);
    expect((plus as HTMLButtonElement).disabled).toBe(false);
  });

  it('plus raises the first non-zero size, or sets M to 1 when all are zero; a failure says so', async () => {
    const some = saved({ quantity: { s: 0, m: 0, l: 3, xl: 2, xxl: 0 }, itemCount: 5 });
    const none = saved({ quantity: { s: 0, m: 0, l: 0, xl: 0, xxl: 0 }, itemCount: 0 });
    const bodies: Record<string, unknown> = {};
    designsApi(
      () => page([some, none]),
      async (method, path, request) => {
        if (method !== 'PUT') return undefined;
        bodies[path] = ((await request.json()) as { quantity: unknown }).quantity;
        // No message from the server: the spec's fallback shows.
        return { status: 500, body: {} };
      },
    );
    renderPage();
    const [first, second] = await cards();
    expect((within(second).getByRole('button', { name: 'Fewer items' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(within(first).getByRole('button', { name: 'More items' }));
    expect(await screen.findByText('Failed to update quantity')).toBeTruthy();
    await userEvent.click(within(second).getByRole('button', { name: 'More items' }));
    await waitFor(() => expect(Object.keys(bodies)).toHaveLength(2));
    expect(bodies[`/api/designs/${some._id}`]).toEqual({ s: 0, m: 0, l: 4, xl: 2, xxl: 0 });
    expect(bodies[`/api/designs/${none._id}`]).toEqual({ s: 0, m: 1, l: 0, xl: 0, xxl: 0 });
  });

  it('removes a design only after the confirmation; a failure says so', async () => {
    const keep = saved({ name: 'Keep me' });
    let list = [saved({ name: 'Old idea' }), keep];
    let failing = true;
    designsApi(
      () => page(list),
      (method, path) => {
        if (method !== 'DELETE') return undefined;
        if (failing) return { status: 500, body: {} };
        list = list.filter((d) => `/api/designs/${d._id}` !== path);
        return ok({ _id: path.split('/').pop() }, 'Design removed');
      },
    );
    renderPage();
    const u = userEvent.setup();
    const [first] = await cards();
    await u.click(within(first).getByRole('button', { name: 'Remove design' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove design' });
    expect(within(dialog).getByText(REMOVE_QUESTION)).toBeTruthy();
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await u.click(within(first).getByRole('button', { name: 'Remove design' }));
    await u.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Failed to remove item')).toBeTruthy();

    failing = false;
    await u.click(within(first).getByRole('button', { name: 'Remove design' }));
    await u.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getAllByTestId('design-card')).toHaveLength(1));
    expect(within(screen.getByTestId('design-card')).getByRole('heading').textContent).toBe('Keep me');
  });

  it('Move to cart shows the server’s refusal, and on success the card leaves and the cart is reloaded', async () => {
    const design = saved({ name: 'Team tee' });
    let list = [design];
    let refuse = true;
    const { fetchMock } = designsApi(
      () => page(list),
      (method, path) => {
        if (path === '/api/cart') return ok({ items: [], totalItems: 25 });
        if (method !== 'POST' || path !== `/api/designs/${design._id}/move-to-cart`) return undefined;
        if (refuse) return fail(400, 'Minimum 25 pieces per colour. Add 22 more.');
        list = [];
        return ok({ _id: design._id }, 'Design moved to cart');
      },
    );
    const { queryClient } = renderPage();
    // The navbar's cart query, as the layout keeps it.
    queryClient.setQueryData(['cart', 'u1'], { items: [] });
    const u = userEvent.setup();
    const [card] = await cards();
    await u.click(within(card).getByRole('button', { name: 'Move to cart' }));
    expect(await screen.findByText('Minimum 25 pieces per colour. Add 22 more.')).toBeTruthy();
    expect(screen.getAllByTestId('design-card')).toHaveLength(1);
    expect(queryClient.getQueryState(['cart', 'u1'])?.isInvalidated).toBe(false);

    refuse = false;
    await u.click(within(card).getByRole('button', { name: 'Move to cart' }));
    expect(await screen.findByText('“Team tee” was moved to your cart.')).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'No Saved Designs' })).toBeTruthy();
    expect(queryClient.getQueryState(['cart', 'u1'])?.isInvalidated).toBe(true);
    expect(calls(fetchMock, `/api/designs/${design._id}/move-to-cart`)).toBe(2);
  });

  it('shares a design: the link with Copy, then Turn off sharing', async () => {
    const design = saved();
    const token = 'f'.repeat(32);
    const shareCalls: string[] = [];
    designsApi(
      () => page([design]),
      (method, path) => {
        if (path !== `/api/designs/${design._id}/share`) return undefined;
        shareCalls.push(method);
        return method === 'POST' ? ok({ token, path: `/d/${token}` }, 'Share link created') : ok({ _id: design._id }, 'Share link turned off');
      },
    );
    renderPage();
    const u = userEvent.setup();
    const [card] = await cards();
    await u.click(within(card).getByRole('button', { name: 'Share' }));
    const link = (await within(card).findByLabelText('Share link')) as HTMLInputElement;
    expect(link.value).toBe(`${location.origin}/d/${token}`);
    await u.click(within(card).getByRole('button', { name: 'Copy' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(`${location.origin}/d/${token}`);
    expect(within(card).getByRole('button', { name: 'Copied' })).toBeTruthy();

    await u.click(within(card).getByRole('button', { name: 'Turn off sharing' }));
    expect(await within(card).findByRole('button', { name: 'Share' })).toBeTruthy();
    expect(within(card).queryByLabelText('Share link')).toBeNull();
    expect(shareCalls).toEqual(['POST', 'DELETE']);
  });

  it('pages through more than twelve designs; the total value covers every page', async () => {
    const all = Array.from({ length: 14 }, () => saved({ lineTotal: 100000 }));
    const { queries } = designsApi((q) => {
      const p = Number(q.get('page'));
      const limit = Number(q.get('limit'));
      return page(all.slice((p - 1) * limit, p * limit), p, Math.ceil(all.length / limit), all.length);
    });
    renderPage();
    expect(await cards()).toHaveLength(12);
    expect(screen.getByTestId('designs-summary').textContent).toContain('14 items saved');
    await waitFor(() => expect(screen.getByTestId('designs-total').textContent).toBe('₹14,000.00'));
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getAllByTestId('design-card')).toHaveLength(2));
    expect(queries).toContain('?page=2&limit=12');
    expect(queries).toContain('?page=1&limit=50');
  });
});
