import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FACTS } from '../../../lib/facts.gen';
import { fail, mockApi, ok, product, renderAt, signedIn } from '../../../test/testkit';
import { editForm } from './editForm';
import { ProductFormDialog } from './ProductFormDialog';

const value = (label: string) => screen.getByLabelText<HTMLInputElement>(label).value;

/** The create form, with a fake upload API and the POST bodies the fake server received. */
function createForm(answer: (body: Record<string, unknown>) => ReturnType<typeof ok>) {
  signedIn({ role: 'admin' });
  const bodies: Record<string, unknown>[] = [];
  mockApi(async (method, path, _url, request) => {
    if (path === '/api/upload/presigned-url') return { status: 200, body: { success: true, message: 'OK', data: { uploadUrl: '/api/storage/models/tee.glb', s3Key: 'maroon/tee.glb', bucket: 'models', fileUrl: '/api/files/models/maroon/tee.glb' } } };
    if (method === 'PUT' && path.startsWith('/api/storage/')) return ok(null);
    if (method === 'POST' && path === '/api/products') {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return answer(body);
    }
    return undefined;
  });
  const onSaved = vi.fn();
  renderAt('/admin/products', <ProductFormDialog onClose={() => {}} onSaved={onSaved} />);
  return { bodies, onSaved };
}

afterEach(() => vi.restoreAllMocks());

