// Test helpers for the home, catalogue and product pages: a fake API behind
// `fetch` answering with the server's {success, message, data} envelopes, and
// a render with the app's providers around a memory router.
import type { ReactNode } from 'react';
import { chooseLanguage, I18nProvider, loadCatalogue } from '../lib/i18n';
import { vi } from 'vitest';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { AuthProvider } from '../lib/auth';
import type { Product } from '../api/products';
import type { Order } from '../api/orders';
import type { Profile } from '../api/profile';
import type { StorePage } from '../api/pages';
import type { Ticket } from '../api/supportTickets';
import type { components } from '../lib/schema';
import { FACTS } from '../lib/facts.gen';
import type { Garment } from '../lib/engine';
import { garmentOf } from '../lib/garment';
import { storeSwatches } from '../components/colors';

export interface FakeResponse {
  status?: number;
  body?: unknown;
}
/** Answers one API call; `undefined` means 404 'Not found'. Throwing simulates a network failure. */
export type Handler = (method: string, path: string, url: URL, request: Request) => FakeResponse | undefined | Promise<FakeResponse | undefined>;

export const ok = (data: unknown, message = 'OK'): FakeResponse => ({ status: 200, body: { success: true, message, data } });
export const fail = (status: number, message: string): FakeResponse => ({ status, body: { success: false, message } });

/** The store's facts as GET /api/store answers them: the default 2.5% fee, a support contact, the seller and its grievance officer. */
export function storeFacts(overrides: Partial<components['schemas']['StoreFacts']> = {}): components['schemas']['StoreFacts'] {
  return {
    gatewayFeeBps: 250,
    gatewayLabel: 'Payment Gateway (2.5%)',
    supportEmail: 'help@shop.example',
    supportPhone: '+91 22 5555 0100',
    shippingProvider: 'manual',
    seller: {
      legalName: 'Legacy Threads',
      address: '12 MG Road, Bengaluru, Karnataka 560001, India',
      gstin: '29ABCDE1234F1ZW',
      email: 'hello@shop.example',
      phone: '+91 22 5555 0100',
    },
    grievanceOfficer: {
      name: 'Meera Iyer',
      designation: 'Grievance Officer',
      email: 'grievance@shop.example',
      phone: '',
      complete: true,
    },
    claimWindowDays: 30,
    advancePercent: 50,
    advanceMinTotal: 2000000,
    ...overrides,
  };
}

/** A store page as GET /api/pages/{slug} answers it: the terms, its default text, HTML as the server escapes it. */
export function storePage(overrides: Partial<StorePage> = {}): StorePage {
  return {
    slug: 'terms',
    title: 'Terms of Service',
    markdown: '## Orders\n\nSee [refunds](/refunds).',
    html: '<h2>Orders</h2>\n<p>See <a href="/refunds">refunds</a> and <a href="https://example.com/x">elsewhere</a>.</p>\n<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
    edited: false,
    ...overrides,
  };
}

/** A support ticket as the desk answers it: just filed, from a visitor, its first message the only one. */
export function supportTicket(overrides: Partial<Ticket> = {}): Ticket {
  const createdAt = Date.UTC(2026, 11, 3, 6, 30);
  return {
    id: 't1',
    number: 'GRV/26-27/000042',
    status: 'open',
    category: 'product',
    subject: 'Misprinted logo',
    name: 'Asha Verma',
    email: 'asha@example.com',
    createdAt,
    acknowledgeBy: createdAt + 48 * 3_600_000,
    resolveBy: createdAt + 30 * 86_400_000,
    overdue: false,
    messages: [{ id: 'm1', author: 'customer', authorName: 'Asha Verma', body: 'The logo is smudged on 2 shirts.', createdAt }],
    ...overrides,
  };
}

/**
 * Replaces `fetch`. `/api/health` answers 200 unless `backend: false` (then
 * every call fails as when the server is down); `/api/store` answers
 * `storeFacts()` unless the handler does. Returns the mock so tests can
 * count calls with `calls(fetchMock, '/api/products')`.
 */
