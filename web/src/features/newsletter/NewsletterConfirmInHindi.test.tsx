// The newsletter's confirmation page in Hindi: a link without a token is refused in Hindi, and a confirmation (the
// server says it in English) is said in Hindi, with no English left.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { inHindi, mockApi, ok, renderRoutes } from '../../test/testkit';
import { saidAsStatus } from '../../test/englishLeft';
import NewsletterConfirmPage from './NewsletterConfirmPage';

describe('the newsletter confirmation in Hindi', () => {
  it('refuses a link without a token in Hindi', async () => {
    await inHindi();
    mockApi(() => undefined);
    const { container } = renderRoutes([{ path: '/newsletter/confirm', element: <NewsletterConfirmPage /> }], '/newsletter/confirm');
    expect(await screen.findByRole('heading', { name: 'सदस्यता की पुष्टि नहीं हुई' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('यह लिंक अमान्य है या इसकी अवधि समाप्त हो चुकी है');
    expect(screen.getByRole('link', { name: 'होम पर जाएँ' })).toBeTruthy();
    expect(container.textContent!.match(/[A-Za-z]{3,}/g) ?? []).toEqual([]);
  });

  it('says a confirmed subscription in Hindi', async () => {
    await inHindi();
    mockApi((_m, path) => (path === '/api/newsletter/confirm' ? ok(true, 'Your subscription is confirmed. Thank you for subscribing!') : undefined));
    const { container } = renderRoutes([{ path: '/newsletter/confirm', element: <NewsletterConfirmPage /> }], '/newsletter/confirm?token=abc123');
    expect(await saidAsStatus(container, 'आपकी सदस्यता पक्की हो गई है। सदस्यता लेने के लिए धन्यवाद!')).toEqual({ status: true, english: [] });
  });
});
