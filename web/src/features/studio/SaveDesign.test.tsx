import { useLayoutEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, garment, mockApi, ok, renderRoutes, signedIn } from '../../test/testkit';
import type { SavedDesign } from '../../api/designs';
import type { Studio } from '../../lib/engine';
import { draftKey, draftOrigin, setDraftOrigin } from '../../lib/studioDraft';
import { SaveDesign } from './SaveDesign';
import { OTHER_PRODUCT, useSavedDesign } from './useSavedDesign';
import type { DesignDoc, StudioHandle } from './useStudio';

const productId = 'p'.repeat(24);
const id = 'd'.repeat(24);
const doc = (text: string) =>
  ({
    version: 1,
    productId,
    color: 'white',
    areas: { leftChest: { text: { text, font: 'Arial', size: 16, color: '#000000', position: { x: 50, y: 50 } }, image: null }, back: { text: null, image: null } },
    quantities: { s: 0, m: 5, l: 0, xl: 0, xxl: 0 },
    materialQuality: 'Premium',
    printQuality: 'High',
  }) satisfies DesignDoc;

/** A studio handle showing `design` (the engine is not needed to save). */
function handleOf(design: DesignDoc): StudioHandle {
  return { studio: { design: () => design } as unknown as Studio, design, version: 0, change: () => null, discardDraft: vi.fn(), textReady: true, loadFonts: async () => null, garment: garment() };
}

const savedAs = (name: string, version: number, design: unknown): SavedDesign =>
  ({ _id: id, name, version, design, productId, productName: 'T-Shirt Normal', color: 'white' }) as SavedDesign;

function renderSave(design: DesignDoc, at = '/design') {
  const onMessage = vi.fn();
  const view = renderRoutes([{ path: '/design', element: <SaveDesign handle={handleOf(design)} openError={null} onMessage={onMessage} /> }], at);
  return { ...view, onMessage };
}

