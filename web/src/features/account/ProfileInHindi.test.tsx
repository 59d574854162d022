// The profile's language choice switches the store to Hindi (and back) at once, kept in this browser; the profile
// then reads Hindi with no English word left (the customer's own data and the name "English" aside).
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, ok, renderRoutes, signedIn, profileFixture } from '../../test/testkit';
import type { Profile } from '../../api/profile';
import ProfilePage from './ProfilePage';

const PROFILE: Profile = profileFixture();

describe('the profile in Hindi', () => {
  it('switches the store to Hindi from the language choice, and back', async () => {
    signedIn();
    const writes: string[] = [];
    mockApi((method, path) => {
      if (method !== 'GET' && path.startsWith('/api/users')) writes.push(`${method} ${path}`);
      return path === '/api/users/profile' && method === 'GET' ? ok(PROFILE) : undefined;
    });
    const { container } = renderRoutes([{ path: '/user/profile', element: <ProfilePage /> }], '/user/profile');
    const u = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'English' }) as HTMLInputElement).checked).toBe(true);

    await u.click(screen.getByRole('radio', { name: 'हिन्दी' }));
    expect(await screen.findByRole('heading', { name: 'मेरी प्रोफ़ाइल' })).toBeTruthy();
    expect(localStorage.getItem('store.language')).toBe('hi');
    expect(document.documentElement.lang).toBe('hi-IN');
    expect((screen.getByRole('radio', { name: 'हिन्दी' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'बदलाव सेव करें' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'पासवर्ड बदलें' })).toBeTruthy();
    expect(screen.getByTestId('member-since').textContent).toBe('15 जनवरी 2026');
    const english = (container.textContent!.match(/[A-Za-z]{3,}/g) ?? []).filter((w) => !['Asha', 'Verma', 'English'].includes(w));
    expect(english).toEqual([]);
    // The choice is this browser's for now: nothing is sent to the server.
    expect(writes).toEqual([]);

    await u.click(screen.getByRole('radio', { name: 'English' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'My Profile' })).toBeTruthy());
    expect(localStorage.getItem('store.language')).toBe('en');
  });
});
