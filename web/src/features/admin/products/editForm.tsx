// The product form in a test: rendered for one product, with the PUT bodies the fake server received.
import { vi } from 'vitest';
import { mockApi, type ok, type product, renderAt, signedIn } from '../../../test/testkit';
import { ProductFormDialog } from './ProductFormDialog';

/** The product form for `p`, with the PUT bodies the fake server received. */
export function editForm(p: ReturnType<typeof product>, answer: (body: Record<string, unknown>) => ReturnType<typeof ok>) {
  signedIn({ role: 'admin' });
  const bodies: Record<string, unknown>[] = [];
  mockApi(async (method, path, _url, request) => {
    if (method === 'PUT' && path === `/api/products/${p._id}`) {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return answer(body);
    }
    return undefined;
  });
  const onSaved = vi.fn();
  renderAt('/admin/products', <ProductFormDialog product={p} onClose={() => {}} onSaved={onSaved} />);
  return { bodies, onSaved };
}
