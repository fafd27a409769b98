import { randomBytes } from 'node:crypto';
import { access, mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';

/**
 * Demo marks (the invented banks' and partners' logos): a rounded square of one colour with a white drawing,
 * drawn in code as SVG and written as PNG into the media directory on the first start, because the image proxy
 * refuses SVG sources (server/modules/images/transform.ts). Marks only, no lettering: pages print the name beside the
 * logo in the visitor's language, and no font has to be installed.
 */
export type Mark = { background: string; body: string };

export const MARK_SIZE = { width: 256, height: 256 } as const;

export function markSvg(mark: Mark): string {
  const { width, height } = MARK_SIZE;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 256 256">` +
    `<rect width="256" height="256" rx="56" fill="${mark.background}"/>${mark.body}</svg>`
  );
}

/**
 * Writes `svg` as a PNG at `target` through a temporary name and a rename: a crash never leaves half a picture
 * behind an immutable URL.
 */
export async function writeSvgAsPng(target: string, svg: string, compressionLevel: number): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await sharp(Buffer.from(svg)).png({ compressionLevel }).toFile(temporary);
    await rename(temporary, target);
  } finally {
    await rm(temporary, { force: true });
  }
}

export async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** Draws each mark missing under `mediaDir` at `srcOf(id)` (an existing file, a real logo, is left alone); returns how many were drawn. */
export async function ensureMarks(mediaDir: string, marks: Record<string, Mark>, srcOf: (id: string) => string): Promise<number> {
  let drawn = 0;
  for (const [id, mark] of Object.entries(marks)) {
    const target = join(mediaDir, srcOf(id));
    if (await exists(target)) continue;
    await writeSvgAsPng(target, markSvg(mark), 9);
    drawn += 1;
  }
  return drawn;
}
