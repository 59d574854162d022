import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { SizeChart } from './SizeChart';

describe('the size chart', () => {
  it('lists the sizes in the order the product sells them, a column per measurement', () => {
    render(<SizeChart chart={{ unit: 'cm', measurements: ['Chest', 'Length'], rows: { M: [102, 71], S: [97, 69] } }} sizes={['S', 'M']} />);
    const table = screen.getByRole('table', { name: 'Size chart (cm)' });
    const rows = within(table).getAllByRole('row').map((r) => r.textContent);
    expect(rows).toEqual(['SizeChestLength', 'S9769', 'M10271']);
  });
});
