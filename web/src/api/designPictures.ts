// Brings a stored design's pictures into this browser (IndexedDB, where the
// studio reads them) so that it can be shown and edited here: the owner's from
// GET /artwork/{sha256}, a shared design's from its link. A picture already
// kept here is not fetched again.
import { api, ApiError, messageOf } from '../lib/api';
import { getImage, putImage } from '../lib/imageStore';

export interface DesignPicture {
  sha256: string;
  mime: string;
  name: string;
}

type DesignAreas = { areas?: Record<string, { image?: { name?: string; asset?: { sha256?: string; mime?: string } } | null } | undefined> };

/** Every picture a design document uses, with its type and file name. */
export function designPictures(design: unknown): DesignPicture[] {
  const pictures = new Map<string, DesignPicture>();
  for (const area of Object.values((design as DesignAreas | null)?.areas ?? {})) {
    const image = area?.image;
    const sha256 = image?.asset?.sha256;
    if (typeof sha256 === 'string') pictures.set(sha256, { sha256, mime: image?.asset?.mime ?? '', name: image?.name ?? '' });
  }
  return [...pictures.values()];
}

export const PICTURE_FAILED = 'Failed to load the design’s image. Please try again.';

/** Whose link a picture is read through: a share link's, or a group order's; none: the owner's own. */
export type PictureSource = { share: string } | { group: string };

function fetchPicture(sha256: string, source?: PictureSource) {
  const raw = { parseAs: 'arrayBuffer' } as const;
  if (source && 'share' in source) return api.GET('/shared-designs/{token}/artwork/{sha256}', { params: { path: { token: source.share, sha256 } }, ...raw });
  if (source && 'group' in source) return api.GET('/group-orders/by-token/{token}/artwork/{sha256}', { params: { path: { token: source.group, sha256 } }, ...raw });
  return api.GET('/artwork/{sha256}', { params: { path: { sha256 } }, ...raw });
}

/** Fetches the pictures this browser lacks (in parallel), through `source`'s link when given. */
export async function storeDesignPictures(design: unknown, source?: PictureSource): Promise<void> {
  await Promise.all(
    designPictures(design).map(async ({ sha256, mime, name }) => {
      if (await getImage(sha256)) return;
      const result = await fetchPicture(sha256, source);
      if (result.error !== undefined || !result.data) {
        throw new ApiError(messageOf(result.error, PICTURE_FAILED), result.response.status);
      }
      // The engine knows the picture by the type the design recorded.
      await putImage(sha256, { bytes: new Uint8Array(result.data as ArrayBuffer), mime: mime || result.response.headers.get('content-type') || '', name });
    }),
  );
}
