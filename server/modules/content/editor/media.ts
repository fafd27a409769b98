import { createHash } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type OutputInfo } from 'sharp';
import { UPLOAD_MAX_MB } from '#core/admin/fields.ts';

/** The pictures editors may upload, by the type their browser declares (checked again by decoding). */
export const UPLOAD_TYPES = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' } as const;
export type UploadType = keyof typeof UPLOAD_TYPES;
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MB * 1024 * 1024;
/** The image proxy's own bound on a source (ADR 003): a larger picture could never be shown. */
const MAX_PIXELS = 50_000_000;

export type StoredImage = { src: string; width: number; height: number };

/** The file operations an upload makes; tests pass a `writeFile` that fails as a full disk does. */
export type MediaFs = { mkdir: typeof mkdir; writeFile: typeof writeFile; rename: typeof rename; rm: typeof rm };
export const NODE_MEDIA_FS: MediaFs = { mkdir, writeFile, rename, rm };

/** The errors of a full disk or a spent quota: the upload is refused as 507, not as a fault of the server. */
const FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);
const isDiskFull = (error: unknown) => FULL_CODES.has(String((error as { code?: unknown } | null)?.code));

/**
 * Stores an uploaded picture in the media store (ADR 026): decoded by sharp (a file that does not decode is
 * refused), turned upright and written again in its own format without its metadata (no camera, no GPS), under a
 * name made of its bytes' hash (`uploads/ab/ab12….jpeg`) — sources are immutable by path (ADR 003), so a changed
 * picture is a new name and the proxy's year-long caching stays right. The image proxy serves it like any other.
 * The bytes go to a temporary name and are renamed into place; when the disk is full (or the quota spent) the
 * temporary file is removed and the answer is `'disk-full'` (the API's 507).
 */
export async function storeUpload(
  mediaDir: string,
  type: UploadType,
  body: Buffer,
  fs: MediaFs = NODE_MEDIA_FS,
): Promise<StoredImage | 'broken' | 'disk-full'> {
  const format = UPLOAD_TYPES[type];
  let output: { data: Buffer; info: OutputInfo };
  try {
    const image = sharp(body, { limitInputPixels: MAX_PIXELS, failOn: 'error' }).rotate();
    const meta = await sharp(body, { limitInputPixels: MAX_PIXELS }).metadata();
    if (meta.format !== format && !(format === 'jpeg' && meta.format === 'jpeg')) return 'broken';
    output = await (format === 'jpeg' ? image.jpeg({ quality: 90, mozjpeg: true }) : format === 'png' ? image.png() : image.webp({ quality: 90 })).toBuffer({
      resolveWithObject: true,
    });
  } catch {
    return 'broken';
  }
  const hash = createHash('sha256').update(output.data).digest('hex').slice(0, 32);
  const src = `uploads/${hash.slice(0, 2)}/${hash}.${format}`;
  const dir = join(mediaDir, 'uploads', hash.slice(0, 2));
  const tmp = join(dir, `.${hash}.${process.pid}.${Date.now().toString(36)}.tmp`);
  try {
    await fs.mkdir(dir, { recursive: true });
    await fs.writeFile(tmp, output.data);
    await fs.rename(tmp, join(mediaDir, src));
  } catch (error) {
    // Whatever failed, no half-written file stays behind (a partial write of a full disk included).
    await fs.rm(tmp, { force: true }).catch(() => {});
    if (isDiskFull(error)) return 'disk-full';
    throw error;
  }
  return { src, width: output.info.width, height: output.info.height };
}
