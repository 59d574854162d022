import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fail, mockApi, ok, product, renderAt, signedIn } from '../../test/testkit';
import StudioPage from './StudioPage';

// The 3D view without WebGL.
vi.mock('./Studio3D', () => ({ default: () => <div data-testid="studio-3d" /> }));

const tee = product({ name: 'Classic Tee' });
/** A chosen file with the browser's arrayBuffer() (jsdom's File lacks it). */
function svgFile(text: string, name = 'logo.svg') {
  const bytes = new TextEncoder().encode(text);
  return Object.assign(new File([bytes], name, { type: 'image/svg+xml' }), { arrayBuffer: async () => bytes.buffer });
}

const LOGO = '<svg xmlns="http://www.w3.org/2000/svg" width="30" height="15"><script>alert(1)</script><rect width="30" height="15"/></svg>';

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('ResizeObserver', class { observe() {} disconnect() {} });
});

/** Opens the studio's Upload tab (signed in or not); `artwork` answers PUT /api/artwork. */
async function uploadTab(artwork?: () => ReturnType<typeof ok>) {
  const puts: string[] = [];
  mockApi((method, path) => {
    if (path === `/api/products/${tee._id}`) return ok(tee);
    if (method === 'PUT' && path.startsWith('/api/artwork/')) {
      puts.push(path);
      return artwork?.();
    }
    return undefined;
  });
  renderAt('/design', <StudioPage />, `/design?productId=${tee._id}&color=white`);
  return { input: await screen.findByLabelText('Upload image'), puts };
}

describe('an SVG logo in the Upload tab', () => {
  it('asks a guest to sign in, sending nothing', async () => {
    const { input, puts } = await uploadTab();
    await userEvent.upload(input, svgFile(LOGO));
    expect(await screen.findByText(/Please sign in to add an SVG logo/)).toBeTruthy();
    expect(puts).toEqual([]);
  });

  it('refuses one over the server’s 1 MB before reading it', async () => {
    signedIn();
    const { input, puts } = await uploadTab();
    const big = new File([LOGO + ' '.repeat(1024 * 1024)], 'big.svg', { type: 'image/svg+xml' });
    await userEvent.upload(input, big);
    expect(await screen.findByText('This SVG could not be used: it is over 1 MB')).toBeTruthy();
    expect(puts).toEqual([]);
  });

  it('says why the server’s sanitiser refused one', async () => {
    signedIn();
    const { input, puts } = await uploadTab(() => fail(422, 'This SVG could not be used: it declares a DTD or entities'));
    await userEvent.upload(input, svgFile(LOGO));
    await userEvent.click(screen.getByRole('button', { name: 'Add Image' }));
    expect(await screen.findByText('This SVG could not be used: it declares a DTD or entities')).toBeTruthy();
    expect(puts).toHaveLength(1);
  });

  it('says a file that is no SVG is not one', async () => {
    signedIn();
    const { input } = await uploadTab(() => ok({ sha256: 'a'.repeat(64), mime: 'image/png', bytes: 10, width: 1, height: 1 }));
    await userEvent.upload(input, svgFile('not really'));
    await userEvent.click(screen.getByRole('button', { name: 'Add Image' }));
    expect(await screen.findByText(/This file is not an SVG logo/)).toBeTruthy();
  });
});
