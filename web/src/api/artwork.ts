// A design's pictures go to the server before the design goes to the cart:
// PUT /api/artwork/{sha256} with the bytes kept in this browser (IndexedDB).
// The server keeps what it will print, once per content (the same bytes again
// answer 200 and cost nothing); the cart refuses a design whose pictures it
// does not hold. A claim's photos go up the same way.
import { api, ApiError, messageOf } from '../lib/api';
import { getImage } from '../lib/imageStore';
import type { components } from '../lib/schema';
import { designPictures } from './designPictures';

/** The SHA-256 of every picture in a design document. */
export function designImages(design: unknown): string[] {
  return designPictures(design).map((p) => p.sha256);
}

export type ArtworkInfo = components['schemas']['ArtworkInfo'];

/**
 * Stores one picture on the server under its SHA-256; returns what the server
 * read (an SVG's `sha256` names its sanitised copy). Throws an ApiError with
 * the server's message.
 */
export async function putArtwork(sha256: string, bytes: Uint8Array, mime: string): Promise<ArtworkInfo> {
  const { data, error, response } = await api.PUT('/artwork/{sha256}', {
    params: { path: { sha256 } },
    // The bytes as they are: the contract types a binary body as a string.
    body: bytes as unknown as string,
    bodySerializer: (b) => b,
    headers: { 'content-type': mime || 'application/octet-stream' },
  });
  if (error !== undefined || !response.ok) {
    throw new ApiError(messageOf(error, 'Failed to upload the image. Please try again.'), response.status);
  }
  return data.data;
}

/** Sends every picture of the design to the server (in parallel); throws an ApiError with the server's message. */
export async function uploadDesignImages(design: unknown): Promise<void> {
  await Promise.all(
    designImages(design).map(async (sha256) => {
      const image = await getImage(sha256);
      if (!image) throw new ApiError('Please upload the image again', 400);
      await putArtwork(sha256, image.bytes, image.mime);
    }),
  );
}

/** The SHA-256 of some bytes as 64 lowercase hex digits (the name the server checks them against). */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Uploads a photo the customer chose (a claim's evidence); its SHA-256, as the server now holds it. */
export async function uploadPhoto(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  const sha256 = await sha256Hex(bytes);
  await putArtwork(sha256, bytes, file.type);
  return sha256;
}
