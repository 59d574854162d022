// The profile's WhatsApp box: it names the proven number and sends the consent (and its end) to the account; without
// a number it says why there is nothing to tick; a refusal is shown.
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, ok, renderRoutes, signedIn, profileFixture } from '../../test/testkit';
import type { Profile } from '../../api/profile';
import ProfilePage from './ProfilePage';

const PROFILE: Profile = profileFixture();

function account(profile: Profile, refuse = false) {
  const sent: unknown[] = [];
  let current = profile;
  mockApi(async (method, path, _url, request) => {
    if (path !== '/api/users/profile') return undefined;
    if (method === 'GET') return ok(current);
    const body = (await request.json()) as { whatsappUpdates?: boolean };
    sent.push(body);
    if (refuse) return fail(400, 'Add a mobile number first');
    current = { ...current, whatsappUpdates: body.whatsappUpdates ?? current.whatsappUpdates };
    return ok(current);
  });
  return sent;
}

const box = () => screen.findByRole('checkbox', { name: /Send me order updates on WhatsApp at 9876543210/ });

describe('WhatsApp updates on the profile', () => {
  it('consents for the proven number and withdraws it', async () => {
    signedIn();
    const sent = account(PROFILE);
    renderRoutes([{ path: '/user/profile', element: <ProfilePage /> }], '/user/profile');
    expect((await box()) as HTMLInputElement).toHaveProperty('checked', false);
    await userEvent.click(await box());
    await waitFor(async () => expect(((await box()) as HTMLInputElement).checked).toBe(true));
    await userEvent.click(await box());
    await waitFor(() => expect(sent).toEqual([{ name: 'Asha Verma', whatsappUpdates: true }, { name: 'Asha Verma', whatsappUpdates: false }]));
  });

  it('asks for a number first, and shows a refusal', async () => {
    signedIn();
    account({ ...PROFILE, phone: '' });
    const { unmount } = renderRoutes([{ path: '/user/profile', element: <ProfilePage /> }], '/user/profile');
    expect(await screen.findByText('Add your mobile number above to get order updates on WhatsApp.')).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: /WhatsApp/ })).toBeNull();
    unmount();
    account(PROFILE, true);
    renderRoutes([{ path: '/user/profile', element: <ProfilePage /> }], '/user/profile');
    await userEvent.click(await box());
    expect(await screen.findByText('Add a mobile number first', { selector: 'fieldset .error' })).toBeTruthy();
  });
});
