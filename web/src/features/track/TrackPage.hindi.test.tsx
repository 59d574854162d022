// /track in Hindi: the heading, the form, its own messages, the not-yet-shipped note, the status and every step of
// the timeline read in Hindi; only the courier's words stay as the courier wrote them.
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inHindi, mockApi, ok, renderAt } from '../../test/testkit';
import { englishLeft } from '../../test/englishLeft';
import { COURIER_WORDS, deliveredTracking, FULL_TIMELINE_HINDI, fullTimeline } from '../../test/orderFixtures';
import TrackPage from './TrackPage';

describe('/track in Hindi', () => {
  it('reads in Hindi', async () => {
    await inHindi();
    mockApi((_m, path) => (path === '/api/track' ? ok({ orderNumber: 'LT-1', status: 'confirmed', timeline: [{ kind: 'paid', label: 'Paid', at: Date.UTC(2026, 10, 22) }] }) : undefined));
    const { container } = renderAt('/track', <TrackPage />);
    expect(screen.getByRole('heading', { name: 'अपना ऑर्डर ट्रैक करें' })).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'ऑर्डर ट्रैक करें' }));
    expect(screen.getByRole('alert').textContent).toBe('कृपया अपना ऑर्डर नंबर लिखें');
    await user.type(screen.getByLabelText('ऑर्डर नंबर'), 'LT-1');
    await user.click(screen.getByRole('button', { name: 'ऑर्डर ट्रैक करें' }));
    expect(screen.getByRole('alert').textContent).toBe('कृपया वह ईमेल पता लिखें जिससे आपने ऑर्डर किया था');
    await user.type(screen.getByLabelText('ईमेल पता'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'ऑर्डर ट्रैक करें' }));
    expect(await screen.findByRole('heading', { name: 'ऑर्डर LT-1' })).toBeTruthy();
    expect(screen.getByText('आपका ऑर्डर अभी भेजा नहीं गया है: भेजे जाने पर हम आपको ट्रैकिंग लिंक ईमेल करेंगे।')).toBeTruthy();
    expect(screen.getByText('भुगतान हुआ')).toBeTruthy();
    expect(englishLeft(container)).toEqual([]);
  });

  it("tells a delivered order's whole timeline and its parcel in Hindi", async () => {
    await inHindi();
    mockApi((_m, path) => (path === '/api/track' ? ok({ orderNumber: 'LT-1', status: 'delivered', timeline: fullTimeline().filter((e) => !e.kind.startsWith('claim')), tracking: deliveredTracking() }, 'Order found') : undefined));
    const { container } = renderAt('/track', <TrackPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('ऑर्डर नंबर'), 'LT-1');
    await user.type(screen.getByLabelText('ईमेल पता'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'ऑर्डर ट्रैक करें' }));
    const timeline = await screen.findByRole('list', { name: 'ऑर्डर की टाइमलाइन' });
    // /track shows no claims (the order page does).
    expect([...timeline.querySelectorAll('.timeline-label')].map((l) => l.textContent)).toEqual(FULL_TIMELINE_HINDI.slice(0, 9));
    expect(englishLeft(container, COURIER_WORDS)).toEqual([]);
  });

  it('says in Hindi that the server cannot be reached', async () => {
    await inHindi();
    mockApi(() => undefined, { backend: false });
    const { container } = renderAt('/track', <TrackPage />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('ऑर्डर नंबर'), 'LT-1');
    await user.type(screen.getByLabelText('ईमेल पता'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'ऑर्डर ट्रैक करें' }));
    expect((await screen.findByRole('alert')).textContent).toBe('सर्वर उपलब्ध नहीं है। कृपया जाँचें कि सर्वर चल रहा है या नहीं।');
    expect(englishLeft(container)).toEqual([]);
  });
});