export function mockApi(handler: Handler, { backend = true }: { backend?: boolean } = {}) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url, location.href);
    if (!backend) throw new TypeError('Failed to fetch');
    if (url.pathname === '/api/health') {
      return Response.json({ status: 'ok', database: 'sqlite', version: 'test' });
    }
    let answer = await handler(request.method, url.pathname, url, request);
    // A stored session is renewed at start-up: answer that unless the test does.
    if (answer === undefined && url.pathname === '/api/auth/refresh') answer = ok(fakeTokens());
    if (answer === undefined && url.pathname === '/api/store') answer = ok(storeFacts());
    answer ??= fail(404, 'Not found');
    return new Response(JSON.stringify(answer.body ?? null), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** How many requests went to a path (query string ignored). */
export function calls(fetchMock: ReturnType<typeof mockApi>, pathname: string): number {
  return fetchMock.mock.calls.filter(([input]) => {
    const raw = input instanceof Request ? input.url : String(input);
    return new URL(raw, location.href).pathname === pathname;
  }).length;
}

/** Shows where the app navigated to, with its search and navigation state. */
function Destination() {
  const location = useLocation();
  return (
    <div data-testid="destination">
      <p data-testid="path">{location.pathname + location.search}</p>
      <pre data-testid="state">{JSON.stringify(location.state)}</pre>
    </div>
  );
}

/** Renders `routes` (plus stand-ins for the other pages a test may navigate to) at `at`. */
export function renderRoutes(routes: RouteObject[], at: string) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, retryDelay: 0, staleTime: Infinity } },
  });
  const ownPaths = new Set(routes.map((r) => r.path));
  const standIns = ['/', '/products', '/design', '/login', '/cart', '/shipping', '/user/orders', '/order-confirmation', '/order-failed']
    .filter((path) => !ownPaths.has(path))
    .map((path) => ({ path, element: <Destination /> }));
  const router = createMemoryRouter([...routes, ...standIns], { initialEntries: [at] });
  const view = render(
    <I18nProvider>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...view, router, queryClient };
}

export function renderAt(path: string, element: ReactNode, at = path) {
  return renderRoutes([{ path, element }], at);
}

let nextId = 1;
/** A product as GET /api/products returns it (price in paise). */
export function product(overrides: Partial<Product> = {}): Product {
  const id = (nextId++).toString(16).padStart(24, '0');
  const colors = overrides.colors ?? ['white', 'black', 'navyblue'];
  return {
    _id: id,
    name: 'Classic Round Neck T-Shirt',
    description: 'A 180 GSM combed-cotton t-shirt with a soft hand feel, ribbed collar and double-stitched hems for everyday wear.',
    price: 49900,
    category: 'T-Shirt',
    brand: 'Legacy Threads',
    isFeatured: true,
    stock: 500,
    colors,
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    defaultColor: colors[0],
    countryOfOrigin: FACTS.defaultCountryOfOrigin,
    models: Object.fromEntries(colors.map((c) => [c, `models/tshirt-normal-${c}.glb`])),
    modelMetadata: [],
    colorImages: colors.map((c) => ({
      color: c,
      frontImage: { url: `/api/files/products/${id}/${c}-front.webp` },
      backImage: { url: `/api/files/products/${id}/${c}-back.webp` },
    })),
    images: [],
    createdAt: 1_722_000_000,
    updatedAt: 1_722_000_000,
    hsn: '6109',
    priceTiers: FACTS.defaultPriceTiers,
    personalisationCharges: { name: FACTS.nameChargeDefault, number: FACTS.numberChargeDefault },
    customPriceTiers: false,
    printAreas: FACTS.printAreas,
    sizePrices: {},
    colorHex: storeSwatches(colors),
    ...overrides,
  };
}

/** A product's garment as a studio handle holds it: the built-in areas and sizes unless overridden. */
export function garment(overrides: Partial<Product> = {}): Garment {
  return garmentOf(product(overrides));
}

