// The 404 page and the footer's newsletter box in Hindi, the box's own messages too.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, inHindi, mockApi, ok, renderAt } from '../test/testkit';
import { englishLeft } from '../test/englishLeft';
import NotFoundPage from './NotFoundPage';
import { NewsletterBox } from './NewsletterBox';

describe('in Hindi', () => {
  it('the 404 page reads in Hindi', async () => {
    await inHindi();
    mockApi(() => undefined);
    const { container } = renderAt('/nowhere', <NotFoundPage />);
    expect(screen.getByRole('heading', { name: 'पेज नहीं मिला' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'उत्पाद देखें' })).toBeTruthy();
    expect(englishLeft(container)).toEqual([]);
  });

  it('the newsletter box reads in Hindi, its own messages too', async () => {
    await inHindi();
    mockApi((_m, path) => (path === '/api/newsletter/subscribe' ? ok(true) : undefined));
    const { container } = renderAt('/', <NewsletterBox />);
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'सब्सक्राइब करें' }));
    expect(screen.getByRole('alert').textContent).toBe('कृपया ईमेल पता लिखें');
    await u.type(screen.getByLabelText('ईमेल पता'), 'not-an-address');
    await u.click(screen.getByRole('button', { name: 'सब्सक्राइब करें' }));
    expect(screen.getByRole('alert').textContent).toBe('कृपया सही ईमेल पता लिखें');
    await u.clear(screen.getByLabelText('ईमेल पता'));
    await u.type(screen.getByLabelText('ईमेल पता'), 'fan@example.com');
    await u.click(screen.getByRole('button', { name: 'सब्सक्राइब करें' }));
    expect((await screen.findByTestId('newsletter-confirm')).textContent).toBe(
      'पुष्टि के लिए अपना इनबॉक्स देखें: हमने fan@example.com पर एक लिंक भेजा है। उसे खोलते ही आपका सब्सक्रिप्शन शुरू हो जाएगा।',
    );
    expect(englishLeft(container, ['you', 'example', 'com', 'fan'])).toEqual([]);
  });

  it("the newsletter box says the spec's refusals in Hindi", async () => {
    await inHindi();
    let status = 404;
    mockApi((_m, path) => (path === '/api/newsletter/subscribe' ? fail(status, 'refused') : undefined));
    const { container } = renderAt('/', <NewsletterBox />);
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('ईमेल पता'), 'fan@example.com');
    for (const [answer, hindi] of [
      [404, 'न्यूज़लेटर सेवा अभी उपलब्ध नहीं है। कृपया बाद में फिर से कोशिश करें।'],
      [500, 'सर्वर में गड़बड़ी है। कृपया बाद में फिर से कोशिश करें।'],
      [503, 'पुष्टि का ईमेल नहीं भेजा जा सका। कृपया फिर से कोशिश करें।'],
      [429, 'न्यूज़लेटर सब्सक्राइब नहीं किया जा सका। कृपया फिर से कोशिश करें।'],
    ] as const) {
      status = answer;
      await u.click(screen.getByRole('button', { name: 'सब्सक्राइब करें' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(hindi));
      expect(englishLeft(container, ['you', 'example', 'com'])).toEqual([]);
    }
  });
});
