// The admin's products: create with uploaded files (colour models and
// pictures go first, through the upload API, then the product call names
// them), update, delete. The server checks every file it is given.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '../lib/api';
import { parseRupees } from '../lib/money';
import type { components } from '../lib/schema';
import type { Product } from './products';
import { uploadFile, type UploadedRef } from './uploads';

export type ProductInput = components['schemas']['ProductInput'];
type ColorModel = components['schemas']['ColorModel'];
type ColorImage = components['schemas']['ColorImage'];
type ImageRef = components['schemas']['ImageRef'];
type PriceTierDto = components['schemas']['PriceTierDto'];

/** One row of the tier editor, as typed: from how many pieces, and the discount in percent. */
export interface TierRow {
  minPieces: string;
  percentOff: string;
}

export const CREATE_FAILED = 'Failed to create product. Please try again.';
export const TIMED_OUT = 'Upload timed out. Please check your internet connection and try again.';
export const TOO_LARGE = 'File too large. Please reduce file size and try again. Maximum file size is 100MB.';

/** One colour of the form: its name, its model (new file or the one it has), its pictures. */
export interface ColorEntry {
  name: string;
  model: File | null;
  front: File | null;
  back: File | null;
  /** What the product already has for this colour (edit). */
  existingModel?: ColorModel;
  existingImages?: ColorImage;
}

/** A product's garment as the form edits it (print areas, sizes with surcharges, swatches): sent as given, checked by the server's engine. */
export type GarmentInput = Pick<ProductInput, 'printAreas' | 'sizes' | 'sizePrices' | 'colorHex'>;

export interface ProductFields {
  name: string;
  /** As typed, in rupees. */
  price: string;
  description: string;
  category: string;
  brand: string;
  stock: string;
  /** An HSN code to set (4, 6 or 8 digits); empty keeps the product's. */
  hsn: string;
  /** Where the garment was made, e.g. Bangladesh; empty: India, the default. */
  countryOfOrigin: string;
  /** The product's own quantity tiers; null: the engine's defaults. */
  tiers: TierRow[] | null;
}

/** The editor's rows for tiers (in basis points): 500 → "5". */
export function tierRows(tiers: PriceTierDto[]): TierRow[] {
  return tiers.map((t) => ({ minPieces: String(t.minPieces), percentOff: String(t.discountBps / 100) }));
}

/**
 * The rows as the API takes them (the engine checks the table and says what is
 * wrong); only numbers that cannot be read are named here. `[]`: the defaults.
 */
export function tiersBody(rows: TierRow[] | null): PriceTierDto[] | string {
  if (rows === null) return [];
  const body: PriceTierDto[] = [];
  for (const [i, row] of rows.entries()) {
    const pieces = Number(row.minPieces.trim());
    const percent = Number(row.percentOff.trim() || '0');
    if (!row.minPieces.trim() || !Number.isInteger(pieces) || pieces < 0) return `Price tier ${i + 1}: enter the pieces as a whole number`;
    if (!Number.isFinite(percent) || percent < 0) return `Price tier ${i + 1}: enter the discount as a percentage, e.g. 5 or 12.5`;
    body.push({ minPieces: pieces, discountBps: Math.round(percent * 100) });
  }
  return body;
}

/**
 * The price text in paise, read by the engine's rule (lib/money's parseRupees,
 * after trimming): what it refuses ("abc", "5.555": never rounded) is 0, which
 * the form calls not a valid price.
 */
export function pricePaise(text: string): number {
  return parseRupees(text.trim()) ?? 0;
}

/** The create form's checks, in the specification's order and words; null when all is well. */
export function validateProduct(fields: ProductFields, colors: ColorEntry[]): string | null {
  if (!fields.name.trim()) return 'Please enter a product name';
  if (pricePaise(fields.price) <= 0) return 'Please enter a valid price';
  if (colors.length < 1 || colors.length > 10) return 'Select between 1-10 colors';
  for (const [i, c] of colors.entries()) {
    if (!c.name.trim()) return `Please enter a color name for color ${i + 1}`;
    if (!c.model && !c.existingModel) return `Please upload a GLB file for color ${i + 1}`;
  }
  const tiers = tiersBody(fields.tiers);
  return typeof tiers === 'string' ? tiers : null;
}

/** The progress bar's text at a percentage (the specification's thresholds). */
export function progressText(percent: number): string {
  if (percent < 30) return 'Preparing files...';
  if (percent < 80) return 'Uploading to AWS S3...';
  if (percent < 100) return 'Creating product...';
  return 'Processing...';
}

