import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls, mockApi, ok, renderRoutes, signedIn, storePage } from '../../../test/testkit';
import { PAGE_SLUGS, type StorePage } from '../../../api/pages';
import AdminLayout from '../AdminLayout';
import PagesAdminPage from './PagesAdminPage';

const TITLES: Record<string, string> = {
  about: 'About us',
  contact: 'Contact us',
  terms: 'Terms of Service',
  privacy: 'Privacy Policy',
  refunds: 'Returns, refunds and cancellation',
  shipping: 'Shipping Policy',
  cookies: 'Cookie Policy',
};

/** The pages API as the server keeps it: edits replace a page, a reset brings its default back. */
function pagesApi() {
  const pages = new Map<string, StorePage>(PAGE_SLUGS.map((slug) => [slug, storePage({ slug, title: TITLES[slug], markdown: `Default ${slug}`, html: `<p>Default ${slug}</p>` })]));
  const sent: { method: string; path: string; body?: unknown }[] = [];
  const fetchMock = mockApi(async (method, path, _url, request) => {
    const body = method === 'GET' || method === 'DELETE' ? undefined : await request.json();
    if (path.startsWith('/api/pages')) sent.push({ method, path, body });
    if (path === '/api/pages/preview') {
      const { markdown } = body as { markdown: string };
      // As the server does: raw HTML comes back as text.
      return ok({ html: `<p>${markdown.replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>` });
    }
    const slug = path.replace('/api/pages/', '');
    const page = pages.get(slug);
    if (!page) return undefined;
    if (method === 'PUT') {
      const edit = body as { title: string; markdown: string };
      if (edit.title === '') return { status: 400, body: { success: false, message: 'The title is 1 to 120 characters', code: 'PAGE_TITLE_INVALID' } };
      pages.set(slug, { ...page, ...edit, html: `<p>${edit.markdown}</p>`, edited: true, updatedAt: Date.UTC(2026, 11, 3) });
    }
    if (method === 'DELETE') pages.set(slug, { ...page, title: TITLES[slug], markdown: `Default ${slug}`, html: `<p>Default ${slug}</p>`, edited: false, updatedAt: undefined });
    return ok(pages.get(slug));
  });
  return { fetchMock, sent };
}

const routes = [
  {
    path: '/admin',
    element: <AdminLayout />,
    children: [
      { path: 'pages', element: <PagesAdminPage /> },
      { path: 'orders', element: <p>Orders</p> },
    ],
  },
];

describe('the admin pages screen', () => {
  it("lists the seven pages, previews a draft through the server, saves it and puts the default back", async () => {
    signedIn({ role: 'admin' });
    const { fetchMock, sent } = pagesApi();
    renderRoutes(routes, '/admin/pages?page=terms');
    const list = await screen.findByRole('navigation', { name: 'Pages' });
    expect(within(list).getAllByRole('link').map((a) => a.querySelector('.pages-list-title')?.textContent)).toEqual(PAGE_SLUGS.map((s) => TITLES[s]));
    expect(within(list).getByRole('link', { current: 'page' }).textContent).toContain('Terms of Service');
    expect(screen.getByRole('link', { name: 'View page' }).getAttribute('href')).toBe('/terms');
    const preview = screen.getByTestId('page-preview');
    expect(preview.textContent).toContain('Default terms');
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Reset to default' }) as HTMLButtonElement).disabled).toBe(true);

    const user = userEvent.setup();
    const text = screen.getByLabelText('Text (Markdown)');
    await user.clear(text);
    await user.type(text, 'New terms <script>alert(1)</script>');
    // One preview for the pause, not one per key.
    await waitFor(() => expect(preview.textContent).toContain('New terms <script>alert(1)</script>'));
    expect(calls(fetchMock, '/api/pages/preview')).toBe(1);
    expect(preview.querySelector('script')).toBeNull();
    expect(screen.getByText('Unsaved changes')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Page saved: visitors see it now')).toBeTruthy();
    expect(sent.find((r) => r.method === 'PUT')).toEqual({ method: 'PUT', path: '/api/pages/terms', body: { title: 'Terms of Service', markdown: 'New terms <script>alert(1)</script>' } });
    await waitFor(() => expect(within(list).getByRole('link', { current: 'page' }).textContent).toContain('Edited'));

    await user.click(screen.getByRole('button', { name: 'Reset to default' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset to default' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset to default' }));
    expect(await screen.findByText('The default text is back')).toBeTruthy();
    expect((text as HTMLTextAreaElement).value).toBe('Default terms');
    expect(sent.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/pages/terms']);
  });

  it("shows the server's refusal by the field it names, and keeps the draft", async () => {
    signedIn({ role: 'admin' });
    pagesApi();
    renderRoutes(routes, '/admin/pages?page=about');
    const user = userEvent.setup();
    const title = await screen.findByLabelText('Title');
    await user.clear(title);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(title.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(title.getAttribute('aria-describedby')!)?.textContent).toBe('The title is 1 to 120 characters');
    expect(screen.getByText('Unsaved changes')).toBeTruthy();
    await user.type(title, 'About');
    expect(title.getAttribute('aria-invalid')).toBeNull();
  });

  it('asks before leaving unsaved changes, for another page or another screen', async () => {
    signedIn({ role: 'admin' });
    pagesApi();
    const { router } = renderRoutes(routes, '/admin/pages?page=about');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Text (Markdown)'), ' and more');
    await user.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('link', { name: /Privacy Policy/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(router.state.location.search).toBe('?page=about');
    expect((screen.getByLabelText('Text (Markdown)') as HTMLTextAreaElement).value).toBe('Default about and more');

    await user.click(screen.getByRole('link', { name: 'Orders' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Unsaved changes' })).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/orders'));
  });
});
