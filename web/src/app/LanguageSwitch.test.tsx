// The language switch: the bar and the footer read Hindi at once, the page's lang follows, and the choice is kept
// in this browser; switching back gives English again.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, renderAt } from '../test/testkit';
import { Navbar } from './Navbar';

describe('the language switch', () => {
  it('switches the store to Hindi and back, keeping the choice', async () => {
    mockApi(() => undefined);
    renderAt('/', <Navbar />);
    expect(screen.getByRole('link', { name: 'Products' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Read in Hindi/ }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'उत्पाद' })).toBeTruthy());
    expect(document.documentElement.lang).toBe('hi-IN');
    expect(localStorage.getItem('store.language')).toBe('hi');
    expect(screen.queryByRole('link', { name: 'Products' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: /Read in English/ }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Products' })).toBeTruthy());
    expect(localStorage.getItem('store.language')).toBe('en');
  });
});
