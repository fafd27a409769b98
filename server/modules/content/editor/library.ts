import { and, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { MediaDetails, MediaKind, MediaQuery, MediaRecord, MediaUse } from '#core/admin/media.ts';
import type { AdminLocale } from '#core/admin/roles.ts';
import type { Localized } from '#core/schemas/localized.ts';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/client.ts';
import { auditLog, contentDrafts, media } from '../../../db/schema/index.ts';
import { recordAudit } from '../../staff/index.ts';
import type { Actor } from './audit.ts';
import { join } from 'node:path';
import type { MediaFs, StoredImage } from './media.ts';
import { MEDIA_USE_SITES, type MediaUseSite } from './media-uses.ts';

type MediaRow = typeof media.$inferSelect;
type Values = Record<string, unknown>;
const EMPTY: Localized = { ru: '', en: '', zh: '' };

/** A stored upload with what the request said of it: its type, its size in bytes, the name of the file. */
export type NewFile = StoredImage & { type: string; bytes: number; fileName: string };

/**
 * An upload's file was removed between its storing and its row's commit (`discardFiles` of a picture with the same
 * bytes, which found no row naming it yet): nothing was written; store the file again and retry.
 */
export class FileGone extends Error {
  constructor(src: string) {
    super(`The stored file ${src} was removed before its row was written`);
  }
}

/** Whether the file stored at a media path is still there (checked under the file's lock, `lockFile`). */
export type FilePresent = (src: string) => Promise<boolean>;

/**
 * The lock of one media path until the transaction ends (found in review): every row about to name a file — an
 * upload's, a replacement's, an item's copy (`resolvePictures`) — shares it; the removal of a file nothing names
 * takes it alone (`discardFiles`). So a file is never removed between a row's reading of its path and that row's
 * commit, and an upload's file not between its storing and its row's commit. Shared locks do not wait for each
 * other; the removal waits for its path before it holds anything else (ADR 041).
 */
async function lockFile(tx: Db, src: string, mode: 'shared' | 'alone'): Promise<void> {
  const key = `media-file:${src}`;
  await tx.execute(mode === 'shared' ? sql`select pg_advisory_xact_lock_shared(hashtext(${key}))` : sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/**
 * A change's answer. `files`: the media paths a committed change left behind (a replaced file, a deleted picture's
 * files), for `discardFiles` once the transaction is committed.
 */
export type MediaResult<T> =
  { ok: true; value: T; files?: string[] } | { ok: false; status: 404 } | { ok: false; status: 409; reason: 'changed' | 'inUse'; uses?: MediaUse[] };

/** A LIKE pattern finding `words` anywhere, its own `%`, `_` and `\` taken literally. */
const containing = (words: string) => `%${words.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The last part of a media path, as a picture adopted from an item is named. */
const baseName = (src: string) => src.slice(src.lastIndexOf('/') + 1);

/** The version an editor loaded a picture at (a later change of it is a 409, as an item's is). */
export const stampOf = (row: Pick<MediaRow, 'updatedAt'>) => new Date(row.updatedAt).toISOString();

/** What the audit trail keeps of a picture: its description and file, not its timestamps. */
function audited(row: MediaRow) {
  return {
    kind: row.kind,
    src: row.src,
    width: row.width,
    height: row.height,
    fileName: row.fileName,
    alt: row.alt,
    focus: row.focus,
    crop: row.crop,
    version: row.version,
  };
}

/**
 * The media library (issue #42, ADR 041): pictures found by file name or alt text and by kind, described (alt text in
 * three languages, crop, focus point), replaced (every item using one follows: their copies of its path and size are
 * rewritten in the same transaction) and deleted only when no item uses it. Each change is in the audit trail
 * (`media`, the picture's number) in its own transaction.
 */
export function createMediaLibrary(db: Db) {
  const item = (row: MediaRow): MediaRecord => ({
    id: row.id,
    kind: row.kind,
    src: row.src,
    width: row.width,
    height: row.height,
    type: row.type,
    bytes: row.bytes,
    fileName: row.fileName,
    alt: row.alt,
    focus: row.focus,
    crop: row.crop,
    version: row.version,
    updatedAt: stampOf(row),
  });

  async function read(exec: Db, id: number, lock = false): Promise<MediaRow | null> {
    const query = exec.select().from(media).where(eq(media.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  }

  /** The items using picture `id`, each once per field, in the registry's order. */
  async function uses(exec: Db, id: number, locale: AdminLocale): Promise<MediaUse[]> {
    const out: MediaUse[] = [];
    for (const site of MEDIA_USE_SITES) {
      const rows = (await exec.select().from(site.table).where(eq(site.mediaId, id))) as Values[];
      for (const row of rows) {
        const { kind, id: itemId, title } = site.item(row);
        if (out.some((u) => u.kind === kind && u.id === itemId && u.field === site.field)) continue;
        out.push({ kind, id: itemId, title: title[locale] || title.ru || itemId, field: site.field, href: `/admin/content/${kind}/${itemId}` });
      }
    }
    return out;
  }

  /**
   * Rewrites the copies of items naming path `src` whose picture names another path now (an item written with the
   * old path of a picture replaced meanwhile), as the replacement would have.
   */
  async function refollow(tx: Db, src: string) {
    const ids = new Set<number>();
    for (const site of MEDIA_USE_SITES) {
      const rows = await tx
        .select({ id: site.mediaId })
        .from(site.table)
        .where(and(eq(site.src, src), isNotNull(site.mediaId)));
      for (const row of rows) ids.add(Number(row.id));
    }
    for (const id of ids) {
      const row = await read(tx, id);
      if (row && row.src !== src) await follow(tx, row);
    }
  }

  /** Rewrites every item's copy of the picture's path (and size where the item keeps one). */
  async function follow(tx: Db, row: MediaRow) {
    for (const site of MEDIA_USE_SITES) {
      const set: Values = { [keyOf(site, site.src)]: row.src };
      if (site.size) Object.assign(set, { [keyOf(site, site.size.width)]: row.width, [keyOf(site, site.size.height)]: row.height });
      await tx.update(site.table).set(set).where(eq(site.mediaId, row.id));
    }
  }

  return {
    /** Newest first; `q` finds words in the file name or the alt text of any language. */
    async list(query: MediaQuery): Promise<{ count: number; results: MediaRecord[] }> {
      const where: SQL[] = [];
      if (query.kind) where.push(eq(media.kind, query.kind));
      if (query.q) {
        const like = containing(query.q);
        where.push(
          or(
            ilike(media.fileName, like),
            sql`${media.alt}->>'ru' ilike ${like}`,
            sql`${media.alt}->>'en' ilike ${like}`,
            sql`${media.alt}->>'zh' ilike ${like}`,
            ilike(media.src, like),
          )!,
        );
      }
      const filter = where.length ? and(...where) : undefined;
      const [total] = await db.select({ n: count() }).from(media).where(filter);
      const rows = await db.select().from(media).where(filter).orderBy(desc(media.createdAt), desc(media.id)).limit(query.limit).offset(query.offset);
      return { count: total?.n ?? 0, results: rows.map(item) };
    },

    async get(id: number): Promise<MediaRecord | null> {
      const row = await read(db, id);
      return row ? item(row) : null;
    },

    uses: (id: number, locale: AdminLocale) => uses(db, id, locale),

    /** A new picture from an upload, recorded as `upload`. */
    async create(file: NewFile, actor: Actor, kind: MediaKind = 'photo', present?: FilePresent): Promise<MediaRecord> {
      return db.transaction(async (tx) => {
        await lockFile(tx, file.src, 'shared');
        if (present && !(await present(file.src))) throw new FileGone(file.src);
        const [row] = await tx
          .insert(media)
          .values({ kind, src: file.src, width: file.width, height: file.height, type: file.type, bytes: file.bytes, fileName: file.fileName, alt: EMPTY })
          .returning();
        await recordAudit(tx, actor, {
          action: 'upload',
          entityKind: 'media',
          entityId: String(row!.id),
          before: null,
          after: audited(row!),
          detail: { type: file.type, bytes: file.bytes, width: file.width, height: file.height, src: file.src },
        });
        return item(row!);
      });
    },

    /** Changes a picture's kind, name, alt text, crop or focus point, if it is still as loaded (`stamp`). */
    async update(id: number, stamp: string, details: MediaDetails, actor: Actor): Promise<MediaResult<MediaRecord>> {
      return db.transaction(async (tx) => {
        const before = await read(tx, id, true);
        if (!before) return { ok: false as const, status: 404 as const };
        if (stampOf(before) !== stamp) return { ok: false as const, status: 409 as const, reason: 'changed' as const };
        const [after] = await tx
          .update(media)
          .set({ ...details, updatedAt: new Date() })
          .where(eq(media.id, id))
          .returning();
        await recordAudit(tx, actor, { action: 'update', entityKind: 'media', entityId: String(id), before: audited(before), after: audited(after!) });
        return { ok: true as const, value: item(after!) };
      });
    },

    /**
     * A new file for picture `id`: its row keeps its number, description and look, and every item using it follows
     * (their copies rewritten in this transaction). The new file has a new path (named by its bytes), so every image
     * URL made of it changes and no cache keeps showing the old one. Recorded as `replace`, old and new path.
     * An item saved meanwhile with the old path (read before this committed) keeps the old file until the item is
     * committed; `discardFiles` then rewrites its copy (`lockFile`, `refollow`).
     */
    async replace(id: number, file: NewFile, actor: Actor, present?: FilePresent): Promise<MediaResult<MediaRecord>> {
      return db.transaction(async (tx) => {
        await lockFile(tx, file.src, 'shared');
        if (present && !(await present(file.src))) throw new FileGone(file.src);
        const before = await read(tx, id, true);
        if (!before) return { ok: false as const, status: 404 as const };
        const [after] = await tx
          .update(media)
          .set({
            src: file.src,
            width: file.width,
            height: file.height,
            type: file.type,
            bytes: file.bytes,
            fileName: file.fileName,
            version: before.version + 1,
            updatedAt: new Date(),
          })
          .where(eq(media.id, id))
          .returning();
        await follow(tx, after!);
        await recordAudit(tx, actor, {
          action: 'replace',
          entityKind: 'media',
          entityId: String(id),
          before: audited(before),
          after: audited(after!),
          detail: { type: file.type, bytes: file.bytes, width: file.width, height: file.height, src: file.src },
        });
        return { ok: true as const, value: item(after!), files: before.src === after!.src ? [] : [before.src] };
      });
    },

    /**
     * Deletes a picture no item uses (409 with the uses otherwise). Its files — the current one and those replaced
     * before (named by its `replace` entries in the audit trail) — are in the answer's `files`, for `discardFiles`.
     */
    async remove(id: number, actor: Actor, locale: AdminLocale): Promise<MediaResult<MediaRecord>> {
      try {
        return await db.transaction(async (tx) => {
          const row = await read(tx, id, true);
          if (!row) return { ok: false as const, status: 404 as const };
          const using = await uses(tx, id, locale);
          if (using.length) return { ok: false as const, status: 409 as const, reason: 'inUse' as const, uses: using };
          await tx.delete(media).where(eq(media.id, id));
          const replaced = await tx
            .select({ before: auditLog.before })
            .from(auditLog)
            .where(and(eq(auditLog.entityKind, 'media'), eq(auditLog.entityId, String(id)), eq(auditLog.action, 'replace')));
          const earlier = replaced.map((r) => (r.before as { src?: unknown } | null)?.src).filter((src): src is string => typeof src === 'string');
          await recordAudit(tx, actor, { action: 'delete', entityKind: 'media', entityId: String(id), before: audited(row), after: null });
          return { ok: true as const, value: item(row), files: [...new Set([row.src, ...earlier])] };
        });
      } catch (error) {
        // An item took the picture between the check and the delete: the foreign key refused it (RESTRICT).
        if (sqlState(error) === '23503' || sqlState(error) === '23001') return { ok: false, status: 409, reason: 'inUse', uses: await uses(db, id, locale) };
        throw error;
      }
    },

    /**
     * Removes from the media store the files a committed change left behind (`files` of a replacement or a deletion),
     * each only if it is one of the library's own uploads (`uploads/ab/….ext`, named by its bytes: never a seeded or
     * catalogue picture) and no row names it any more: no picture of the library (the same bytes uploaded twice are
     * one file), no item's copy, no draft. Never throws: a file that cannot be removed is logged by its path (a hash,
     * nothing personal) and stays; the change stands. Each file is checked and removed under its lock (`lockFile`),
     * which an upload's row takes too and then makes sure its file is there (`FileGone` otherwise, and the upload
     * stores it again): an upload of the very same bytes at the very same moment keeps its file. A row naming the file
     * by another way (an item saved by path only) is still checked again after the removal and logged.
     */
    async discardFiles(
      files: readonly string[],
      mediaDir: string,
      fs: Pick<MediaFs, 'rm'>,
      log: (details: { src: string; code?: string }, message: string) => void,
    ): Promise<{ removed: string[]; kept: string[] }> {
      const removed: string[] = [];
      const kept: string[] = [];
      for (const src of new Set(files)) {
        try {
          if (!OWN_UPLOAD.test(src)) {
            kept.push(src);
            continue;
          }
          const gone = await db.transaction(async (tx) => {
            await lockFile(tx, src, 'alone');
            // An item saved with this path while its picture was replaced (it read the path before the replacement
            // committed) follows its picture now.
            await refollow(tx, src);
            if (await named(tx, src)) return false;
            await fs.rm(join(mediaDir, src), { force: true });
            return true;
          });
          (gone ? removed : kept).push(src);
          if (!gone) continue;
          if (await named(db, src)) log({ src }, 'media file removed while a new row took it: the same picture must be uploaded again');
        } catch (error) {
          kept.push(src);
          log(
            { src, code: String((error as { code?: unknown } | null)?.code ?? 'unknown') },
            'media file of a replaced or deleted picture could not be removed',
          );
        }
      }
      return { removed, kept };
    },
  };
}
export type MediaLibrary = ReturnType<typeof createMediaLibrary>;

/** A file of the library's own (storeUpload's name: `uploads/`, two hex digits, 32 of them, the format). */
const OWN_UPLOAD = /^uploads\/[0-9a-f]{2}\/[0-9a-f]{32}\.(?:jpeg|png|webp)$/;

/** Whether any row still names media path `src`: a picture of the library, an item's copy, a draft's values. */
async function named(db: Db, src: string): Promise<boolean> {
  const [picture] = await db.select({ id: media.id }).from(media).where(eq(media.src, src)).limit(1);
  if (picture) return true;
  for (const site of MEDIA_USE_SITES) {
    const [row] = await db.select({ src: site.src }).from(site.table).where(eq(site.src, src)).limit(1);
    if (row) return true;
  }
  const [draft] = await db
    .select({ id: contentDrafts.entityId })
    .from(contentDrafts)
    .where(sql`position(${src} in ${contentDrafts.values}::text) > 0`)
    .limit(1);
  return Boolean(draft);
}

function sqlState(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/** A save naming a picture the library does not have (deleted since the form was loaded, or never there). */
export class MissingPicture extends Error {
  readonly field: string;
  constructor(field: string) {
    super(`No picture of the media library for ${field}`);
    this.field = field;
  }
}

/** A picture value of a form (`imageRef`): its path and size, and the library's number once it has one. */
type PictureValue = { src: string; width: number; height: number; mediaId?: number };
const isPicture = (value: unknown): value is PictureValue =>
  Boolean(value && typeof value === 'object' && typeof (value as PictureValue).src === 'string' && typeof (value as PictureValue).width === 'number');

/**
 * The pictures among an item's checked values (its cards' too), each tied to its library row before the item is
 * written: one named by `mediaId` takes that row's current path and size (an unknown number is the field's error), one
 * without (an older client, an import) is found by its path or added to the library. So an item always names the
 * picture it shows, and its copy is the library's.
 *
 * Each path taken is locked (shared, `lockFile`) until the item's transaction ends, and read again under the lock: the
 * file a replacement leaves behind is not removed before the item is committed, and then the item follows the
 * picture (found in review: an item could write back the old path of a picture replaced meanwhile, its file gone).
 */
export async function resolvePictures(tx: Db, values: Values, kind: MediaKind = 'photo'): Promise<{ ok: true; values: Values } | { ok: false; field: string }> {
  let missing: string | null = null;
  const visit = async (value: unknown, path: string, depth: number): Promise<unknown> => {
    if (depth > 4 || !value || typeof value !== 'object') return value;
    if (isPicture(value)) {
      const row = value.mediaId !== undefined ? await current(tx, value.mediaId) : await findOrAdd(tx, value, kind);
      if (!row) {
        missing ??= path;
        return value;
      }
      return { ...value, src: row.src, width: row.width, height: row.height, mediaId: row.id };
    }
    if (Array.isArray(value)) return Promise.all(value.map((part, i) => visit(part, `${path}.${i}`, depth + 1)));
    const out: Values = {};
    for (const [key, part] of Object.entries(value)) out[key] = await visit(part, path ? `${path}.${key}` : key, depth + 1);
    return out;
  };
  const resolved = (await visit(values, '', 0)) as Values;
  return missing ? { ok: false, field: missing } : { ok: true, values: resolved };
}

/** Picture `id` as it is, its path locked (shared) for this transaction: read again once locked, in case it changed. */
async function current(tx: Db, id: number): Promise<MediaRow | undefined> {
  const byId = () =>
    tx
      .select()
      .from(media)
      .where(eq(media.id, id))
      .then((r) => r[0]);
  let row = await byId();
  for (let tries = 0; row && tries < 3; tries++) {
    await lockFile(tx, row.src, 'shared');
    const again = await byId();
    if (again?.src === row.src) return again;
    row = again;
  }
  return row;
}

/** The library's row for a picture path: the oldest holding it, or a new one (no alt text yet); its path locked (shared). */
async function findOrAdd(tx: Db, picture: PictureValue, kind: MediaKind, alt: Localized = EMPTY): Promise<MediaRow> {
  await lockFile(tx, picture.src, 'shared');
  const [found] = await tx.select().from(media).where(eq(media.src, picture.src)).orderBy(media.id).limit(1);
  if (found) return found;
  const [row] = await tx
    .insert(media)
    .values({ kind, src: picture.src, width: picture.width, height: picture.height, fileName: baseName(picture.src), alt })
    .returning();
  return row!;
}

/**
 * Gives every picture an item holds without a library row (pictures held before migration 0037, a seed, an import)
 * its row, with the item's alt text (or its title) as the picture's: nothing an item showed is lost, and the library
 * lists it. Idempotent and cheap when done; run at every start and after seeding. Returns how many items it tied.
 */
export async function adoptPictures(db: Db): Promise<number> {
  let tied = 0;
  for (const site of MEDIA_USE_SITES) tied += await adoptAt(db, site);
  return tied;
}

/** A column's property name in its table (what `select` rows and `set` use), not its SQL name. */
function keyOf(site: MediaUseSite, column: PgColumn): string {
  return Object.entries(site.table).find(([, c]) => c === column)?.[0] ?? column.name;
}

async function adoptAt(db: Db, site: MediaUseSite): Promise<number> {
  const rows = (await db
    .select()
    .from(site.table)
    .where(and(isNull(site.mediaId), isNotNull(site.src)))) as Values[];
  if (!rows.length) return 0;
  const srcKey = keyOf(site, site.src);
  const bySrc = new Map<string, Values[]>();
  for (const row of rows) bySrc.set(String(row[srcKey]), [...(bySrc.get(String(row[srcKey])) ?? []), row]);
  await db.transaction(async (tx) => {
    for (const [src, held] of bySrc) {
      const first = held[0]!;
      const size = site.size ? { width: Number(first[keyOf(site, site.size.width)]), height: Number(first[keyOf(site, site.size.height)]) } : site.box!;
      const row = await findOrAdd(tx, { src, ...size }, site.adopt.kind, site.adopt.alt(first));
      await tx
        .update(site.table)
        .set({ [keyOf(site, site.mediaId)]: row.id })
        .where(and(eq(site.src, src), isNull(site.mediaId)));
    }
  });
  return rows.length;
}
