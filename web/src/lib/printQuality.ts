// Print quality of a design's images: the effective resolution (DPI) of each
// image at its printed size, graded for the shopper, with the preflight
// warning the server gives the printer for a low one.
//
// The engine's preflight (design_engine::preflight) is not exported by its
// WebAssembly package, so the same arithmetic is done here on the engine's
// own document and facts (print sizes in inches, asset pixels, box percent);
// the vitest cases are the engine's unit-test cases, and the message is the
// engine's word for word. Replace with the binding once the engine has one.
import { FACTS, type AreaKey, type Design } from './engine';

/** What the grading reads of a design: the engine's document, or the API's copy of it (sizes may be left out). */
export interface DesignImages {
  areas?: Partial<Record<keyof Design['areas'], { image?: { asset: { width: number; height: number }; size?: { width: number; height: number } } | null } | null>>;
}

/** design_engine::preflight::MIN_PRINT_DPI: below it an image looks soft, and the printer is warned. */
export const MIN_PRINT_DPI = 150;
/** At or above this an image prints sharp. */
export const GOOD_PRINT_DPI = 300;

export type Grade = 'Good' | 'Fair' | 'Low';

export interface PrintQuality {
  area: AreaKey;
  /** Dots per inch of the image fitted inside its box, at the printed size. */
  dpi: number;
  grade: Grade;
  /** The engine's preflight warning for a low one; null otherwise. */
  warning: string | null;
}

export const gradeOf = (dpi: number): Grade => (dpi >= GOOD_PRINT_DPI ? 'Good' : dpi >= MIN_PRINT_DPI ? 'Fair' : 'Low');

/** The print quality of an area's image, if it has one (design_engine::preflight::image_dpi and warnings). */
export function imagePrintQuality(design: DesignImages, area: AreaKey): PrintQuality | null {
  const fact = FACTS.printAreas.find((a) => a.key === area)!;
  const image = design.areas?.[fact.docKey as keyof Design['areas']]?.image;
  if (!image) return null;
  // A size left out is the engine's default.
  const size = image.size ?? { width: FACTS.imageSizeDefault, height: FACTS.imageSizeDefault };
  const boxW = (fact.widthInches * size.width) / 100;
  const boxH = (fact.heightInches * size.height) / 100;
  // The picture is fitted inside its box keeping its proportions: the tighter side decides.
  const inchesPerPx = Math.min(boxW / Math.max(image.asset.width, 1), boxH / Math.max(image.asset.height, 1));
  const dpi = 1 / inchesPerPx;
  const grade = gradeOf(dpi);
  const warning =
    dpi < MIN_PRINT_DPI ? `The image on the ${fact.label} prints at ${Math.round(dpi)} DPI (below ${MIN_PRINT_DPI}): it may look blurry` : null;
  return { area, dpi, grade, warning };
}

/** The preflight warnings of every area of a design, in the areas' order (as an order line's `printWarnings`). */
export function printWarnings(design: DesignImages): string[] {
  return FACTS.printAreas.flatMap((a) => imagePrintQuality(design, a.key)?.warning ?? []);
}
