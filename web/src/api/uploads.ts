// Admin file uploads through the upload API: the server hands out URLs that
// accept the bytes (presigned S3 URLs, or the API's own signed URLs with local
// storage: this code cannot tell them apart). Files over 5 MB go in 5 MB parts,
// several at a time; a failed multipart upload is aborted.
import { api, unwrap } from '../lib/api';

export const MB = 1024 * 1024;
/** The specification's limits: refused above, confirmed above, multipart above. */
export const MAX_FILE_BYTES = 100 * MB;
export const CONFIRM_FILE_BYTES = 50 * MB;
export const PART_BYTES = 5 * MB;
/** Parts in flight at once. */
const PARALLEL_PARTS = 4;
/** One PUT of a file or part may take this long (the specification's 300 s upload timeout). */
export const UPLOAD_TIMEOUT_MS = 300_000;

/** Where an uploaded file now lives: what a product's colour models and images point at. */
export interface UploadedRef {
  fileUrl: string;
  s3Key: string;
  bucket: string;
  originalSize: number;
}

/** Size in MB as the messages show it (one decimal). */
export const sizeMb = (bytes: number) => (bytes / MB).toFixed(1);

/** The refusal for a file over 100 MB, else null. */
export function tooLargeMessage(file: File): string | null {
  return file.size > MAX_FILE_BYTES ? `File "${file.name}" is too large (${sizeMb(file.size)}MB). Maximum file size is 100MB.` : null;
}

/** The question asked before a file over 50 MB is kept, else null. */
export function largeFileQuestion(file: File): string | null {
  return file.size > CONFIRM_FILE_BYTES
    ? `File "${file.name}" is ${sizeMb(file.size)}MB. Large files will use multipart upload for better performance. Continue?`
    : null;
}

const contentType = (file: File) => file.type || 'application/octet-stream';

/** Uploads one file for a colour; `onProgress` gets the fraction of its bytes that arrived. */
export async function uploadFile(file: File, color: string, onProgress: (fraction: number) => void = () => {}): Promise<UploadedRef> {
  const ref = file.size > PART_BYTES ? await uploadInParts(file, color, onProgress) : await uploadWhole(file, color);
  onProgress(1);
  return ref;
}

async function uploadWhole(file: File, color: string): Promise<UploadedRef> {
  const target = unwrap(await api.GET('/upload/presigned-url', { params: { query: { fileName: file.name, color } } }), 'Failed to get presigned URL');
  const res = await fetch(target.uploadUrl, { method: 'PUT', body: file, headers: { 'content-type': contentType(file) }, signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`Upload failed: ${res.statusText || res.status}`);
  return { fileUrl: target.fileUrl, s3Key: target.s3Key, bucket: target.bucket, originalSize: file.size };
}

async function uploadInParts(file: File, color: string, onProgress: (fraction: number) => void): Promise<UploadedRef> {
  const started = unwrap(await api.POST('/upload/multipart/initiate', { body: { fileName: file.name, color } }), 'Failed to initiate multipart upload');
  const { uploadId, s3Key } = started;
  const count = Math.ceil(file.size / PART_BYTES);
  const parts: { ETag: string; PartNumber: number }[] = new Array(count);
  let sent = 0;
  let next = 0;
  const sendPart = async (index: number) => {
    const partNumber = index + 1;
    const part = await api.POST('/upload/multipart/part-url', { body: { s3Key, uploadId, partNumber } });
    if (part.error !== undefined || !part.data) throw new Error(`Failed to get upload URL for part ${partNumber}`);
    const chunk = file.slice(index * PART_BYTES, Math.min(file.size, partNumber * PART_BYTES));
    const res = await fetch(part.data.data.uploadUrl, { method: 'PUT', body: chunk, headers: { 'content-type': contentType(file) }, signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`Failed to upload part ${partNumber}: ${res.statusText || res.status}`);
    const etag = res.headers.get('ETag');
    if (!etag) throw new Error(`No ETag received for part ${partNumber}`);
    parts[index] = { ETag: etag.replaceAll('"', ''), PartNumber: partNumber };
    sent += chunk.size;
    onProgress(sent / file.size);
  };
  // A few workers take the parts in order until none is left.
  const worker = async () => {
    while (next < count) await sendPart(next++);
  };
  try {
    await Promise.all(Array.from({ length: Math.min(PARALLEL_PARTS, count) }, worker));
    const done = unwrap(await api.POST('/upload/multipart/complete', { body: { s3Key, uploadId, parts } }), 'Failed to complete multipart upload');
    return { fileUrl: done.fileUrl, s3Key: done.s3Key, bucket: done.bucket, originalSize: done.size };
  } catch (error) {
    // The storage keeps no half-uploaded file (best effort: the sweeper removes what remains).
    await api.POST('/upload/multipart/abort', { body: { s3Key, uploadId } }).catch(() => undefined);
    throw error;
  }
}
