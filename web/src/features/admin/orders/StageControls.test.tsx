import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, ok, order, renderAt, signedIn } from '../../../test/testkit';
import { BulkStageBar, OrderStage } from './StageControls';

const STAGES = ['Printing', 'Quality check', 'Packed'];

function stagesApi(handler: (method: string, path: string, body: unknown) => ReturnType<typeof ok> | undefined) {
  const seen: { method: string; path: string; body: unknown }[] = [];
  mockApi(async (method, path, _url, request) => {
    if (path === '/api/orders/stages' && method === 'GET') return ok(STAGES);
    if (path.startsWith('/api/auth/')) return undefined;
    const body = method === 'GET' ? undefined : await request.json();
    seen.push({ method, path, body });
    return handler(method, path, body);
  });
  return seen;
}

describe('Production stage controls', () => {
  it('moves one order in processing and shows the server’s refusal', async () => {
    signedIn({ role: 'admin' });
    let n = 0;
    const seen = stagesApi((method, path) => {
      if (method !== 'PUT' || path !== '/api/orders/o1/stage') return undefined;
      n += 1;
      return n === 1 ? ok(order(1)) : fail(409, 'Order LT-1 is at Packed: a stage can go back only one step, to correct a mistake.');
    });
    const notify = { success: vi.fn(), error: vi.fn() };
    renderAt('/', <OrderStage order={order(1, { status: 'processing', isPaid: true })} notify={notify} />);
    const user = userEvent.setup();
    const select = await screen.findByRole('combobox', { name: /Production stage of order/ });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(4));
    await user.selectOptions(select, 'Quality check');
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith(expect.stringMatching(/moved to Quality check$/)));
    expect(seen[0]).toEqual({ method: 'PUT', path: '/api/orders/o1/stage', body: { stage: 'Quality check' } });
    await user.selectOptions(select, 'Printing');
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Order LT-1 is at Packed: a stage can go back only one step, to correct a mistake.'));
  });

  it('shows nothing for an order not in processing', () => {
    stagesApi(() => undefined);
    const { container } = renderAt('/', <OrderStage order={order(2, { status: 'shipped' })} notify={{ success: vi.fn(), error: vi.fn() }} />);
    expect(container.querySelector('.order-stage')).toBeNull();
  });

  it('moves the selected orders together and names each one that did not move', async () => {
    signedIn({ role: 'admin' });
    const seen = stagesApi((method, path) =>
      method === 'POST' && path === '/api/orders/stages'
        ? ok({
            moved: 1,
            results: [
              { orderId: 'o1', orderNumber: 'LT-1', moved: true },
              { orderId: 'o2', moved: false, reason: 'Order LT-2 is shipped: production stages apply only to orders in processing.' },
            ],
          })
        : undefined,
    );
    const notify = { success: vi.fn(), error: vi.fn() };
    const onDone = vi.fn();
    renderAt('/', <BulkStageBar selected={[order(1), order(2)]} notify={notify} onDone={onDone} />);
    const user = userEvent.setup();
    expect(screen.getByText('2 selected')).toBeTruthy();
    const move = screen.getByRole('button', { name: 'Move to stage' });
    expect((move as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(4));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Stage for the selected orders' }), 'Packed');
    await user.click(move);
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(seen[0].body).toEqual({ orderIds: [order(1)._id, order(2)._id], stage: 'Packed' });
    expect(notify.success).toHaveBeenCalledWith('1 of 2 orders moved to Packed');
    expect(notify.error).toHaveBeenCalledWith('Order LT-2 is shipped: production stages apply only to orders in processing.');
  });
});
