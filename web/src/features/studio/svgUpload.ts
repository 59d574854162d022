// An SVG logo chosen in the Upload tab: the server sanitises it and keeps the
// clean copy; the design names that copy, the preview is the browser's drawing
// of it (see lib/svgLogo.ts). Placement and the one-image-per-area rule stay
// the engine's (`addSvgLogo` puts it in the area as `addImage` does).
import { putArtwork, sha256Hex, type ArtworkInfo } from '../../api/artwork';
import { api, ApiError, messageOf } from '../../lib/api';
import type { AreaKey, Studio } from '../../lib/engine';
import { putImage } from '../../lib/imageStore';
import { drawSvg, SVG_MIME } from '../../lib/svgLogo';
import type { StudioHandle } from './useStudio';

export const SVG_SIGN_IN = 'Please sign in to add an SVG logo: the store checks and cleans every SVG on its server first. JPG, PNG and GIF pictures need no sign-in.';
export const NOT_AN_SVG = 'This file is not an SVG logo. Please choose an .svg file, or add the picture as a JPG, PNG or GIF.';

/** Sends the logo to the sanitiser and places its clean copy; the engine's error message, or null when placed. */
export async function addSvgLogo(handle: StudioHandle, area: AreaKey, file: File, place: (s: Studio) => void): Promise<string | null> {
  const raw = new Uint8Array(await file.arrayBuffer());
  let clean: Uint8Array;
  let info: ArtworkInfo;
  try {
    info = await putArtwork(await sha256Hex(raw), raw, SVG_MIME);
    if (info.mime !== SVG_MIME) return NOT_AN_SVG;
    const got = await api.GET('/artwork/{sha256}', { params: { path: { sha256: info.sha256 } }, parseAs: 'arrayBuffer' });
    if (got.error !== undefined || !got.data) throw new ApiError(messageOf(got.error, 'Failed to read the cleaned logo. Please try again.'), got.response.status);
    clean = new Uint8Array(got.data as ArrayBuffer);
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return SVG_SIGN_IN;
    return e instanceof Error ? e.message : String(e);
  }
  let png: Uint8Array;
  try {
    png = await drawSvg(clean, info.width, info.height);
  } catch {
    return 'This browser could not draw the SVG logo. Please try again, or add it as a PNG.';
  }
  const error = handle.change((s) => {
    s.addSvgLogo(area, info.sha256, info.bytes, info.width, info.height, png, file.name);
    place(s);
  });
  if (error) return error;
  await putImage(info.sha256, { bytes: clean, mime: SVG_MIME, name: file.name });
  return null;
}
