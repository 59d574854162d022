// SVG logos in the browser. The engine's core module has no SVG renderer (it
// stays small), so a logo goes to the server's sanitiser first (PUT
// /api/artwork: usvg keeps a clean copy, which the design names), and the
// browser draws that clean copy for the preview only: through an <img>, which
// runs no script and fetches nothing, into a canvas, into PNG pixels the
// engine takes under the server's record. Print files are drawn from the
// vector by the server.

export const SVG_MIME = 'image/svg+xml';

/** The pixels the preview keeps on a picture's long side (the engine's preview side). */
const PREVIEW_SIDE = 1024;

/** Whether a chosen file is an SVG (by its type, or its name when the system gives none). */
export function isSvgFile(file: { type: string; name: string }): boolean {
  return file.type === SVG_MIME || (!file.type && /\.svg$/i.test(file.name));
}

/** The size an SVG of `width` × `height` is drawn at for the preview. */
export function previewSize(width: number, height: number): { width: number; height: number } {
  const scale = PREVIEW_SIDE / Math.max(width, height, 1);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Draws an SVG document into PNG bytes at its preview size (its proportions: `width` × `height`). */
export async function drawSvg(svg: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  const url = URL.createObjectURL(new Blob([svg as Uint8Array<ArrayBuffer>], { type: SVG_MIME }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const size = previewSize(width, height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw the SVG logo.');
    context.drawImage(img, 0, 0, size.width, size.height);
    const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!png) throw new Error('This browser cannot draw the SVG logo.');
    return new Uint8Array(await png.arrayBuffer());
  } finally {
    URL.revokeObjectURL(url);
  }
}