/** An access token that passes the client's format checks (JWT-shaped), as sign-ins and refreshes answer. */
export function fakeTokens() {
  const part = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  const accessToken = `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: 'u1', role: 'user', exp: 4_102_444_800, pad: 'x'.repeat(60) })}.${'s'.repeat(43)}`;
  return { accessToken };
}

/** A refresh token as an earlier version of the app kept in localStorage. */
export function legacyRefreshToken() {
  return 'r'.repeat(64);
}

/** A signed-in user after a reload: the user is stored, the access token comes from the refresh cookie. */
export function signedIn(user: { _id?: string; name?: string; email?: string; role?: string } = {}) {
  localStorage.setItem('user', JSON.stringify({ _id: 'u1', name: 'Asha Verma', email: 'asha@example.com', role: 'user', ...user }));
}

const address = {
  email: 'asha@example.com',
  fullName: 'Asha Verma',
  phone: '9876543210',
  addressLine1: '12 Janpath',
  street: '12 Janpath',
  city: 'New Delhi',
  state: 'Delhi',
  zipCode: '110001',
  country: 'India',
};

/** An order as the API returns it: 25 white tees, pending and unpaid unless overridden. */
/** A design document as the API sends it: a garment with nothing printed yet. */
export function designDoc(overrides: Partial<components['schemas']['Design']> = {}): components['schemas']['Design'] {
  const empty = { text: null, image: null };
  return {
    version: 1,
    productId: 'p1',
    color: 'white',
    areas: { leftChest: empty, back: empty },
    quantities: { s: 0, m: 25, l: 0, xl: 0, xxl: 0 },
    materialQuality: 'Premium',
    printQuality: 'High',
    ...overrides,
  };
}

export function order(n: number, overrides: Partial<Order> = {}): Order {
  return {
    _id: `o${n}`,
    orderNumber: `LT-20261122-00000${n}`,
    status: 'pending',
    paymentMethod: 'card',
    isPaid: false,
    currency: 'INR',
    createdAt: Date.UTC(2026, 10, 22, 6, 30),
    updatedAt: Date.UTC(2026, 10, 22, 6, 30),
    orderItems: [
      {
        _id: `i${n}`,
        productId: 'p1',
        name: 'T-Shirt Normal',
        color: 'white',
        colorHex: '#ffffff',
        quantity: { s: 0, m: 10, l: 15, xl: 0, xxl: 0 },
        itemCount: 25,
        price: 25000,
        designFee: 0,
        lineTotal: 625000,
        elements: 1,
        artworkHash: 'h',
        design: designDoc(),
        printWarnings: [],
      },
    ],
    itemsCount: 25,
    itemsPrice: 625000,
    shippingPrice: 0,
    taxPrice: 15625,
    gatewayFeeBps: 250,
    gatewayLabel: 'Payment Gateway (2.5%)',
    discountAmount: 0,
    totalPrice: 640625,
    refundedAmount: 0,
    paymentPlan: 'full',
    advanceAmount: 0,
    balanceDue: 0,
    shippingAddress: address,
    billingAddress: address,
    user: { name: 'Asha Verma', email: 'asha@example.com' },
    ...overrides,
  };
}

/** Switches the store to Hindi (its catalogue loaded first), as the language switch does; setup.ts switches back. */
export async function inHindi(): Promise<void> {
  await loadCatalogue('hi');
  chooseLanguage('hi');
}

/** The signed-in customer's profile as GET /api/users/profile returns it (Asha, a proven mobile, no WhatsApp). */
export function profileFixture(overrides: Partial<Profile> = {}): Profile {
  return {
    _id: 'u1',
    name: 'Asha Verma',
    email: 'asha@example.com',
    isVerified: true,
    phone: '9876543210',
    role: 'user',
    createdAt: Date.UTC(2026, 0, 15),
    addresses: [],
    preferences: {},
    language: 'en',
    whatsappUpdates: false,
    ...overrides,
  };
}
