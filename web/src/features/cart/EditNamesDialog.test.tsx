import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { designDoc, fail, inHindi, mockApi, ok, product, renderRoutes, signedIn } from '../../test/testkit';
import { englishLeft } from '../../test/englishLeft';
import type { Cart, CartItem } from '../../api/cart';
import CartPage from './CartPage';

const style = { font: 'Arial', color: '#000000', height: 12, position: { x: 50, y: 18 } } as const;
const roster = [
  { size: 'M', name: 'SHARMA', number: '10' },
  { size: 'L', name: 'RAO', number: '7' },
];

/** A personalised line of 2 pieces (the server's figures as it would send them). */
function teamLine(): CartItem {
  return {
    _id: 'team',
    productId: '64f1a2b3c4d5e6f708190a05',
    name: 'T-Shirt Normal',
    color: 'white',
    colorHex: '#ffffff',
    price: 29900,
    basePrice: 29900,
    tierDiscountBps: 0,
    tierDiscount: 0,
    discount: 0,
    quantity: { s: 0, m: 1, l: 1, xl: 0, xxl: 0 },
    itemCount: 2,
    elements: 0,
    designFee: 0,
    sizeSurcharges: 0,
    lineTotal: 2 * 29900 + 2 * 10000,
    artworkHash: 'h',
    printWarnings: [],
    personalisation: { label: 'Names and numbers', pieces: 2, nameCharge: 6000, numberCharge: 4000, perPiece: 10000, total: 20000 },
    design: designDoc({
      productId: '64f1a2b3c4d5e6f708190a05',
      areas: { leftChest: { text: null, image: null }, back: { text: null, image: null, name: style, number: { ...style, height: 45, position: { x: 50, y: 52 } } } },
      quantities: { s: 0, m: 1, l: 1, xl: 0, xxl: 0 },
      roster,
    }),
  } as CartItem;
}

function cart(items: CartItem[]): Cart {
  const subtotal = items.reduce((s, i) => s + i.lineTotal, 0);
  return { _id: 'c1', items, itemCount: items.reduce((s, i) => s + i.itemCount, 0), subtotal, discount: 0, gatewayChargeBps: 0, gatewayLabel: '', gatewayCharge: 0, total: subtotal, totalPrice: subtotal };
}

describe('a personalised cart line', () => {
  it('shows its personalisation line and its roster collapsed to a count that opens', async () => {
    signedIn();
    mockApi((_m, path) => (path === '/api/cart' ? ok(cart([teamLine()])) : undefined));
    renderRoutes([{ path: '/cart', element: <CartPage /> }], '/cart');
    const row = await screen.findByTestId('cart-line');
    expect(within(row).getByTestId('cart-personalisation').textContent).toBe('Names and numbers: 2 × ₹100.00 = ₹200.00');
    // Names and numbers alone are not "0 design elements".
    expect(within(row).queryByText(/0 design elements/)).toBeNull();
    const summary = within(row).getByText('2 names and numbers');
    await userEvent.click(summary);
    expect(within(row).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['SHARMA · 10 (M)', 'RAO · 7 (L)']);
    // Its sizes follow the list: the steppers are off, "Edit names" changes them.
    expect((within(row).getByLabelText('Quantity M') as HTMLInputElement).disabled).toBe(true);
  });

  it('edits the names in a dialog and saves the roster with its quantities; the server refusing them shows its message', async () => {
    signedIn();
    const sent: unknown[] = [];
    mockApi(async (m, path, _url, request) => {
      if (path === '/api/cart') return ok(cart([teamLine()]));
      if (path === '/api/products/64f1a2b3c4d5e6f708190a05') return ok(product({ _id: '64f1a2b3c4d5e6f708190a05', name: 'T-Shirt Normal' }));
      if (m === 'PUT' && path === '/api/cart/items/team') {
        sent.push(await request.json());
        return fail(400, 'Row 3: please enter a number: this design prints one on every piece');
      }
      return undefined;
    });
    renderRoutes([{ path: '/cart', element: <CartPage /> }], '/cart');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit names: T-Shirt Normal (white)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit names: T-Shirt Normal (white)' });
    // The same editor as the studio's, over the line's design.
    await within(dialog).findByTestId('roster-rows');
    fireEvent.change(within(dialog).getByLabelText('Paste a list: name, number, size on each line'), { target: { value: 'iyer, 5, s' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add these rows' }));
    expect(within(dialog).getByTestId('roster-counts').textContent).toBe('3 pieces · S 1 · M 1 · L 1 · XL 0 · XXL 0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save 3 pieces' }));
    await waitFor(() => expect(within(dialog).getByTestId('save-names-error').textContent).toBe('Row 3: please enter a number: this design prints one on every piece'));
    expect(sent).toEqual([
      {
        quantity: { s: 1, m: 1, l: 1, xl: 0, xxl: 0 },
        roster: [...roster, { size: 'S', name: 'IYER', number: '5' }],
      },
    ]);
  });
});

describe('a personalised cart line in Hindi', () => {
  it('edits the names in a Hindi dialog', async () => {
    await inHindi();
    signedIn();
    mockApi(async (_m, path) => {
      if (path === '/api/cart') return ok(cart([{ ...teamLine(), personalisation: { ...teamLine().personalisation!, label: 'नाम और नंबर' } }]));
      if (path === '/api/products/64f1a2b3c4d5e6f708190a05') return ok(product({ _id: '64f1a2b3c4d5e6f708190a05', name: 'T-Shirt Normal' }));
      return undefined;
    });
    renderRoutes([{ path: '/cart', element: <CartPage /> }], '/cart');
    const row = await screen.findByTestId('cart-line');
    expect(within(row).getByText('2 नाम और नंबर')).toBeTruthy();
    await userEvent.click(await screen.findByRole('button', { name: 'नाम बदलें: T-Shirt Normal (white)' }));
    const dialog = await screen.findByRole('dialog', { name: 'नाम बदलें: T-Shirt Normal (white)' });
    await within(dialog).findByTestId('roster-rows');
    fireEvent.change(within(dialog).getByLabelText('सूची पेस्ट करें: हर लाइन में नाम, नंबर, साइज़'), { target: { value: 'iyer, 5, s' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'ये पंक्तियाँ जोड़ें' }));
    expect(within(dialog).getByTestId('roster-status').textContent).toBe('1 पंक्ति जोड़ी गई।');
    expect(within(dialog).getByRole('button', { name: '3 पीस सहेजें' })).toBeTruthy();
    // The rows' own names and the product's name, colour and sizes aside (the paste box's example is names too).
    const own = ['SHARMA', 'RAO', 'IYER', 'Shirt', 'Normal', 'white', 'XXL', 'Sharma', 'Brien', 'CSV'];
    expect(englishLeft(dialog, own)).toEqual([]);
  });
});
