import { describe, expect, it } from 'vitest';
import { designImages, uploadDesignImages } from './artwork';
import { fail, mockApi, ok, signedIn } from '../test/testkit';

const sha = (c: string) => c.repeat(64);
const design = (back: string | null, chest: string | null = null) => ({
  areas: {
    leftChest: { text: null, image: chest ? { asset: { sha256: chest } } : null },
    back: { text: null, image: back ? { asset: { sha256: back } } : null },
  },
});

describe('artwork upload', () => {
  it('lists each picture of a design once', () => {
    expect(designImages(design(null))).toEqual([]);
    expect(designImages(design(sha('a'), sha('a')))).toEqual([sha('a')]);
    expect(designImages(design(sha('b'), sha('a'))).sort()).toEqual([sha('a'), sha('b')]);
    expect(designImages(null)).toEqual([]);
  });

  it('asks for the picture again when this browser no longer has it, before sending anything', async () => {
    signedIn();
    const fetchMock = mockApi((_m, path) => (path.startsWith('/api/artwork/') ? ok(true) : undefined));
    await expect(uploadDesignImages(design(sha('c')))).rejects.toThrow('Please upload the image again');
    expect(fetchMock.mock.calls.some(([input]) => String(input instanceof Request ? input.url : input).includes('/api/artwork/'))).toBe(false);
  });

  it('sends nothing for a design without pictures', async () => {
    const fetchMock = mockApi(() => fail(500, 'no'));
    await uploadDesignImages(design(null));
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
