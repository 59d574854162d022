// The studio in Hindi: its panels, its summary and its price read Hindi, and the engine's refusals come in Hindi
// with their figures; what stays in Latin letters is the product's data (its name, colours, areas) and names.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { inHindi, mockApi, ok, product, renderAt } from '../../test/testkit';
import StudioPage from './StudioPage';

vi.mock('./Studio3D', () => ({ default: () => <div data-testid="studio-3d" /> }));

const tee = product({ name: 'Cotton Tee', colors: ['white', 'black'] });

/** Latin words left in an element's text (its lists of fonts and colours aside), but for the product's data and names. */
function englishIn(element: Element, allowed: RegExp): string[] {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('select').forEach((s) => s.remove());
  return (copy.textContent?.match(/[A-Za-z]{3,}/g) ?? []).filter((word) => !allowed.test(word));
}
// The gateway's label is the server's (its facts), in the server's words.
const DATA = /^(Cotton|Tee|white|black|Left|Chest|Back|Front|Arial|Georgia|Roboto|Poppins|Montserrat|Oswald|Playfair|Display|Lobster|Noto|Sans|Serif|Devanagari|JPG|PNG|GIF|SVG|Ctrl|Shift|Alt|Delete|Tab|Payment|Gateway)$/;

beforeEach(() => {
  vi.stubGlobal('ResizeObserver', class { observe() {} disconnect() {} });
});

async function openStudioInHindi() {
  await inHindi();
  mockApi((_m, path) => (path === `/api/products/${tee._id}` ? ok(tee) : undefined));
  renderAt('/design', <StudioPage />, `/design?productId=${tee._id}&color=white`);
  return screen.findByRole('radiogroup', { name: 'प्रिंट एरिया' });
}

describe('the studio in Hindi', () => {
  it('reads Hindi in its panels, its summary and its price', async () => {
    await openStudioInHindi();
    expect(screen.getByRole('heading', { name: 'अपना Cotton Tee देखें' })).toBeTruthy();
    const textPanel = screen.getByRole('region', { name: 'टेक्स्ट जोड़ें' });
    const imagePanel = screen.getByRole('region', { name: 'इमेज जोड़ें' });
    const elements = screen.getByRole('region', { name: 'आपके एलिमेंट' });
    const summary = screen.getByRole('complementary', { name: 'सारांश' });
    fireEvent.change(summary.querySelectorAll('input')[1], { target: { value: '30' } });
    expect(within(summary).getByTestId('total-quantity').textContent).toBe('30 आइटम · हर रंग के कम से कम 25');
    expect(within(summary).getByTestId('add-to-cart').textContent).toBe('कार्ट में जोड़ें');
    for (const part of [textPanel, imagePanel, elements, within(summary).getByTestId('price-breakdown'), summary.querySelector('dl')!]) {
      expect(englishIn(part, DATA)).toEqual([]);
    }
    expect(screen.getByTestId('design-description').textContent).toMatch(/^आपका डिज़ाइन: white कपड़ा। /);
  });

  it("says the engine's refusals in Hindi, with their figures", async () => {
    await openStudioInHindi();
    const summary = screen.getByRole('complementary', { name: 'सारांश' });
    fireEvent.change(summary.querySelectorAll('input')[1], { target: { value: '5' } });
    await userEvent.click(within(summary).getByTestId('add-to-cart'));
    expect(await screen.findByText('न्यूनतम मात्रा पूरी नहीं हुई। हर रंग के कम से कम 25 पीस के लिए आपको 20 और आइटम चाहिए।')).toBeTruthy();
  });
});
