// The newsletter's confirmation link: the token is sent once, and the answer shown.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { calls, fail, mockApi, ok, renderRoutes } from '../../test/testkit';
import NewsletterConfirmPage from './NewsletterConfirmPage';

const page = [{ path: '/newsletter/confirm', element: <NewsletterConfirmPage /> }];

describe('NewsletterConfirmPage', () => {
  it("sends the link's token once and shows the confirmation", async () => {
    const bodies: unknown[] = [];
    mockApi(async (_m, path, _url, request) => {
      if (path !== '/api/newsletter/confirm') return undefined;
      bodies.push(await request.json());
      return ok(true, 'Your subscription is confirmed. Thank you for subscribing!');
    });
    renderRoutes(page, '/newsletter/confirm?token=abc123');
    expect(await screen.findByText('Your subscription is confirmed. Thank you for subscribing!', { selector: 'p.notice' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Subscription confirmed' })).toBeTruthy();
    expect(bodies).toEqual([{ token: 'abc123' }]);
  });

  it("shows the server's refusal, and a link without a token is refused without asking", async () => {
    mockApi((_m, path) => (path === '/api/newsletter/confirm' ? fail(400, 'This link is invalid or has expired') : undefined));
    const first = renderRoutes(page, '/newsletter/confirm?token=used');
    expect((await screen.findByRole('alert')).textContent).toBe('This link is invalid or has expired');
    first.unmount();

    const fetchMock = mockApi(() => undefined);
    renderRoutes(page, '/newsletter/confirm');
    expect((await screen.findByRole('alert')).textContent).toBe('This link is invalid or has expired');
    expect(calls(fetchMock, '/api/newsletter/confirm')).toBe(0);
  });
});