describe('SaveDesign', () => {
  it('asks a visitor to log in', async () => {
    mockApi(() => undefined);
    renderSave(doc('Hi'));
    expect((await screen.findByRole('link', { name: 'Log in to save your design' })).getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: 'Save design' })).toBeNull();
  });

  it('names a new design (Custom Design unless changed), creates it and remembers it in the address', async () => {
    signedIn();
    const bodies: unknown[] = [];
    mockApi(async (method, path, _url, request) => {
      if (method !== 'POST' || path !== '/api/designs') return undefined;
      const body = (await request.json()) as { name: string; design: unknown };
      bodies.push(body);
      return { status: 201, body: { success: true, message: 'Design saved', data: savedAs(body.name, 1, body.design) } };
    });
    const design = doc('Team Legacy');
    const { router, onMessage } = renderSave(design);
    const u = userEvent.setup();
    expect((await screen.findByTestId('save-state')).textContent).toBe('Not saved yet');
    await u.click(screen.getByRole('button', { name: 'Save design' }));
    const name = screen.getByLabelText('Design name') as HTMLInputElement;
    expect(name.value).toBe('Custom Design');
    await u.clear(name);
    await u.type(name, 'My tee');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('save-state').textContent).toBe('My tee · Saved'));
    expect(bodies).toEqual([{ name: 'My tee', design }]);
    expect(router.state.location.search).toBe(`?savedDesign=${id}`);
    expect(draftOrigin(productId)).toEqual({ id, version: 1, name: 'My tee', baseline: JSON.stringify(design) });
    expect(onMessage).toHaveBeenCalledWith('ok', 'Design saved as “My tee”');
  });

  it('stores a new version of a saved design with the version it was opened at', async () => {
    signedIn();
    setDraftOrigin(productId, { id, version: 3, name: 'Club tee', baseline: JSON.stringify(doc('Old')) });
    const puts: unknown[] = [];
    mockApi(async (method, path, _url, request) => {
      if (method !== 'PUT' || path !== `/api/designs/${id}`) return undefined;
      const body = (await request.json()) as { version: number; design: unknown };
      puts.push(body);
      return ok(savedAs('Club tee', body.version + 1, body.design), 'Design updated');
    });
    const changed = doc('New');
    renderSave(changed, `/design?savedDesign=${id}`);
    const u = userEvent.setup();
    expect((await screen.findByTestId('save-state')).textContent).toBe('Club tee · Unsaved changes');
    expect(screen.getByRole('button', { name: 'Save as new' })).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Save design' }));
    await waitFor(() => expect(screen.getByTestId('save-state').textContent).toBe('Club tee · Saved'));
    expect(puts).toEqual([{ version: 3, design: changed }]);
    expect(draftOrigin(productId)?.version).toBe(4);
    // Nothing changed since: nothing to save.
    expect((screen.getByRole('button', { name: 'Save design' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the server’s words when the design was saved elsewhere meanwhile (409)', async () => {
    signedIn();
    setDraftOrigin(productId, { id, version: 3, name: 'Club tee', baseline: 'as opened' });
    const changedElsewhere = 'This design was changed elsewhere. Reload it and try again.';
    mockApi((method, path) => (method === 'PUT' && path === `/api/designs/${id}` ? { status: 409, body: { success: false, message: changedElsewhere, code: 'DESIGN_CHANGED' } } : undefined));
    const { onMessage } = renderSave(doc('New'), `/design?savedDesign=${id}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Save design' }));
    await waitFor(() => expect(onMessage).toHaveBeenCalledWith('error', changedElsewhere));
    expect(screen.getByTestId('save-state').textContent).toBe('Club tee · Unsaved changes');
    expect(draftOrigin(productId)?.version).toBe(3);
  });
});

describe('useSavedDesign', () => {
  const server = (version: number, productOf = productId) => ({ ...savedAs('Club tee', version, { ...doc('From server'), productId: productOf }), productId: productOf });

  it('makes the saved design the draft before the studio starts', async () => {
    signedIn();
    localStorage.setItem(draftKey(productId), JSON.stringify(doc('Something else')));
    mockApi((_method, path) => (path === `/api/designs/${id}` ? ok(server(2)) : undefined));
    const { result } = renderHook(() => useSavedDesign(productId, id));
    expect(result.current.ready).toBe(false);
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.error).toBeNull();
    expect(JSON.parse(localStorage.getItem(draftKey(productId))!).areas.leftChest.text.text).toBe('From server');
    expect(draftOrigin(productId)).toEqual({ id, version: 2, name: 'Club tee', baseline: null });
  });

  it('keeps a draft that already is this version (unsaved changes survive a reload)', async () => {
    signedIn();
    localStorage.setItem(draftKey(productId), JSON.stringify(doc('My unsaved change')));
    setDraftOrigin(productId, { id, version: 2, name: 'Club tee', baseline: 'as saved' });
    mockApi((_method, path) => (path === `/api/designs/${id}` ? ok(server(2)) : undefined));
    const { result } = renderHook(() => useSavedDesign(productId, id));
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(JSON.parse(localStorage.getItem(draftKey(productId))!).areas.leftChest.text.text).toBe('My unsaved change');
    expect(draftOrigin(productId)?.baseline).toBe('as saved');
  });

  it('says why a design cannot be opened, and opens the studio on its own draft as a new design', async () => {
    signedIn();
    setDraftOrigin(productId, { id: 'e'.repeat(24), version: 1, name: 'Other', baseline: null });
    mockApi((_method, path) => (path === `/api/designs/${id}` ? ok(server(2, 'q'.repeat(24))) : fail(404, 'Design not found')));
    const { result } = renderHook(() => useSavedDesign(productId, id));
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(result.current.error).toBe(OTHER_PRODUCT);
    expect(draftOrigin(productId)).toBeNull();
  });

  it("without a saved design the draft's origin is forgotten before the studio's own layout effect opens it", () => {
    setDraftOrigin(productId, { id, version: 1, name: 'Club tee', baseline: null });
    mockApi(() => undefined);
    // As StudioPage: the hook, then the studio opening in a layout effect (useStudio), where SaveDesign may mount.
    const seen: unknown[] = [];
    renderHook(() => {
      const opened = useSavedDesign(productId, null);
      useLayoutEffect(() => {
        if (opened.ready) seen.push(draftOrigin(productId));
      }, [opened.ready]);
      return opened;
    });
    expect(seen).toEqual([null]);
  });

  it('without a saved design the draft is a new design', async () => {
    setDraftOrigin(productId, { id, version: 1, name: 'Club tee', baseline: null });
    mockApi(() => undefined);
    const { result } = renderHook(() => useSavedDesign(productId, null));
    await waitFor(() => expect(result.current.ready).toBe(true));
    expect(draftOrigin(productId)).toBeNull();
  });
});
