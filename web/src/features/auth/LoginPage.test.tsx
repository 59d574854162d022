import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, fakeTokens, mockApi, ok, renderRoutes, type FakeResponse } from '../../test/testkit';
import LoginPage from './LoginPage';
import { redirectTarget } from './redirect';
import { accessToken } from '../../lib/tokens';

const user = { _id: 'u1', name: 'Asha Verma', email: 'asha@example.com', role: 'user', isVerified: true, createdAt: 0 };

function renderLogin(from?: string) {
  return renderRoutes([{ path: '/login', element: <LoginPage /> }], '/login').router.navigate('/login', {
    state: from ? { from: { pathname: from } } : undefined,
  });
}

describe('LoginPage', () => {
  it('registers a new address: e-mail, code, details, then back to where the visitor was', async () => {
    const bodies: Record<string, unknown> = {};
    mockApi(async (_method, path, _url, request) => {
      bodies[path] = await request.clone().json().catch(() => null);
      if (path === '/api/auth/otp/email/send') return ok(true, 'OTP sent to your email');
      if (path === '/api/auth/otp/email/verify') return ok({ existingUser: false }, 'Enter your details to continue');
      if (path === '/api/auth/otp/phone/verify') return { status: 200, body: { success: true, message: 'Login successful', data: { user, ...fakeTokens(), existingUser: false } } };
      return undefined;
    });

    await renderLogin('/cart');
    expect(await screen.findByText('Please log in to access the requested page')).toBeTruthy();
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('Email address'), 'asha@example.com');
    await u.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('OTP sent to your email')).toBeTruthy();

    await u.type(screen.getByLabelText('One-time code (OTP)'), '12a3456');
    expect((screen.getByLabelText('One-time code (OTP)') as HTMLInputElement).value).toBe('123456');
    await u.click(screen.getByRole('button', { name: 'Verify and continue' }));
    expect(await screen.findByText('Enter your details to continue')).toBeTruthy();

    await u.type(screen.getByLabelText('Full name'), 'Asha Verma');
    await u.type(screen.getByLabelText('Mobile number'), '9876543210');
    await u.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Registration successful! Logging you in...')).toBeTruthy();
    expect(bodies['/api/auth/otp/phone/verify']).toEqual({ email: 'asha@example.com', name: 'Asha Verma', phone: '9876543210', code: '123456' });
    // The access token is kept in memory only; the refresh token stays in the server's cookie.
    expect(accessToken()).toBe(fakeTokens().accessToken);
    expect(JSON.stringify(localStorage)).not.toContain(fakeTokens().accessToken);
    // The 1.5 s pause, then the page the visitor was sent away from.
    expect(screen.queryByTestId('path')).toBeNull();
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/cart'), { timeout: 3000 });
  });

  it('signs an existing user straight in and goes to /products by default', async () => {
    mockApi((_m, path) => {
      if (path === '/api/auth/otp/email/send') return ok(true);
      if (path === '/api/auth/otp/email/verify') return ok({ user, ...fakeTokens(), existingUser: true }, 'Login successful');
      return undefined;
    });
    await renderLogin();
    expect(screen.queryByText('Please log in to access the requested page')).toBeNull();
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('Email address'), 'asha@example.com');
    await u.click(screen.getByRole('button', { name: 'Send code' }));
    await u.type(await screen.findByLabelText('One-time code (OTP)'), '654321');
    await u.click(screen.getByRole('button', { name: 'Verify and continue' }));
    expect(await screen.findByText('Login successful')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/products'), { timeout: 2000 });
  });

  it("shows the server's message for a wrong code and stays on the step", async () => {
    mockApi((_m, path) => {
      if (path === '/api/auth/otp/email/send') return ok(true);
      if (path === '/api/auth/otp/email/verify') return fail(400, 'Wrong OTP');
      return undefined;
    });
    await renderLogin();
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('Email address'), 'asha@example.com');
    await u.click(screen.getByRole('button', { name: 'Send code' }));
    await u.type(await screen.findByLabelText('One-time code (OTP)'), '000000');
    await u.click(screen.getByRole('button', { name: 'Verify and continue' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong OTP');
    expect(screen.getByLabelText('One-time code (OTP)')).toBeTruthy();
    expect(accessToken()).toBeNull();
  });

  it('says so when the code cannot be sent', async () => {
    mockApi((_m, path) => (path === '/api/auth/otp/email/send' ? fail(429, 'Too many codes requested. Please wait a few minutes.') : undefined));
    await renderLogin();
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('Email address'), 'asha@example.com');
    await u.click(screen.getByRole('button', { name: 'Send code' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many codes requested. Please wait a few minutes.');
  });
});

describe('LoginPage with a password', () => {
  it("signs in with e-mail and password, and falls back to 'Login failed. Please try again.'", async () => {
    let answer: FakeResponse = { status: 500, body: null };
    const bodies: unknown[] = [];
    mockApi(async (_m, path, _url, request) => {
      if (path !== '/api/auth/login') return undefined;
      bodies.push(await request.json());
      return answer;
    });
    await renderLogin('/cart');
    const u = userEvent.setup();
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    await u.click(screen.getByRole('button', { name: 'Sign in with a password instead' }));
    await u.type(screen.getByLabelText('Email address'), 'asha@example.com');
    await u.type(screen.getByLabelText('Password'), 'correct horse');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed. Please try again.');

    answer = fail(401, 'Invalid email or password');
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Invalid email or password'));

    answer = { status: 200, body: { success: true, message: 'Login successful', data: { user, ...fakeTokens(), existingUser: true } } };
    await u.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login successful')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/cart'), { timeout: 2000 });
    expect(bodies.at(-1)).toEqual({ email: 'asha@example.com', password: 'correct horse' });
  });

  it('opens on the password form after a password reset', async () => {
    mockApi(() => undefined);
    // From the reset page (a stand-in here) to a fresh login page.
    await renderRoutes([{ path: '/login', element: <LoginPage /> }], '/').router.navigate('/login', { state: { password: true } });
    expect(await screen.findByLabelText('Password')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Steps' })).toBeNull();
  });
});

describe('LoginPage with a phone code', () => {
  it('sends a code by SMS to the 10-digit number and signs in with it', async () => {
    const bodies: Record<string, unknown> = {};
    mockApi(async (_m, path, _url, request) => {
      bodies[path] = await request.clone().json().catch(() => null);
      if (path === '/api/auth/otp/phone/send') return ok(true, 'OTP sent to your phone');
      if (path === '/api/auth/otp/phone/verify') return ok({ user, ...fakeTokens(), existingUser: true }, 'Login successful');
      return undefined;
    });
    await renderLogin('/cart');
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Sign in with a phone code instead' }));
    expect(screen.queryByRole('list', { name: 'Steps' })).toBeNull();
    const send = screen.getByRole('button', { name: 'Send code by SMS' }) as HTMLButtonElement;
    // As pasted from a contact card: the +91 and the spaces are dropped.
    await u.type(screen.getByLabelText('Mobile number'), '+91 98765 4321');
    expect(send.disabled).toBe(true);
    await u.type(screen.getByLabelText('Mobile number'), '0');
    expect((screen.getByLabelText('Mobile number') as HTMLInputElement).value).toBe('9876543210');
    await u.click(send);
    expect(await screen.findByText('OTP sent to your phone')).toBeTruthy();
    expect(screen.getByText('+91 9876543210')).toBeTruthy();
    expect(bodies['/api/auth/otp/phone/send']).toEqual({ phone: '9876543210' });

    await u.type(screen.getByLabelText('One-time code (OTP)'), '246810');
    await u.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('Login successful')).toBeTruthy();
    expect(bodies['/api/auth/otp/phone/verify']).toEqual({ phone: '9876543210', code: '246810' });
    expect(accessToken()).toBe(fakeTokens().accessToken);
    await waitFor(() => expect(screen.getByTestId('path').textContent).toBe('/cart'), { timeout: 2000 });
  });

  it("shows the server's message when SMS is not configured and stays on the number", async () => {
    const message = 'SMS delivery is not configured. Please sign in with your email.';
    mockApi((_m, path) => (path === '/api/auth/otp/phone/send' ? fail(503, message) : undefined));
    await renderLogin();
    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Sign in with a phone code instead' }));
    await u.type(screen.getByLabelText('Mobile number'), '9876543210');
    await u.click(screen.getByRole('button', { name: 'Send code by SMS' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByLabelText('One-time code (OTP)')).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Sign in with an e-mail code instead' }));
    expect(screen.getByLabelText('Email address')).toBeTruthy();
  });
});

describe('redirectTarget', () => {
  it('returns to a same-site path and defaults to /products', () => {
    expect(redirectTarget({ from: { pathname: '/cart' } })).toBe('/cart');
    expect(redirectTarget({ from: { pathname: '/design', search: '?productId=1' } })).toBe('/design?productId=1');
    expect(redirectTarget(null)).toBe('/products');
    expect(redirectTarget({ from: { pathname: '//evil.example' } })).toBe('/products');
    expect(redirectTarget({ from: { pathname: 'https://evil.example' } })).toBe('/products');
    expect(redirectTarget({ from: { pathname: '/login' } })).toBe('/products');
    expect(redirectTarget({ from: { pathname: '/user/addresses', search: '?a=1', hash: '#top' } })).toBe('/user/addresses?a=1#top');
  });
});

describe('LoginPage without a server', () => {
  it('says the server cannot be reached and does not offer to send a code', async () => {
    mockApi(() => undefined, { backend: false });
    await renderLogin();
    expect((await screen.findByRole('alert')).textContent).toContain('Backend server is not available.');
    await userEvent.type(screen.getByLabelText('Email address'), 'asha@example.com');
    expect((screen.getByRole('button', { name: 'Send code' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers an offline session, which signs nobody in on the server', async () => {
    const fetchMock = mockApi(() => undefined, { backend: false });
    await renderLogin();
    const offline = await screen.findByRole('region', { name: 'Offline session' });
    expect(offline.textContent).toContain('it can do nothing on the server');
    await userEvent.click(within(offline).getByRole('button', { name: 'Continue offline' }));
    expect((await screen.findByTestId('path')).textContent).toBe('/products');
    expect(sessionStorage.getItem('offline-session')).toBe('on');
    expect(localStorage.getItem('user')).toBeNull();
    expect(fetchMock.mock.calls.every(([input]) => new URL(input instanceof Request ? input.url : String(input), location.href).pathname === '/api/health')).toBe(true);
  });
});
