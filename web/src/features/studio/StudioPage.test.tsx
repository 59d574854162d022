import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, ok, product, renderAt } from '../../test/testkit';
import { FACTS, type Design } from '../../lib/engine';
import { draftKey } from '../../lib/studioDraft';
import StudioPage from './StudioPage';

// The 3D view without WebGL: a model with a node for every area but the left sleeve, as the viewer reports it once loaded.
vi.mock('./Studio3D', async () => {
  const { useEffect } = await import('react');
  return {
    default: function Fake3D({ onMissingArea }: { onMissingArea?: (area: string) => void }) {
      useEffect(() => onMissingArea?.('leftSleeve'), [onMissingArea]);
      return <div data-testid="studio-3d" />;
    },
  };
});

/** A hoodie with three print areas of its own (a 3 × 4 inch left sleeve among them), a 3XL that costs ₹50 more, and a size chart. */
const hoodie = product({
  name: 'Zip Hoodie',
  colors: ['white', 'black'],
  sizes: ['S', 'M', 'L', 'XL', '3XL'],
  sizePrices: { '3XL': 5000 },
  sizeChart: { unit: 'cm', measurements: ['Chest', 'Length'], rows: { S: [97, 69], M: [102, 71], L: [107, 73], XL: [112, 75], '3XL': [122, 79] } },
  printAreas: [
    { key: 'front', label: 'Front', widthInches: 10, heightInches: 12, side: 'front', box: { x: 30, y: 25, w: 40, h: 40 } },
    { key: 'leftSleeve', label: 'Left Sleeve', widthInches: 3, heightInches: 4, side: 'front', box: { x: 80, y: 30, w: 10, h: 16 } },
    FACTS.printAreas[1],
  ],
});

beforeEach(() => {
  // jsdom measures nothing: the design canvas only needs to be able to observe its box.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});

async function openStudio() {
  mockApi((_m, path) => (path === `/api/products/${hoodie._id}` ? ok(hoodie) : undefined));
  renderAt('/design', <StudioPage />, `/design?productId=${hoodie._id}&color=white`);
  return screen.findByRole('radiogroup', { name: 'Print area' });
}

describe("the studio on a product's own garment", () => {
  it('offers the product’s areas and draws each at its box on its side’s picture', async () => {
    const picker = await openStudio();
    expect(within(picker).getAllByRole('radio').map((r) => r.textContent)).toEqual(['Front', 'Left Sleeve', 'Back']);
    // The engine designs on the product's areas: the new design took them.
    expect(screen.getByTestId('design-description').textContent).toContain('Front: empty. Left Sleeve: empty. Back: empty.');

    await userEvent.click(within(picker).getByRole('radio', { name: 'Left Sleeve' }));
    expect(screen.getByRole('img', { name: 'Zip Hoodie front' })).toBeTruthy();
    expect(screen.getByLabelText('Left Sleeve print area').tagName).toBe('CANVAS');
    // Centred in its box (80..90% across, 30..46% down); 3 × 4 inches fill its width (10% of the picture).
    const area = screen.getByTestId('print-area');
    expect([area.style.left, area.style.width, area.style.top]).toEqual(['80%', '10%', '38%']);

    await userEvent.click(within(picker).getByRole('radio', { name: 'Back' }));
    expect(screen.getByRole('img', { name: 'Zip Hoodie back' })).toBeTruthy();
    // The built-in back where it always was: 40% wide, centred.
    expect([area.style.left, area.style.width]).toEqual(['30%', '40%']);
  });

  it('lists the product’s sizes with their surcharges, prices the surcharge and shows the size chart beside them', async () => {
    await openStudio();
    const summary = screen.getByRole('complementary', { name: 'Summary' });
    const labels = [...summary.querySelectorAll('.size-label')].map((l) => l.textContent);
    expect(labels).toEqual(['S', 'M', 'L', 'XL', '3XL +₹50.00']);

    fireEvent.change(within(summary).getByLabelText('Quantity 3XL'), { target: { value: '25' } });
    // 25 × ₹50.00 more, on the line's price.
    expect((await within(summary).findByTestId('size-surcharges')).textContent).toBe('Size surcharges₹1,250.00');
    // The engine holds the design on the product's garment (setGarment): its areas and its 3XL.
    const draft = JSON.parse(localStorage.getItem(draftKey(hoodie._id))!) as Design;
    expect([Object.keys(draft.areas), draft.quantities['3xl']]).toEqual([['front', 'leftSleeve', 'back'], 25]);

    // The chart beside the steppers, folded on a narrow screen (jsdom has no media queries), opening to the table.
    const chart = within(summary).getByTestId('size-chart-beside') as HTMLDetailsElement;
    expect(chart.open).toBe(false);
    await userEvent.click(within(chart).getByText('Size chart'));
    const table = within(chart).getByRole('table', { name: 'Size chart (cm)' });
    expect(within(table).getAllByRole('row').map((r) => r.textContent)).toEqual(['SizeChestLength', 'S9769', 'M10271', 'L10773', 'XL11275', '3XL12279']);
  });

  it('shows in 2D, and says so, an area the 3D model has no place for', async () => {
    const picker = await openStudio();
    await userEvent.click(screen.getByRole('radio', { name: '3D' }));
    expect(await screen.findByTestId('studio-3d')).toBeTruthy();
    await userEvent.click(within(picker).getByRole('radio', { name: 'Left Sleeve' }));
    expect(screen.getByTestId('not-in-3d').textContent).toBe('The 3D preview does not show the Left Sleeve; the 2D view shows it as printed.');
    expect(screen.queryByTestId('studio-3d')).toBeNull();
    expect(screen.getByLabelText('Left Sleeve print area')).toBeTruthy();
    // An area the model has: the 3D view again.
    await userEvent.click(within(picker).getByRole('radio', { name: 'Back' }));
    expect(await screen.findByTestId('studio-3d')).toBeTruthy();
    expect(screen.queryByTestId('not-in-3d')).toBeNull();
  });
});
