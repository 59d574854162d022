import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadEngine, type Design } from '../lib/engine';
import { PrintQualityBadge, PrintWarnings } from './PrintQuality';

/** A studio holding a picture of `px` pixels in a box of `size` percent of the Back. */
async function studioWith(px: [number, number], size: [number, number]) {
  const engine = await loadEngine();
  const doc: Design = new engine.Studio('64f1a2b3c4d5e6f708190a05', 'white').design();
  const asset = { sha256: 'a'.repeat(64), mime: 'image/png', bytes: 10, width: px[0], height: px[1] };
  doc.areas.back = { text: null, image: { asset, name: 'x.png', size: { width: size[0], height: size[1] }, position: { x: 50, y: 50 }, useEmbroidery: false } } as Design['areas']['back'];
  return { engine, studio: engine.Studio.fromJson(JSON.stringify(doc)), doc };
}

describe('print quality, as the engine grades it', () => {
  it('badges an image Good, Fair or Low at its printed size, with the engine warning when low', async () => {
    const { studio } = await studioWith([1200, 1200], [100, 100]);
    // 1200 px across the full 12-inch Back: 100 DPI.
    render(<PrintQualityBadge quality={studio.printQuality('back')} area="back" />);
    expect(screen.getByLabelText('Print quality: Low, 100 DPI')).toBeTruthy();
    expect(screen.getByText('The image on the Back prints at 100 DPI (below 150): it may look blurry')).toBeTruthy();
    // Resized to 40% (4.8 in): 250 DPI, fair; no image on the chest, no badge.
    studio.setImageSize('back', 40, 40);
    const { container } = render(<PrintQualityBadge quality={studio.printQuality('back')} area="back" />);
    expect(container.querySelector('[data-grade="Fair"]')?.textContent).toContain('Fair · 250 DPI');
    expect(studio.printQuality('leftChest')).toBeUndefined();
    studio.free();
  });

  it("lists a line's warnings, and nothing for a line that prints well", async () => {
    const { engine, doc } = await studioWith([1200, 1200], [100, 100]);
    const warnings = engine.printWarnings(doc);
    expect(warnings).toEqual(['The image on the Back prints at 100 DPI (below 150): it may look blurry']);
    render(<PrintWarnings warnings={warnings} />);
    expect(screen.getByTestId('print-warnings').textContent).toContain('at least 150 DPI');
    const { container } = render(<PrintWarnings warnings={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
