// A quote as the server answers it, for the quote pages' tests.
import type { Quote, QuoteLine } from '../api/quotes';

export function quoteLine(overrides: Partial<QuoteLine> = {}): QuoteLine {
  return {
    basePrice: 49900,
    listUnitPrice: 44910,
    unitPrice: 40000,
    quantity: 50,
    tierDiscount: 249500,
    garments: 2000000,
    elements: 1,
    designFee: 5000,
    sizeSurcharges: 0,
    total: 2005000,
    ...overrides,
  };
}

export function quote(overrides: Partial<Quote> = {}): Quote {
  return {
    id: 'q1',
    number: 'QT/26-27/000001',
    customerEmail: 'asha@example.com',
    productId: 'p1',
    productName: 'Classic Round Neck T-Shirt',
    color: 'white',
    quantities: { s: 0, m: 20, l: 30, xl: 0, xxl: 0 },
    line: quoteLine(),
    validUntil: '2026-12-15',
    status: 'open',
    note: 'For the annual day',
    createdAt: 1_790_000_000_000,
    link: 'http://localhost/quotes/q1',
    ...overrides,
  };
}
