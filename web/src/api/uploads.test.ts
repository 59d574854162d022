import { afterEach, describe, expect, it, vi } from 'vitest';
import { largeFileQuestion, MB, tooLargeMessage, uploadFile } from './uploads';
import { createFailure, pricePaise, progressText, TOO_LARGE, validateProduct, type ColorEntry as ColourEntry } from './adminProducts';
import { ApiError } from '../lib/api';

const envelope = (data: unknown) => Response.json({ success: true, message: 'OK', data });

/** A storage stand-in: the upload API's answers, and PUTs that answer an ETag (or not, for `noEtagFor`). */
function fakeStorage({ noEtagFor }: { noEtagFor?: number } = {}) {
  const seen: { method: string; path: string; body?: unknown; size?: number }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    // The upload client PUTs with a URL and a Blob body (read its size directly: jsdom's Blob is not Node's).
    if (!(input instanceof Request) && init?.method === 'PUT') {
      const url = new URL(String(input), location.href);
      const path = url.pathname;
      const size = (init.body as Blob).size;
      seen.push({ method: 'PUT', path: path + url.search, size });
      const part = Number(url.searchParams.get('partNumber') ?? 0);
      return new Response(null, { status: 200, headers: part === noEtagFor ? {} : { ETag: `"etag-${part}"` } });
    }
    const request = input instanceof Request ? input : new Request(new URL(String(input), location.href), init);
    const path = new URL(request.url, location.href).pathname;
    const body = request.method === 'POST' ? await request.json() : undefined;
    seen.push({ method: request.method, path, body });
    if (path === '/api/upload/presigned-url') return envelope({ uploadUrl: '/api/storage/images/red/1.png?signature=s', s3Key: 'red/1.png', bucket: 'images', fileUrl: '/api/files/images/red/1.png' });
    if (path === '/api/upload/multipart/initiate') return envelope({ uploadId: 'u1', s3Key: 'red/2.glb', bucket: 'models', fileUrl: '/api/files/models/red/2.glb' });
    if (path === '/api/upload/multipart/part-url') return envelope({ uploadUrl: `/api/storage/models/red/2.glb?uploadId=u1&partNumber=${(body as { partNumber: number }).partNumber}` });
    if (path === '/api/upload/multipart/complete') return envelope({ s3Key: 'red/2.glb', bucket: 'models', fileUrl: '/api/files/models/red/2.glb', size: 11 * MB });
    if (path === '/api/upload/multipart/abort') return envelope(true);
    return Response.json({ success: false, message: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return seen;
}

afterEach(() => vi.unstubAllGlobals());

describe('uploads', () => {
  it('sends a small file in one PUT to the URL the server gave', async () => {
    const seen = fakeStorage();
    const ref = await uploadFile(new File([new Uint8Array(1000)], 'front.png', { type: 'image/png' }), 'red');
    expect(ref).toEqual({ fileUrl: '/api/files/images/red/1.png', s3Key: 'red/1.png', bucket: 'images', originalSize: 1000 });
    expect(seen.map((s) => s.method + ' ' + s.path)).toEqual(['GET /api/upload/presigned-url', 'PUT /api/storage/images/red/1.png?signature=s']);
  });

  it('sends a file over 5 MB in 5 MB parts and completes with their ETags in order', async () => {
    const seen = fakeStorage();
    const progress: number[] = [];
    const ref = await uploadFile(new File([new Uint8Array(11 * MB)], 'model.glb'), 'red', (f) => progress.push(f));
    expect(ref.s3Key).toBe('red/2.glb');
    expect(seen.filter((s) => s.method === 'PUT').map((s) => s.size)).toEqual(expect.arrayContaining([5 * MB, 5 * MB, MB]));
    const complete = seen.find((s) => s.path === '/api/upload/multipart/complete')!.body as { parts: unknown[] };
    expect(complete.parts).toEqual([
      { ETag: 'etag-1', PartNumber: 1 },
      { ETag: 'etag-2', PartNumber: 2 },
      { ETag: 'etag-3', PartNumber: 3 },
    ]);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });

  it('aborts the multipart upload when a part answers no ETag', async () => {
    const seen = fakeStorage({ noEtagFor: 2 });
    await expect(uploadFile(new File([new Uint8Array(11 * MB)], 'model.glb'), 'red')).rejects.toThrow('No ETag received for part 2');
    expect(seen.some((s) => s.path === '/api/upload/multipart/abort')).toBe(true);
    expect(seen.some((s) => s.path === '/api/upload/multipart/complete')).toBe(false);
  });

  it('refuses files over 100 MB and asks about files over 50 MB, in the specification words', () => {
    const sized = (mb: number) => ({ name: 'big.glb', size: mb * MB }) as File;
    expect(tooLargeMessage(sized(100.5))).toBe('File "big.glb" is too large (100.5MB). Maximum file size is 100MB.');
    expect(tooLargeMessage(sized(100))).toBeNull();
    expect(largeFileQuestion(sized(60))).toBe('File "big.glb" is 60.0MB. Large files will use multipart upload for better performance. Continue?');
    expect(largeFileQuestion(sized(50))).toBeNull();
  });
});

describe('product form rules', () => {
  const fields = { name: 'Polo', price: '499', description: '', category: '', brand: '', stock: '', hsn: '', countryOfOrigin: '', tiers: null };
  const colour = (over: Partial<ColourEntry> = {}): ColourEntry => ({ name: 'navy', model: new File(['x'], 'a.glb'), front: null, back: null, ...over });

  it('checks name, price, colour names and models in order', () => {
    expect(validateProduct({ ...fields, name: '  ' }, [colour()])).toBe('Please enter a product name');
    expect(validateProduct({ ...fields, price: 'abc' }, [colour()])).toBe('Please enter a valid price');
    expect(validateProduct({ ...fields, price: '0' }, [colour()])).toBe('Please enter a valid price');
    expect(validateProduct(fields, [colour(), colour({ name: ' ' })])).toBe('Please enter a color name for color 2');
    expect(validateProduct(fields, [colour({ model: null })])).toBe('Please upload a GLB file for color 1');
    expect(validateProduct(fields, [colour({ model: null, existingModel: { color: 'navy', fileUrl: '/api/files/models/x.glb' } })])).toBeNull();
    expect(validateProduct(fields, [])).toBe('Select between 1-10 colors');
  });

  it("names tier rows whose numbers cannot be read, and leaves the table's rules to the engine", () => {
    const tiers = (rows: [string, string][]) => ({ ...fields, tiers: rows.map(([minPieces, percentOff]) => ({ minPieces, percentOff })) });
    expect(validateProduct(tiers([['25', '0'], ['', '5']]), [colour()])).toBe('Price tier 2: enter the pieces as a whole number');
    expect(validateProduct(tiers([['25', '0'], ['50.5', '5']]), [colour()])).toBe('Price tier 2: enter the pieces as a whole number');
    expect(validateProduct(tiers([['25', '0'], ['50', 'five']]), [colour()])).toBe('Price tier 2: enter the discount as a percentage, e.g. 5 or 12.5');
    // Out of order, or too much off: the server's engine says so.
    expect(validateProduct(tiers([['25', '0'], ['20', '90']]), [colour()])).toBeNull();
  });

  it('reads prices in rupees into paise, anything else as 0', () => {
    expect(pricePaise('499')).toBe(49900);
    // More than two decimals is refused, as the engine refuses it (design-engine/tests/cases/money.json).
    expect(pricePaise('12.345')).toBe(0);
    expect(pricePaise('abc')).toBe(0);
    expect(pricePaise('')).toBe(0);
  });

  it('names the progress stages at the specification thresholds', () => {
    expect([10, 29, 30, 79, 80, 99, 100].map(progressText)).toEqual([
      'Preparing files...',
      'Preparing files...',
      'Uploading to AWS S3...',
      'Uploading to AWS S3...',
      'Creating product...',
      'Creating product...',
      'Processing...',
    ]);
  });

  it('explains a failed create as section 8 says', () => {
    expect(createFailure(new ApiError('whatever', 413))).toBe(TOO_LARGE);
    expect(createFailure(new ApiError('Please enter a product name', 400))).toBe('Please enter a product name');
    expect(createFailure(new DOMException('slow', 'TimeoutError'))).toBe('Upload timed out. Please check your internet connection and try again.');
    expect(createFailure({})).toBe('Failed to create product. Please try again.');
  });
});
