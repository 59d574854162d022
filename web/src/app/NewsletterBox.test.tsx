// The footer's newsletter box: the spec's messages, then a lasting "check your
// inbox to confirm" state (double opt-in: nothing is sent until the link is opened).
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, ok } from '../test/testkit';
import { NewsletterBox } from './NewsletterBox';

async function subscribe(email: string) {
  const u = userEvent.setup();
  const input = screen.getByLabelText('Email address');
  await u.clear(input);
  if (email) await u.type(input, email);
  await u.click(screen.getByRole('button', { name: 'Subscribe' }));
}

describe('NewsletterBox', () => {
  it('thanks the shopper, then keeps asking them to confirm from their inbox', async () => {
    const bodies: unknown[] = [];
    mockApi(async (_m, path, _url, request) => {
      if (path !== '/api/newsletter/subscribe') return undefined;
      bodies.push(await request.json());
      return ok(true, 'Thank you for subscribing! Check your email for confirmation.');
    });
    render(<NewsletterBox />);
    await subscribe('fan@example.com');
    expect(await screen.findByText('Thank you for subscribing! Check your email for confirmation.')).toBeTruthy();
    const note = screen.getByTestId('newsletter-confirm');
    expect(note.textContent).toBe('Check your inbox to confirm: we sent a link to fan@example.com. You are subscribed once you open it.');
    expect(bodies).toEqual([{ email: 'fan@example.com' }]);
    // The spec's success message goes after 3 s; the request to confirm stays.
    await waitFor(() => expect(screen.queryByText('Thank you for subscribing! Check your email for confirmation.')).toBeNull(), { timeout: 4000 });
    expect(screen.getByTestId('newsletter-confirm').textContent).toContain('fan@example.com');
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('');
  });

  it("checks the address first, and shows the spec's message for each refusal (the catalogue's, in English)", async () => {
    let answer = fail(404, 'Not found');
    mockApi((_m, path) => (path === '/api/newsletter/subscribe' ? answer : undefined));
    render(<NewsletterBox />);
    await subscribe('');
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter an email address');
    await subscribe('not-an-address');
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email address');
    for (const [status, message] of [
      [404, 'Newsletter service not available. Please try again later.'],
      [500, 'Server error. Please try again later.'],
      [503, 'Failed to send confirmation email. Please try again.'],
      [429, 'Failed to subscribe to newsletter. Please try again.'],
    ] as const) {
      answer = fail(status, 'refused');
      await subscribe('fan@example.com');
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message));
      expect(screen.queryByTestId('newsletter-confirm')).toBeNull();
    }
  });

  it('says the confirmation could not be sent when the server cannot be reached', async () => {
    mockApi(() => undefined, { backend: false });
    render(<NewsletterBox />);
    await subscribe('fan@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to send confirmation email. Please try again.');
  });
});
