import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApi, ok, product, renderAt, signedIn } from '../../../test/testkit';
import { editForm } from './editForm';
import { ProductFormDialog } from './ProductFormDialog';

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);
/** The server refusing a chart, as the API answers: 400 with the engine's message and code. */
const refused = (message: string) => ({ status: 400, body: { success: false, message, code: 'INVALID_SIZE_CHART' } });

const CHART = { unit: 'in', measurements: ['Chest', 'Length'], rows: { M: [40, 28], L: [42, 29], '3XL': [48, 31.5] } };

afterEach(() => vi.restoreAllMocks());

describe("the product form's size chart", () => {
  it('creates a product with sizes S, M and 3XL and a Chest and Length chart with a row per size', async () => {
    signedIn({ role: 'admin' });
    const bodies: Record<string, unknown>[] = [];
    mockApi(async (method, path, _url, request) => {
      if (path === '/api/upload/presigned-url') return { status: 200, body: { success: true, message: 'OK', data: { uploadUrl: '/api/storage/models/tee.glb', s3Key: 'white/tee.glb', bucket: 'models', fileUrl: '/api/files/models/white/tee.glb' } } };
      if (method === 'PUT' && path.startsWith('/api/storage/')) return ok(null);
      if (method === 'POST' && path === '/api/products') {
        const body = (await request.json()) as Record<string, unknown>;
        bodies.push(body);
        return ok(product({ name: String(body.name) }));
      }
      return undefined;
    });
    const onSaved = vi.fn();
    renderAt('/admin/products', <ProductFormDialog onClose={() => {}} onSaved={onSaved} />);
    await userEvent.type(screen.getByLabelText(/^Name/), 'Team Tee');
    await userEvent.type(screen.getByLabelText(/^Price/), '499');
    await userEvent.type(screen.getByLabelText('Color name'), 'white');
    await userEvent.upload(screen.getByLabelText(/^3D model/), new File(['glb'], 'tee.glb', { type: 'model/gltf-binary' }));

    // Sizes S, M, 3XL; a new product has no chart.
    for (const size of ['L', 'XL', 'XXL']) await userEvent.click(screen.getByRole('button', { name: `Remove ${size}` }));
    await userEvent.click(screen.getByRole('button', { name: 'Add size' }));
    await userEvent.type(field('Size 3 label'), '3XL');
    expect(screen.getByTestId('size-chart-editor').textContent).toContain('No size chart');

    // Measurements named from the keyboard: the new name has the focus.
    await userEvent.click(screen.getByRole('button', { name: 'Add measurement' }));
    expect(document.activeElement).toBe(field('Measurement 1 name'));
    await userEvent.keyboard('Chest');
    await userEvent.click(screen.getByRole('button', { name: 'Add measurement' }));
    await userEvent.keyboard('Length');
    await userEvent.click(screen.getByLabelText('Centimetres (cm)'));
    for (const [cell, typed] of [
      ['S Chest', '97'],
      ['S Length', '69'],
      ['M Chest', '102'],
      ['M Length', '71'],
      ['3XL Chest', '122'],
      ['3XL Length', ' 79.5 '],
    ]) {
      await userEvent.type(field(cell), typed);
    }

    await userEvent.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('Product "Team Tee" created successfully'));
    expect(bodies[0].sizes).toEqual(['S', 'M', '3XL']);
    expect(bodies[0].sizeChart).toEqual({ unit: 'cm', measurements: ['Chest', 'Length'], rows: { S: [97, 69], M: [102, 71], '3XL': [122, 79.5] } });
  });

  it("starts from the product's chart; a size added gets its row, a size removed loses it, a renamed one keeps its numbers", async () => {
    const p = product({ sizes: ['M', 'L', '3XL'], sizeChart: CHART });
    const { bodies, onSaved } = editForm(p, () => ok(p));
    expect(screen.getByLabelText<HTMLInputElement>('Inches (in)').checked).toBe(true);
    expect(field('Measurement 2 name').value).toBe('Length');
    expect(field('3XL Length').value).toBe('31.5');

    await userEvent.click(screen.getByRole('button', { name: 'Add size' }));
    await userEvent.type(field('Size 4 label'), '4XL');
    expect(field('4XL Chest').value).toBe('');
    await userEvent.type(field('4XL Chest'), '50');
    await userEvent.type(field('4XL Length'), '32');
    await userEvent.click(screen.getByRole('button', { name: 'Remove L' }));
    expect(screen.queryByLabelText('L Chest')).toBeNull();
    await userEvent.clear(field('Size 2 label'));
    await userEvent.type(field('Size 2 label'), 'XXXL');
    expect(field('XXXL Chest').value).toBe('48');

    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodies[0].sizes).toEqual(['M', 'XXXL', '4XL']);
    expect(bodies[0].sizeChart).toEqual({ unit: 'in', measurements: ['Chest', 'Length'], rows: { M: [40, 28], XXXL: [48, 31.5], '4XL': [50, 32] } });
  });

  it('removes the chart when its measurements are all removed', async () => {
    const p = product({ sizes: ['M', 'L', '3XL'], sizeChart: CHART });
    const { bodies, onSaved } = editForm(p, () => ok(p));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Chest measurement' }));
    expect(screen.queryByLabelText('M Chest')).toBeNull();
    expect(document.activeElement).toBe(field('Measurement 1 name'));
    await userEvent.click(screen.getByRole('button', { name: 'Remove Length measurement' }));
    expect(screen.getByTestId('size-chart-editor').textContent).toContain('No size chart');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add measurement' }));

    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodies[0].sizeChart).toEqual({ unit: 'in', measurements: [], rows: {} });
  });

  it("shows the server's refusal, and names a cell it cannot read without asking the server", async () => {
    const p = product({ sizes: ['M', 'L', '3XL'], sizeChart: CHART });
    const { bodies } = editForm(p, () => refused("Size chart: size 3XL's measurements must be above 0 and at most 250"));
    await userEvent.clear(field('3XL Chest'));
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Size chart: enter 3XL Chest as a number, e.g. 40.5');
    await userEvent.type(field('3XL Chest'), '4O');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(screen.getByRole('alert').textContent).toBe('Size chart: enter 3XL Chest as a number, e.g. 40.5');
    expect(bodies).toHaveLength(0);

    await userEvent.clear(field('3XL Chest'));
    await userEvent.type(field('3XL Chest'), '480');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe("Failed to update product: Size chart: size 3XL's measurements must be above 0 and at most 250"));
    expect((bodies[0].sizeChart as typeof CHART).rows['3XL']).toEqual([480, 31.5]);
  });

  it('sends no chart for a product without one', async () => {
    const p = product();
    const { bodies, onSaved } = editForm(p, () => ok(p));
    expect(screen.getByTestId('size-chart-editor').textContent).toContain('No size chart');
    expect(screen.queryByLabelText('Inches (in)')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(bodies[0].sizeChart).toEqual({ unit: 'in', measurements: [], rows: {} });
  });
});