const imageRef = (r: UploadedRef): ImageRef => ({ url: r.fileUrl, s3Key: r.s3Key, bucket: r.bucket, originalSize: r.originalSize });

/**
 * Uploads the form's new files and builds the product body. Progress runs from
 * `from` to `to` percent across the bytes of every file.
 */
async function uploadAndBuild(fields: ProductFields, colors: ColorEntry[], progress: (p: number) => void, from: number, to: number): Promise<ProductInput> {
  // Pictures go only in pairs: a colour with one of the two keeps what it had.
  const files = colors.flatMap((c) => [c.model, ...(c.front && c.back ? [c.front, c.back] : [])]).filter((f): f is File => f !== null);
  const total = files.reduce((n, f) => n + f.size, 0) || 1;
  let done = 0;
  const upload = async (file: File, color: string) => {
    const ref = await uploadFile(file, color, (fraction) => progress(from + ((to - from) * (done + fraction * file.size)) / total));
    done += file.size;
    return ref;
  };
  const colorModels: ColorModel[] = [];
  const colorImages: ColorImage[] = [];
  for (const c of colors) {
    const color = c.name.trim().toLowerCase();
    if (c.model) {
      const ref = await upload(c.model, color);
      colorModels.push({ color: color, fileUrl: ref.fileUrl, s3Key: ref.s3Key, bucket: ref.bucket, originalSize: ref.originalSize });
    } else if (c.existingModel) {
      colorModels.push({ ...c.existingModel, color: color });
    }
    if (c.front && c.back) {
      colorImages.push({ color: color, frontImage: imageRef(await upload(c.front, color)), backImage: imageRef(await upload(c.back, color)) });
    } else if (c.existingImages) {
      colorImages.push({ ...c.existingImages, color: color });
    }
  }
  const stock = Number.parseInt(fields.stock, 10);
  return {
    name: fields.name.trim(),
    price: pricePaise(fields.price),
    description: fields.description.trim(),
    ...(fields.category.trim() ? { category: fields.category.trim() } : {}),
    brand: fields.brand.trim(),
    ...(Number.isFinite(stock) ? { stock } : {}),
    ...(fields.hsn.trim() ? { hsn: fields.hsn.trim() } : {}),
    countryOfOrigin: fields.countryOfOrigin.trim(),
    priceTiers: tiersOrEmpty(fields.tiers),
    numberOfColors: colors.length,
    colorModels,
    ...(colorImages.length > 0 ? { colorImages } : {}),
  };
}

/** The tiers to send (the form's validateProduct names unreadable rows before this runs). */
function tiersOrEmpty(rows: TierRow[] | null): PriceTierDto[] {
  const body = tiersBody(rows);
  if (typeof body === 'string') throw new Error(body);
  return body;
}

/** The create failure's message (section 8). */
export function createFailure(error: unknown): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return TIMED_OUT;
  if (error instanceof ApiError) return error.status === 413 ? TOO_LARGE : error.message || CREATE_FAILED;
  return error instanceof Error && error.message ? error.message : CREATE_FAILED;
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      fields,
      colors,
      garment,
      progress,
    }: {
      id?: string;
      fields: ProductFields;
      colors: ColorEntry[];
      garment?: GarmentInput;
      progress: (p: number) => void;
    }): Promise<Product> => {
      progress(10);
      // The files' bytes move the bar from 10% to 60% (create) or from 70% to 80% (edit).
      const body = { ...(await uploadAndBuild(fields, colors, progress, id ? 70 : 10, id ? 80 : 60)), ...garment };
      progress(90);
      const product = id
        ? unwrap(await api.PUT('/products/{id}', { params: { path: { id } }, body }), 'Unknown error')
        : unwrap(await api.POST('/products', { body }), CREATE_FAILED);
      progress(100);
      return product;
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.DELETE('/products/{id}', { params: { path: { id } } }), 'Failed to delete product'),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['products'] }),
  });
}

/** The form's colours for a product being edited: its models and pictures as they are. */
export function colorsOf(product: Product): ColorEntry[] {
  const names = product.colors.length > 0 ? product.colors : Object.keys(product.models);
  return names.map((name) => {
    const meta = product.modelMetadata.find((m) => m.color === name);
    const url = product.models[name];
    const existingModel: ColorModel | undefined = meta
      ? { color: name, fileUrl: meta.s3Url, s3Key: meta.s3Key || undefined, bucket: meta.s3Bucket || undefined, originalSize: meta.originalSize }
      : url
        ? { color: name, fileUrl: url }
        : undefined;
    return { name, model: null, front: null, back: null, existingModel, existingImages: product.colorImages.find((c) => c.color === name) };
  });
}
