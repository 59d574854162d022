// A design's pictures go to the server before the design goes to the cart:
// PUT /api/artwork/{sha256} with the bytes kept in this browser (IndexedDB).
// The server keeps what it will print, once per content (the same bytes again
// answer 200 and cost nothing); the cart refuses a design whose pictures it
// does not hold.
import { api, ApiError, messageOf } from '../lib/api';
import { getImage } from '../lib/imageStore';
import { designPictures } from './designPictures';

/** The SHA-256 of every picture in a design document. */
export function designImages(design: unknown): string[] {
  return designPictures(design).map((p) => p.sha256);
}

/** Sends every picture of the design to the server (in parallel); throws an ApiError with the server's message. */
export async function uploadDesignImages(design: unknown): Promise<void> {
  await Promise.all(
    designImages(design).map(async (sha256) => {
      const image = await getImage(sha256);
      if (!image) throw new ApiError('Please upload the image again', 400);
      const { error, response } = await api.PUT('/artwork/{sha256}', {
        params: { path: { sha256 } },
        // The bytes as they are: the contract types a binary body as a string.
        body: image.bytes as unknown as string,
        bodySerializer: (bytes) => bytes,
        headers: { 'content-type': image.mime || 'application/octet-stream' },
      });
      if (error !== undefined || !response.ok) {
        throw new ApiError(messageOf(error, 'Failed to upload the image. Please try again.'), response.status);
      }
    }),
  );
}
