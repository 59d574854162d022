import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls, fail, mockApi, ok, renderRoutes, storePage } from '../../test/testkit';
import PolicyPage from './PolicyPage';

const routes = [
  { path: '/terms', element: <PolicyPage slug="terms" /> },
  { path: '/refunds', element: <PolicyPage slug="refunds" /> },
];

describe('a policy page', () => {
  it("shows a skeleton, then the server's title and HTML as it came, with the tab's title", async () => {
    let release!: () => void;
    const answered = new Promise<void>((r) => (release = r));
    mockApi(async (_m, path) => {
      if (path !== '/api/pages/terms') return undefined;
      await answered;
      return ok(storePage());
    });
    renderRoutes(routes, '/terms');
    expect(screen.getByRole('status', { name: 'Loading the page' })).toBeTruthy();
    expect(document.title).toBe('Legacy Threads');
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Orders' })).toBeTruthy();
    expect(document.title).toBe('Terms of Service · Legacy Threads');
    // Escaped by the server: text, never an element.
    expect(screen.getByText('<script>alert(1)</script>')).toBeTruthy();
    expect(document.querySelector('.policy script')).toBeNull();
    // The default text has no date of its own.
    expect(screen.queryByText(/Last updated/)).toBeNull();
  });

  it('lets a text that opens with its own heading be the only one', async () => {
    mockApi((_m, path) => (path === '/api/pages/terms' ? ok(storePage({ html: '<h1 id="terms">Our terms</h1>\n<p>Fair.</p>' })) : undefined));
    renderRoutes(routes, '/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Our terms' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('Terms of Service · Legacy Threads');
  });

  it('lets the keyboard reach a table, which scrolls sideways on a phone', async () => {
    mockApi((_m, path) => (path === '/api/pages/terms' ? ok(storePage({ html: '<table><tr><td><code>refresh_token</code></td></tr></table>' })) : undefined));
    renderRoutes(routes, '/terms');
    expect((await screen.findByRole('table')).tabIndex).toBe(0);
  });

  it("says when an admin last changed it", async () => {
    mockApi((_m, path) => (path === '/api/pages/terms' ? ok(storePage({ edited: true, updatedAt: Date.UTC(2026, 11, 3, 6) })) : undefined));
    renderRoutes(routes, '/terms');
    expect(await screen.findByText('Last updated 3 December 2026')).toBeTruthy();
  });

  it('follows a link into the store within the app, and leaves other links to the browser', async () => {
    const fetchMock = mockApi((_m, path) =>
      path === '/api/pages/terms' ? ok(storePage()) : path === '/api/pages/refunds' ? ok(storePage({ slug: 'refunds', title: 'Returns and refunds', html: '<p>Reprinted.</p>' })) : undefined,
    );
    const { router } = renderRoutes(routes, '/terms');
    const external = await screen.findByRole('link', { name: 'elsewhere' });
    const notFollowed = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    external.dispatchEvent(notFollowed);
    expect(notFollowed.defaultPrevented).toBe(false);
    expect(router.state.location.pathname).toBe('/terms');
    await userEvent.setup().click(screen.getByRole('link', { name: 'refunds' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Returns and refunds' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/refunds');
    expect(calls(fetchMock, '/api/pages/refunds')).toBe(1);
  });

  it('says when the page cannot be loaded, and tries again', async () => {
    let answer = fail(500, 'Internal server error');
    mockApi((_m, path) => (path === '/api/pages/terms' ? answer : undefined));
    renderRoutes(routes, '/terms');
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load this page. Please try again.');
    expect(document.title).toBe('Page not available · Legacy Threads');
    answer = ok(storePage());
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeTruthy());
  });
});
