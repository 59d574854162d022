import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, ok, product } from '../../../test/testkit';
import { editForm } from './editForm';

describe("the product form's country of origin", () => {
  it("shows the product's and sends what the admin typed", async () => {
    const p = product({ countryOfOrigin: 'India' });
    const { bodies, onSaved } = editForm(p, (body) => ok({ ...p, countryOfOrigin: body.countryOfOrigin }));
    const field = screen.getByLabelText<HTMLInputElement>(/^Country of origin/);
    expect(field.value).toBe('India');
    await userEvent.clear(field);
    await userEvent.type(field, ' Bangladesh ');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodies[0].countryOfOrigin).toBe('Bangladesh');
  });

  it("shows the engine's message for a name that is no country's", async () => {
    const p = product();
    editForm(p, () => fail(400, "Country of origin must be a country's name of 2 to 60 letters, e.g. India"));
    const field = screen.getByLabelText<HTMLInputElement>(/^Country of origin/);
    await userEvent.clear(field);
    await userEvent.type(field, 'India1');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe("Failed to update product: Country of origin must be a country's name of 2 to 60 letters, e.g. India"),
    );
  });
});
