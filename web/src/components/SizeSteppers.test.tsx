import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SizeSteppers } from './SizeSteppers';

describe('the size steppers', () => {
  it("list the product's sizes in its order, each surcharge beside its size and read with its quantity", async () => {
    const onChange = vi.fn();
    render(<SizeSteppers sizes={['S', 'M', '3XL', '2-3Y']} sizePrices={{ '3XL': 5000 }} value={{ s: 0, m: 2, '3xl': 1 }} onChange={onChange} />);
    expect([...document.querySelectorAll('.size-label')].map((l) => l.textContent)).toEqual(['S', 'M', '3XL +₹50.00', '2-3Y']);
    const threeXl = screen.getByLabelText('Quantity 3XL') as HTMLInputElement;
    expect(threeXl.value).toBe('1');
    expect(document.getElementById(threeXl.getAttribute('aria-describedby')!)?.textContent).toBe(' +₹50.00');
    // A size the quantities do not name yet is 0; changes name the size by its key (its label in lower case).
    expect((screen.getByLabelText('Quantity 2-3Y') as HTMLInputElement).value).toBe('0');
    await userEvent.click(screen.getByRole('button', { name: 'More 3XL' }));
    expect(onChange).toHaveBeenCalledWith('3xl', 2);
  });
});
