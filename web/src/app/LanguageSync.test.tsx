// The language follows the account: a browser without a choice takes the account's, and a choice made with the
// bar's switch is saved to the account (once), so the server writes to the customer in it too.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, ok, renderAt, signedIn } from '../test/testkit';
import { Navbar } from './Navbar';
import { LanguageSync } from './LanguageSync';

const PROFILE = { _id: 'u1', name: 'Asha Verma', email: 'asha@example.com', isVerified: true, phone: '', role: 'user', createdAt: 0, addresses: [], preferences: {} };

function accountIn(language: 'en' | 'hi') {
  const puts: unknown[] = [];
  mockApi(async (method, path, _url, request) => {
    if (path !== '/api/users/profile') return undefined;
    if (method === 'GET') return ok({ ...PROFILE, language });
    const body = (await request.json()) as { language: 'en' | 'hi' };
    puts.push(body);
    language = body.language;
    return ok({ ...PROFILE, language });
  });
  return puts;
}

describe('the language of a signed-in customer', () => {
  it("is the account's on a browser with no choice, and a switch here is saved to the account", async () => {
    signedIn();
    const puts = accountIn('hi');
    renderAt('/', <><Navbar /><LanguageSync /></>);
    await waitFor(() => expect(document.documentElement.lang).toBe('hi-IN'));
    expect(await screen.findByRole('link', { name: 'उत्पाद' })).toBeTruthy();
    expect(puts).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: /Read in English/ }));
    await waitFor(() => expect(puts).toEqual([{ name: 'Asha Verma', language: 'en' }]));
    expect(screen.getByRole('link', { name: 'Products' })).toBeTruthy();
  });

  it("keeps this browser's own choice and saves it to the account", async () => {
    signedIn();
    localStorage.setItem('store.language', 'en');
    const puts = accountIn('hi');
    renderAt('/', <><Navbar /><LanguageSync /></>);
    await waitFor(() => expect(puts).toEqual([{ name: 'Asha Verma', language: 'en' }]));
    expect(screen.getByRole('link', { name: 'Products' })).toBeTruthy();
  });
});