describe("the product form's garment", () => {
  it('creates a product with its own print area placed by keyboard, sizes to 4XL with surcharges and a swatch for a new colour', async () => {
    const { bodies, onSaved } = createForm((body) => ok(product({ name: String(body.name) })));
    await userEvent.type(screen.getByLabelText(/^Name/), 'Team Tee');
    await userEvent.type(screen.getByLabelText(/^Price/), '499');
    await userEvent.type(screen.getByLabelText('Color name'), 'Maroon');
    await userEvent.upload(screen.getByLabelText(/^3D model/), new File(['glb'], 'tee.glb', { type: 'model/gltf-binary' }));
    // Maroon is not one of the store's colours: it needs its swatch.
    fireEvent.input(screen.getByLabelText('Swatch for maroon'), { target: { value: '#800000' } });

    // The built-in sizes, then two more with surcharges.
    expect(screen.getAllByLabelText(/^Size \d+ label$/).map((i) => (i as HTMLInputElement).value)).toEqual(FACTS.sizes);
    for (const [label, extra] of [
      ['3XL', '50'],
      ['4XL', '75.00'],
    ]) {
      await userEvent.click(screen.getByRole('button', { name: 'Add size' }));
      const n = screen.getAllByLabelText(/^Size \d+ label$/).length;
      await userEvent.type(screen.getByLabelText(`Size ${n} label`), label);
      await userEvent.type(screen.getByLabelText(`Size ${n} extra ₹`), extra);
    }

    // The built-in areas, then a 3 × 4 inch left sleeve, moved and narrowed with the keyboard.
    expect(value('Print area 1 key')).toBe('leftChest');
    expect(value('Print area 2 key')).toBe('back');
    await userEvent.click(screen.getByRole('button', { name: 'Add print area' }));
    await userEvent.type(screen.getByLabelText('Print area 3 key'), 'leftSleeve');
    await userEvent.type(screen.getByLabelText('Print area 3 label'), 'Left Sleeve');
    await userEvent.type(screen.getByLabelText('Print area 3 width (in)'), '3');
    await userEvent.type(screen.getByLabelText('Print area 3 height (in)'), '4');
    screen.getByRole('button', { name: /^Left Sleeve box/ }).focus();
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}{ArrowDown}{ArrowDown}{Shift>}{ArrowLeft}{ArrowUp}{/Shift}');
    expect(screen.getByRole('button', { name: /^Left Sleeve box/ }).getAttribute('aria-label')).toBe('Left Sleeve box: 37% from the left, 37% from the top, 19% by 19%');
    expect(value('Print area 3 box left (%)')).toBe('37');
    expect(value('Print area 3 box width (%)')).toBe('19');

    await userEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Product "Team Tee" created successfully'));
    expect(bodies[0].printAreas).toEqual([
      ...FACTS.printAreas,
      { key: 'leftSleeve', label: 'Left Sleeve', widthInches: 3, heightInches: 4, side: 'front', box: { x: 37, y: 37, w: 19, h: 19 } },
    ]);
    expect(bodies[0].sizes).toEqual([...FACTS.sizes, '3XL', '4XL']);
    expect(bodies[0].sizePrices).toEqual({ '3XL': 5000, '4XL': 7500 });
    expect(bodies[0].colorHex).toEqual({ maroon: '#800000' });
  });

  it("shows the server's message when it refuses a new product's print areas", async () => {
    const { bodies } = createForm(() => fail(400, 'Print area 3: the key must be camelCase letters and digits, at most 24, e.g. leftSleeve'));
    await userEvent.type(screen.getByLabelText(/^Name/), 'Team Tee');
    await userEvent.type(screen.getByLabelText(/^Price/), '499');
    await userEvent.type(screen.getByLabelText('Color name'), 'white');
    expect(screen.queryByLabelText(/^Swatch for/)).toBeNull();
    await userEvent.upload(screen.getByLabelText(/^3D model/), new File(['glb'], 'tee.glb', { type: 'model/gltf-binary' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add print area' }));
    await userEvent.type(screen.getByLabelText('Print area 3 key'), 'left sleeve');
    await userEvent.type(screen.getByLabelText('Print area 3 label'), 'Left Sleeve');
    await userEvent.type(screen.getByLabelText('Print area 3 width (in)'), '3');
    await userEvent.type(screen.getByLabelText('Print area 3 height (in)'), '4');
    await userEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Print area 3: the key must be camelCase letters and digits, at most 24, e.g. leftSleeve'));
    expect((bodies[0].printAreas as { key: string }[])[2].key).toBe('left sleeve');
    expect(bodies[0].colorHex).toEqual({});
  });

  it("edits a product's own areas and sizes, and shows the server's message when it refuses them", async () => {
    const sleeve = { key: 'leftSleeve', label: 'Left Sleeve', widthInches: 3, heightInches: 4, side: 'front', box: { x: 10, y: 30, w: 12, h: 14 } };
    const p = product({ sizes: ['M', 'L', '3XL'], sizePrices: { '3XL': 5000 }, printAreas: [sleeve], colorHex: {} });
    const { bodies } = editForm(p, () => fail(400, 'Size prices: 3XL\'s surcharge must be 0 to ₹10,000 a piece'));
    // The area sits over the first colour's front picture; the surcharge shows in rupees.
    expect(screen.getByRole<HTMLImageElement>('img', { name: 'Front of the white colour' }).getAttribute('src')).toBe(p.colorImages[0].frontImage?.url);
    expect(value('Size 3 extra ₹')).toBe('50');

    await userEvent.click(screen.getByRole('button', { name: 'Move 3XL up' }));
    await userEvent.clear(screen.getByLabelText('Size 2 extra ₹'));
    await userEvent.type(screen.getByLabelText('Size 2 extra ₹'), '20000');
    await userEvent.selectOptions(screen.getByLabelText('Print area 1 side'), 'back');
    expect(screen.getByRole('img', { name: 'Back of the white colour' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe("Failed to update product: Size prices: 3XL's surcharge must be 0 to ₹10,000 a piece"));
    expect(bodies[0].sizes).toEqual(['M', '3XL', 'L']);
    expect(bodies[0].sizePrices).toEqual({ '3XL': 2000000 });
    expect(bodies[0].printAreas).toEqual([{ ...sleeve, side: 'back' }]);
    expect(bodies[0].colorHex).toEqual({});
  });

  it('names a surcharge or inches it cannot read without asking the server', async () => {
    const p = product();
    const { bodies } = editForm(p, () => ok(p));
    await userEvent.type(screen.getByLabelText('Size 4 extra ₹'), '5.555');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Size XL: enter the surcharge in rupees, e.g. 50 or 75.50');

    await userEvent.clear(screen.getByLabelText('Size 4 extra ₹'));
    await userEvent.clear(screen.getByLabelText('Print area 2 width (in)'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Print area 2: enter the width in inches, e.g. 3.5'));
    expect(bodies).toHaveLength(0);
  });

  it('drags a box by its middle and its corner, inside the picture', async () => {
    const p = product();
    editForm(p, () => ok(p));
    // The stage is 300 × 360 px: 3 px across is 1%, 3.6 px down is 1%.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ x: 0, y: 0, left: 0, top: 0, width: 300, height: 360, right: 300, bottom: 360, toJSON: () => ({}) });
    const box = screen.getByRole('button', { name: /^Left Chest box/ });
    fireEvent.pointerDown(box, { button: 0, clientX: 100, clientY: 100, pointerId: 1 });
    fireEvent.pointerMove(box, { clientX: 106, clientY: 118, pointerId: 1 });
    fireEvent.pointerUp(box, { pointerId: 1 });
    expect(value('Print area 1 box left (%)')).toBe('57.5');
    expect(value('Print area 1 box top (%)')).toBe('32.75');

    // The bottom-right corner, dragged far past the picture's edge: the box stops at it.
    const corner = box.querySelector('.area-handle.se')!;
    fireEvent.pointerDown(corner, { button: 0, clientX: 200, clientY: 200, pointerId: 1 });
    fireEvent.pointerMove(corner, { clientX: 900, clientY: 230, pointerId: 1 });
    fireEvent.pointerUp(corner, { pointerId: 1 });
    expect(value('Print area 1 box width (%)')).toBe('42.5');
    expect(value('Print area 1 box height (%)')).toBe('20.83');
  });
});
