// Group orders as the API answers them, for the group pages' tests.
import type { GroupOrder, GroupRow, GroupRowRequest, MyGroupPiece, MyGroupPieces, PublicGroupOrder } from '../api/groupOrders';
import { designDoc, ok, product, type FakeResponse } from './testkit';

export const GROUP_ID = 'a'.repeat(24);
/** The groups' product (`p1`): the built-in sizes, a 3XL for ₹50 more, and a size chart. */
export const GROUP_PRODUCT = product({
  _id: 'p1',
  name: 'T-Shirt Normal',
  sizes: ['S', 'M', 'L', 'XL', 'XXL', '3XL'],
  sizePrices: { '3XL': 5000 },
  sizeChart: { unit: 'inches', measurements: ['Chest'], rows: { S: [38], M: [40], L: [42], XL: [44], XXL: [46], '3XL': [48] } },
});

/** The groups' product as GET /api/products/p1 answers it (undefined for any other path). */
export function productAnswer(path: string): FakeResponse | undefined {
  return path === `/api/products/${GROUP_PRODUCT._id}` ? ok(GROUP_PRODUCT) : undefined;
}
export const GROUP_TOKEN = 'b'.repeat(32);
const style = { font: 'Arial', height: 12, color: '#111111', position: { x: 50, y: 20 } } as const;

/** A tee with a text on the back; with a name and a number too when `team`. */
export function groupDesign(team = false): GroupOrder['design'] {
  const text = { text: 'Chess Club', font: 'Arial' as const, size: 24, color: '#111111', position: { x: 50, y: 50 } };
  return designDoc({
    quantities: { s: 0, m: 0, l: 0, xl: 0, xxl: 0 },
    areas: { leftChest: { text: null, image: null }, back: { text, image: null, ...(team ? { name: style, number: { ...style, height: 45 } } : {}) } },
  });
}

export function groupRow(n: number, overrides: Partial<GroupRow> = {}): GroupRow {
  return { _id: `r${n}`, member: `Member ${n}`, topUp: false, size: 'M', joinedAt: Date.UTC(2026, 10, 20, 6, 30), paid: false, ...overrides };
}

export function group(overrides: Partial<GroupOrder> = {}): GroupOrder {
  return {
    _id: GROUP_ID,
    token: GROUP_TOKEN,
    path: `/g/${GROUP_TOKEN}`,
    title: 'Chess Club 2026',
    deadline: Date.UTC(2026, 11, 4, 18, 29),
    deadlinePassed: false,
    payment: 'organiser',
    personalisation: false,
    status: 'open',
    piecesPerMember: 1,
    productId: 'p1',
    productName: 'T-Shirt Normal',
    design: groupDesign(),
    rows: [groupRow(1), groupRow(2, { size: 'L' }), groupRow(3, { member: 'Asha Verma', topUp: true, size: 'XL' })],
    progress: { pieces: 3, paidPieces: 0, paidNeedMore: 25, sizes: { s: 0, m: 2, l: 1, xl: 0, xxl: 0 }, needMore: 22, minimumReached: false, unitPrice: 29900, lineTotal: 89700 },
    toPay: 0,
    createdAt: Date.UTC(2026, 10, 20, 6, 0),
    ...overrides,
  };
}

export function publicGroup(overrides: Partial<PublicGroupOrder> = {}): PublicGroupOrder {
  return {
    title: 'Chess Club 2026',
    organiser: 'Asha',
    payment: 'organiser',
    deadline: Date.UTC(2026, 11, 4, 18, 29),
    deadlinePassed: false,
    status: 'open',
    personalisation: false,
    piecesPerMember: 1,
    productId: 'p1',
    productName: 'T-Shirt Normal',
    design: groupDesign(),
    pieces: 3,
    pricePerPiece: 29900,
    ...overrides,
  };
}

/** A member's pieces as `rows/mine` answers: each piece unpaid unless it says otherwise. */
export function myPieces(pieces: (Partial<MyGroupPiece> & { size: string })[], overrides: Partial<MyGroupPieces> = {}): MyGroupPieces {
  return { pieces: pieces.map((p, i) => ({ _id: `p${i + 1}`, paid: false, ...p })), piecesPerMember: 1, toPay: 0, ...overrides };
}

/**
 * A member's pieces as the server keeps them for the fake API: joining adds a
 * piece, a change replaces one by id, a withdrawal removes one (all, without an id).
 */
export class FakePieces {
  private next = 1;
  constructor(public mine: MyGroupPieces | null) {}
  add(body: GroupRowRequest, extra: Partial<MyGroupPieces> = {}): MyGroupPieces {
    const piece: MyGroupPiece = { _id: `new${this.next++}`, paid: false, ...body, name: body.name ?? undefined, number: body.number ?? undefined };
    this.mine = { ...(this.mine ?? myPieces([])), ...extra, pieces: [...(this.mine?.pieces ?? []), piece] };
    return this.mine;
  }
  change(id: string, body: GroupRowRequest): MyGroupPieces {
    const pieces = this.mine!.pieces.map((p) => (p._id === id ? { ...p, ...body, name: body.name ?? undefined, number: body.number ?? undefined } : p));
    this.mine = { ...this.mine!, pieces };
    return this.mine;
  }
  remove(id?: string) {
    const pieces = id ? (this.mine?.pieces ?? []).filter((p) => p._id !== id) : [];
    this.mine = pieces.length ? { ...this.mine!, pieces } : null;
  }
}
