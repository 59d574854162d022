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
import type { T } from '../../lib/i18n';

/** Sends the logo to the sanitiser and places its clean copy; the engine's error message, or null when placed. */
export async function addSvgLogo(handle: StudioHandle, area: AreaKey, file: File, place: (s: Studio) => void, t: T): Promise<string | null> {
  const raw = new Uint8Array(await file.arrayBuffer());
  let clean: Uint8Array;
  let info: ArtworkInfo;
  try {
    info = await putArtwork(await sha256Hex(raw), raw, SVG_MIME);
    if (info.mime !== SVG_MIME) return t('studio.notAnSvg');
    const got = await api.GET('/artwork/{sha256}', { params: { path: { sha256: info.sha256 } }, parseAs: 'arrayBuffer' });
    if (got.error !== undefined || !got.data) throw new ApiError(messageOf(got.error, t('studio.cleanLogoFailed')), got.response.status);
    clean = new Uint8Array(got.data as ArrayBuffer);
  } catch (e) {
    if (e instanceof ApiError && e.status === 401) return t('studio.svgSignIn');
    return e instanceof Error ? e.message : String(e);
  }
  let png: Uint8Array;
  try {
    png = await drawSvg(clean, info.width, info.height);
  } catch {
    return t('studio.svgDrawFailed');
  }
  const error = handle.change((s) => {
    s.addSvgLogo(area, info.sha256, info.bytes, info.width, info.height, png, file.name);
    place(s);
  });
  if (error) return error;
  await putImage(info.sha256, { bytes: clean, mime: SVG_MIME, name: file.name });
  return null;
}
