import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, product } from '../../../test/testkit';
import { editForm } from './editForm';

const value = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;

describe("the product form's quantity tiers", () => {
  it('keeps the defaults until the admin sets a table, then sends its rows in basis points', async () => {
    const p = product();
    const { bodies, onSaved } = editForm(p, (body) => ok({ ...p, priceTiers: body.priceTiers, customPriceTiers: true }));
    const useDefaults = screen.getByRole<HTMLInputElement>('checkbox', { name: "Use the store's default tiers" });
    expect(useDefaults.checked).toBe(true);
    screen.getByText('25+ at the base price, 50+ at 5% off, 100+ at 10% off, 250+ at 15% off.');

    await userEvent.click(useDefaults);
    expect(value('Tier 2 from pieces')).toBe('50');
    expect(value('Tier 2 discount (%)')).toBe('5');
    await userEvent.click(screen.getByRole('button', { name: 'Remove tier 4' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove tier 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add tier' }));
    await userEvent.type(screen.getByLabelText('Tier 3 from pieces'), '120');
    await userEvent.type(screen.getByLabelText('Tier 3 discount (%)'), '12.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodies[0].priceTiers).toEqual([
      { minPieces: 25, discountBps: 0 },
      { minPieces: 50, discountBps: 500 },
      { minPieces: 120, discountBps: 1250 },
    ]);
  });

  it("shows the server's message for a table the engine refuses, and names unreadable numbers itself", async () => {
    const p = product({ customPriceTiers: true, priceTiers: [{ minPieces: 25, discountBps: 0 }, { minPieces: 40, discountBps: 800 }] });
    const { bodies } = editForm(p, () => fail(400, 'Price tier 3: it must start at more pieces than the tier before'));
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: "Use the store's default tiers" }).checked).toBe(false);
    expect(value('Tier 2 discount (%)')).toBe('8');

    await userEvent.click(screen.getByRole('button', { name: 'Add tier' }));
    await userEvent.type(screen.getByLabelText('Tier 3 from pieces'), 'lots');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Price tier 3: enter the pieces as a whole number');
    expect(bodies).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText('Tier 3 from pieces'));
    await userEvent.type(screen.getByLabelText('Tier 3 from pieces'), '30');
    await userEvent.type(screen.getByLabelText('Tier 3 discount (%)'), '10');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to update product: Price tier 3: it must start at more pieces than the tier before'));
    expect(bodies[0].priceTiers).toEqual([
      { minPieces: 25, discountBps: 0 },
      { minPieces: 40, discountBps: 800 },
      { minPieces: 30, discountBps: 1000 },
    ]);
  });

  it('goes back to the defaults with an empty table', async () => {
    const p = product({ customPriceTiers: true, priceTiers: [{ minPieces: 25, discountBps: 0 }, { minPieces: 40, discountBps: 800 }] });
    const { bodies, onSaved } = editForm(p, () => ok({ ...p, customPriceTiers: false }));
    await userEvent.click(screen.getByRole('checkbox', { name: "Use the store's default tiers" }));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodies[0].priceTiers).toEqual([]);
  });
});
