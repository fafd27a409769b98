import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditLog, media as mediaTable } from '#server/db/schema/index.ts';
import { NODE_MEDIA_FS } from '#server/modules/content/editor/media.ts';
import { testApp, type TestApp } from '../../support/app.ts';
import { ENGINES } from '../../support/db.ts';
import { signedInStaff } from '../../support/admin.ts';

/** Every file under `dir`, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}

/**
 * An upload into the media store (issue #42) on each engine: in the audit trail when it is stored; on a full disk a
 * 507 naming the field in the editor's language, and nothing left behind (the full disk is a `writeFile` that writes
 * part of the file and fails with ENOSPC, as a real one does).
 */
describe.each(ENGINES)('media upload and a full disk (%s)', (engine) => {
  let t: TestApp;
  let media: string;
  beforeAll(async () => {
    media = await mkdtemp(join(tmpdir(), 'media-full-'));
    t = await testApp(engine, { MEDIA_DIR: media });
  }, 120_000);
  afterAll(async () => {
    await t?.dispose();
    await rm(media, { recursive: true, force: true });
  });

  const picture = (background: string) =>
    sharp({ create: { width: 32, height: 20, channels: 3, background } })
      .png()
      .toBuffer();

  it('records a stored upload in the audit trail, by whom, with its path', async () => {
    const editor = await signedInStaff(t, 'editor');
    const url = '/api/admin/media/';
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...editor.headers(url), 'content-type': 'image/png' },
      payload: await picture('#123456'),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { id, src } = res.json() as { id: number; src: string };
    expect(await filesUnder(media)).toEqual([src]);
    // The entry names the picture by its number in the media library (issue #42), its file in the detail.
    const [entry] = await t.services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityKind, 'media'), eq(auditLog.entityId, String(id))));
    expect(entry).toMatchObject({ action: 'upload', staffId: editor.id, detail: { type: 'image/png', width: 32, height: 20, src } });
  });

  it('answers 507 with a clear message on a full disk and leaves no file behind', async () => {
    const editor = await signedInStaff(t, 'editor');
    const before = await filesUnder(media);
    const rows = (await t.services.database.db.select().from(mediaTable)).length;
    t.services.mediaFs = {
      ...NODE_MEDIA_FS,
      writeFile: (async (path: string, data: Buffer) => {
        // Part of the file reaches the disk, then the disk is full.
        await NODE_MEDIA_FS.writeFile(path, data.subarray(0, 10));
        throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
      }) as unknown as typeof NODE_MEDIA_FS.writeFile,
    };
    try {
      const url = '/api/admin/media/';
      for (const [locale, words] of [
        ['ru', /Хранилище файлов заполнено/],
        ['en', /media storage is full/],
      ] as const) {
        const headers = { ...editor.headers(url), 'content-type': 'image/png', cookie: `${editor.headers(url).cookie}; admin_locale=${locale}` };
        const res = await t.app.inject({ method: 'POST', url, headers, payload: await picture(locale === 'ru' ? '#abcdef' : '#fedcba') });
        expect(res.statusCode).toBe(507);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.json().detail).toMatch(words);
        expect(res.json().errors.file).toEqual([res.json().detail]);
      }
      expect(await filesUnder(media)).toEqual(before);
      // Nor a row in the media library.
      expect(await t.services.database.db.select().from(mediaTable)).toHaveLength(rows);
    } finally {
      t.services.mediaFs = NODE_MEDIA_FS;
    }
  });
});
