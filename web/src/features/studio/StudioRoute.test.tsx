import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { mockApi, ok, product, renderAt } from '../../test/testkit';
import { FACTS } from '../../lib/engine';
import { StudioRoute } from './StudioRoute';
import { openingPicture } from './StudioShell';

const tee = product({ name: 'Polo', colors: ['white', 'black'] });

beforeEach(() => {
  // jsdom measures nothing: the design canvas only needs to be able to observe its box.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});

describe("the studio's first screen", () => {
  it("shows the garment's picture at once, and the studio once the picture has loaded", async () => {
    mockApi((_m, path) => (path === `/api/products/${tee._id}` ? ok(tee) : undefined));
    renderAt('/design', <StudioRoute />, `/design?productId=${tee._id}&color=black`);
    const picture = (await screen.findByRole('img', { name: 'Polo front' })) as HTMLImageElement;
    // The studio's own picture: the colour asked for, at the size the studio draws it.
    expect([picture.getAttribute('src'), picture.width, picture.height]).toEqual([`/api/files/products/${tee._id}/black-front.webp`, 600, 720]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('View Your Polo');
    expect(screen.getByRole('status').textContent).toBe('Loading the studio...');
    // No controls yet: the studio's code is asked for once the picture has loaded.
    expect(screen.queryByRole('radiogroup', { name: 'Print area' })).toBeNull();

    fireEvent.load(picture);
    expect(await screen.findByRole('radiogroup', { name: 'Print area' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Polo front' }).getAttribute('src')).toBe(`/api/files/products/${tee._id}/black-front.webp`);
  });

  it('opens on the side of the first print area, in the default colour unless one is asked for', () => {
    const backFirst = product({ printAreas: [FACTS.printAreas[1], FACTS.printAreas[0]] });
    expect(openingPicture(backFirst, null)).toEqual({ side: 'back', url: backFirst.colorImages[0].backImage?.url });
    expect(openingPicture(tee, 'BLACK').url).toBe(`/api/files/products/${tee._id}/black-front.webp`);
  });
});
