import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reservationDocuments } from './schema.ts';

/** A deal's document: a PDF of at most 20 MB (docs/guides/reservations.md "Deal tracker"). */
export const DOCUMENT_MAX_MB = 20;
export const DOCUMENT_MAX_BYTES = DOCUMENT_MAX_MB * 1024 * 1024;
export const DOCUMENT_TYPE = 'application/pdf';

/** Where deals' documents live in the media store: a folder the image proxy never serves (it decodes pictures only). */
const FOLDER = 'deals';

/** Whether the bytes are a PDF: its header `%PDF-` (ISO 32000) within the first kilobyte, as readers accept it. */
export function isPdf(body: Buffer): boolean {
  const at = body.subarray(0, 1024).indexOf('%PDF-');
  return at >= 0 && body.length > at + 8;
}

/**
 * Stores a document's bytes in the media store under a random name (`deals/ab/ab12….pdf`: nothing of the deal or
 * its buyer in it, not guessable) and answers its key. Written to a temporary name first, so a half-written file is
 * never found under the key.
 */
export async function storeDocument(mediaDir: string, body: Buffer): Promise<string> {
  const name = randomBytes(16).toString('hex');
  const key = `${FOLDER}/${name.slice(0, 2)}/${name}.pdf`;
  const dir = join(mediaDir, FOLDER, name.slice(0, 2));
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, `.${name}.${process.pid}.tmp`);
  await writeFile(tmp, body);
  await rename(tmp, join(mediaDir, key));
  return key;
}

/** A stored document's bytes; null when the key is not a deal document's or the file is gone. */
export async function readDocument(mediaDir: string, key: string): Promise<Buffer | null> {
  if (!/^deals\/[0-9a-f]{2}\/[0-9a-f]{32}\.pdf$/.test(key)) return null;
  const root = resolve(mediaDir);
  try {
    return await readFile(join(root, key));
  } catch {
    return null;
  }
}

export type DealDocument = { id: number; title: string; bytes: number; createdAt: Date };

/** A deal's documents, oldest first. */
export async function documentsOf(db: Pick<Db, 'select'>, reservationId: string): Promise<DealDocument[]> {
  return db
    .select({ id: reservationDocuments.id, title: reservationDocuments.title, bytes: reservationDocuments.bytes, createdAt: reservationDocuments.createdAt })
    .from(reservationDocuments)
    .where(eq(reservationDocuments.reservationId, reservationId))
    .orderBy(asc(reservationDocuments.createdAt), asc(reservationDocuments.id));
}

/** One document of one deal: null when the id is another deal's (or none). */
export async function documentOf(db: Pick<Db, 'select'>, reservationId: string, id: number) {
  const [row] = await db
    .select()
    .from(reservationDocuments)
    .where(and(eq(reservationDocuments.reservationId, reservationId), eq(reservationDocuments.id, id)));
  return row ?? null;
}

/** The file name a document is offered under: its title without what a file name cannot hold, `.pdf` at the end. */
export function documentFileName(title: string): string {
  const base =
    title
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 120) || 'document';
  return /\.pdf$/i.test(base) ? base : `${base}.pdf`;
}

/** `Content-Disposition` for a document: an ASCII fallback and the title itself (RFC 6266, RFC 5987). */
export function documentDisposition(title: string): string {
  const name = documentFileName(title);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
