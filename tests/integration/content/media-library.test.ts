import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, banks, media, partners, publications } from '#server/db/schema/index.ts';
import { resolvePictures } from '#server/modules/content/editor/library.ts';
import { NODE_MEDIA_FS } from '#server/modules/content/editor/media.ts';
import { ensureBankLogos } from '#server/modules/purchase/logos.ts';
import { pageApp, type TestApp } from '#tests/support/app.ts';
import { signedInStaff } from '#tests/support/admin.ts';
import { ENGINES } from '#tests/support/db.ts';

type Staffer = Awaited<ReturnType<typeof signedInStaff>>;
type Media = { id: number; src: string; width: number; height: number; updatedAt: string; version: number; thumbnail: string; fileName: string };
type Use = { kind: string; id: string; title: string; href: string };

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
const text = (ru: string, en = '', zh = '') => ({ ru, en, zh });

/**
 * The media library (issue #42, ADR 041) on each engine, with the page build: an upload is a library row in the audit
 * trail; type and size limits answer in the editor's language; a picture's alt text (per language) and crop reach the
 * public news page that uses it; "where used" names the item and deletion is refused while it uses the picture; a new
 * file for the picture reaches the page under a new URL; pictures seeded before the library are in it.
 */
describe.each(ENGINES)('media library on %s', (engine) => {
  let t: TestApp;
  let editor: Staffer;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'media-library-'));
    t = await pageApp(engine, { MEDIA_DIR: dir });
    editor = await signedInStaff(t, 'editor');
  }, 180_000);
  afterAll(async () => {
    await t?.dispose();
    await rm(dir, { recursive: true, force: true });
  });

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, extra: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...editor.headers(url), ...extra },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const inLocale = (locale: 'ru' | 'en', url: string) => ({ cookie: `${editor.headers(url).cookie}; admin_locale=${locale}` });
  const picture = (background: string, width = 400, height = 300) =>
    sharp({ create: { width, height, channels: 3, background } })
      .png()
      .toBuffer();
  const upload = async (background: string, name: string) => {
    const res = await call('POST', `/api/admin/media/?name=${encodeURIComponent(name)}`, await picture(background), { 'content-type': 'image/png' });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Media;
  };
  const page = (url: string) => t.app.inject({ url, headers: { 'user-agent': UA, accept: 'text/html' } });
  /** The `<img>` of the news page's own picture (the one with the priority fetch). */
  const heroImg = (html: string) => /<img[^>]*fetchpriority="high"[^>]*>/i.exec(html)?.[0] ?? '';

  it('adds an upload to the library, audited, and refuses a wrong type or size in the editor’s language', async () => {
    const item = await upload('#336699', 'Фасад с юга.png');
    expect(item).toMatchObject({ width: 400, height: 300, fileName: 'Фасад с юга.png', version: 1 });
    const [entry] = await t.services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityKind, 'media'), eq(auditLog.entityId, String(item.id))));
    expect(entry).toMatchObject({ action: 'upload', staffId: editor.id, detail: { type: 'image/png', width: 400, height: 300, src: item.src } });

    for (const [locale, type, size] of [
      ['ru', /JPEG, PNG или WebP/, /больше 10 МБ/],
      ['en', /JPEG, PNG or WebP/, /larger than 10 MB/],
    ] as const) {
      const svg = await call('POST', '/api/admin/media/', Buffer.from('<svg/>'), { 'content-type': 'image/svg+xml', ...inLocale(locale, '/api/admin/media/') });
      expect(svg.statusCode).toBe(415);
      expect(svg.json().errors.file[0]).toMatch(type);
      const big = await call('POST', '/api/admin/media/', Buffer.alloc(16), {
        'content-type': 'image/png',
        'content-length': String(11 * 1024 * 1024),
        ...inLocale(locale, '/api/admin/media/'),
      });
      expect(big.statusCode).toBe(413);
      expect(big.json().errors.file[0]).toMatch(size);
    }
  });

  it('finds pictures by file name and by alt text in any language, and by kind', async () => {
    const item = await upload('#aa3311', 'courtyard-evening.png');
    const saved = await call('PUT', `/api/admin/media/${item.id}/`, {
      stamp: item.updatedAt,
      kind: 'render',
      fileName: item.fileName,
      alt: text('Двор вечером', 'The courtyard at dusk', '黄昏的庭院'),
      focus: null,
      crop: null,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const found = async (query: string) => ((await call('GET', `/api/admin/media/?${query}`)).json() as { results: Media[] }).results.map((r) => r.id);
    expect(await found('q=courtyard-eve')).toContain(item.id);
    expect(await found(`q=${encodeURIComponent('двор вечером')}`)).toContain(item.id);
    expect(await found('q=dusk&kind=render')).toContain(item.id);
    expect(await found('q=dusk&kind=plan')).not.toContain(item.id);
    // LIKE's own characters are words too.
    expect(await found('q=%25')).not.toContain(item.id);
  });

  it('shows the library’s alt text per language and its crop on the news page; where used; no deletion while used; a new file follows', async () => {
    const item = await upload('#228844', 'site-plan.png');
    const describe = await call('PUT', `/api/admin/media/${item.id}/`, {
      stamp: item.updatedAt,
      kind: 'photo',
      fileName: 'site-plan.png',
      alt: text('Стройплощадка осенью', 'The building site in autumn', ''),
      focus: { x: 0.4, y: 0.5 },
      crop: { x: 0.1, y: 0.2, width: 0.5, height: 0.6 },
    });
    expect(describe.statusCode, describe.body).toBe(200);
    const described = describe.json() as Media;
    // A stale version is a 409; a crop past the edge is a 400 naming the field, in the editor's language.
    expect(
      (await call('PUT', `/api/admin/media/${item.id}/`, { stamp: item.updatedAt, kind: 'photo', fileName: 'x', alt: text(''), focus: null, crop: null }))
        .statusCode,
    ).toBe(409);
    const outside = await call(
      'PUT',
      `/api/admin/media/${item.id}/`,
      { stamp: described.updatedAt, kind: 'photo', fileName: 'x', alt: text(''), focus: null, crop: { x: 0.8, y: 0, width: 0.5, height: 1 } },
      inLocale('en', `/api/admin/media/${item.id}/`),
    );
    expect(outside.statusCode).toBe(400);
    expect(outside.json().errors['crop.width'][0]).toMatch(/past the edge/);
    const [update] = await t.services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityKind, 'media'), eq(auditLog.entityId, String(item.id)), eq(auditLog.action, 'update')));
    expect(update?.after).toMatchObject({ alt: { en: 'The building site in autumn' }, crop: { x: 0.1, width: 0.5 } });

    // The picture chosen in a news item: the item keeps the library's number, and its copy is the library's.
    const created = await call('POST', '/api/admin/content/news/', {
      values: {
        slug: 'media-library-news',
        title: text('Новость медиатеки', 'Media library news', ''),
        lead: text('Анонс', 'Summary', ''),
        body: text('<p>Текст</p>', '<p>Text</p>', ''),
        image: { src: 'demo/elsewhere.jpg', width: 1, height: 1, mediaId: item.id },
        projectId: null,
        realtyTypes: [],
        publishedAt: '2026-11-27',
        published: true,
        publishAt: null,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const news = created.json() as { id: string; values: { image: Record<string, unknown> } };
    expect(news.values.image).toEqual({ src: item.src, width: 400, height: 300, mediaId: item.id });
    await t.services.versions.check();

    // The public page: the library's alt in Russian and in English; Chinese has none, so Russian; the crop and focus in the URLs.
    for (const [url, alt] of [
      ['/news/media-library-news', 'Стройплощадка осенью'],
      ['/en/news/media-library-news', 'The building site in autumn'],
      ['/zh/news/media-library-news', 'Стройплощадка осенью'],
    ] as const) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      const img = heroImg(res.body);
      expect(img, url).toContain(`alt="${alt}"`);
      expect(img).toContain(`/c:0.5:0.6:fp:0.35:0.5/`);
      expect(img).toContain(`/g:fp:0.6:0.5/`);
      expect(img).toContain(item.src);
    }

    // The preview (staff only) is the same page: the same alt text and crop.
    const preview = await t.app.inject({
      url: `/en/news/media-library-news?preview=news:${news.id}`,
      headers: { 'user-agent': UA, accept: 'text/html', cookie: editor.headers('/').cookie },
    });
    expect(preview.statusCode).toBe(200);
    expect(heroImg(preview.body)).toContain('alt="The building site in autumn"');
    expect(heroImg(preview.body)).toContain('/c:0.5:0.6:fp:0.35:0.5/');

    // Where used, and no deletion while used (409 in the editor's language, naming the item).
    const detail = (await call('GET', `/api/admin/media/${item.id}/`)).json() as { uses: Use[] };
    expect(detail.uses).toEqual([{ kind: 'news', id: news.id, title: 'Новость медиатеки', field: 'image', href: `/admin/content/news/${news.id}` }]);
    for (const [locale, words] of [
      ['ru', /используется в 1 записи/],
      ['en', /used in 1 item\b/],
    ] as const) {
      const refused = await call('DELETE', `/api/admin/media/${item.id}/`, undefined, inLocale(locale, `/api/admin/media/${item.id}/`));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toMatch(words);
      expect(refused.json().uses).toHaveLength(1);
    }
    expect(await t.services.database.db.select().from(media).where(eq(media.id, item.id))).toHaveLength(1);

    // A new file: the same row, a new path; the item follows, and the page shows it under a new URL.
    const replaced = await call('PUT', `/api/admin/media/${item.id}/file/?name=site-plan-v2.png`, await picture('#884422', 800, 600), {
      'content-type': 'image/png',
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const next = replaced.json() as Media;
    expect(next).toMatchObject({ id: item.id, version: 2, width: 800, height: 600 });
    expect(next.src).not.toBe(item.src);
    const [row] = await t.services.database.db
      .select()
      .from(publications)
      .where(eq(publications.id, Number(news.id)));
    expect(row).toMatchObject({ image: next.src, imageWidth: 800, imageHeight: 600, imageMediaId: item.id });
    await t.services.versions.check();
    const after = heroImg((await page('/en/news/media-library-news')).body);
    expect(after).toContain(next.src);
    expect(after).not.toContain(item.src);
    expect(after).toContain('alt="The building site in autumn"');
    const [replace] = await t.services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityKind, 'media'), eq(auditLog.entityId, String(item.id)), eq(auditLog.action, 'replace')));
    expect(replace).toMatchObject({ before: { src: item.src, version: 1 }, after: { src: next.src, version: 2 } });

    // Once the item uses another picture, this one can go, audited.
    const other = await upload('#111111', 'other.png');
    const current = (await call('GET', `/api/admin/content/news/${news.id}/`)).json() as { version: string; values: Record<string, unknown> };
    const moved = await call('PUT', `/api/admin/content/news/${news.id}/`, {
      version: current.version,
      values: { ...current.values, image: { ...other, mediaId: other.id } },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const gone = await call('DELETE', `/api/admin/media/${item.id}/`);
    expect(gone.statusCode, gone.body).toBe(200);
    const [deleted] = await t.services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityKind, 'media'), eq(auditLog.entityId, String(item.id)), eq(auditLog.action, 'delete')));
    expect(deleted?.before).toMatchObject({ src: next.src });
    // A save naming a picture no longer in the library is a 400 on the field.
    const stale = (await call('GET', `/api/admin/content/news/${news.id}/`)).json() as { version: string; values: Record<string, unknown> };
    const refused = await call('PUT', `/api/admin/content/news/${news.id}/`, {
      version: stale.version,
      values: { ...stale.values, image: { ...next, mediaId: item.id } },
    });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().errors)).toEqual(['image']);
  });

  it('draws bank and partner logos with the library’s crop, focus point and alt text: on the home page and in both APIs', async () => {
    const db = t.services.database.db;
    // A bank with programmes (the loan offers name it) and a published partner, their logos adopted into the library.
    const offers = (await t.app.inject('/api/new/loan_offer/?project=2&realty_type=flat&lang=en')).json() as {
      results: { bank: { id: string; logo: { url: string; alt: string; width: number; height: number } | null } | null }[];
    };
    const bankId = offers.results.find((r) => r.bank?.logo)!.bank!.id;
    const [bank] = await db.select().from(banks).where(eq(banks.id, bankId));
    const [partner] = await db.select().from(partners).where(eq(partners.published, true)).limit(1);
    expect(bank?.logoMediaId).toBeTruthy();
    expect(partner?.logoMediaId).toBeTruthy();
    const describe = async (id: number, alt: ReturnType<typeof text>, crop: unknown, focus: unknown) => {
      const loaded = (await call('GET', `/api/admin/media/${id}/`)).json() as Media;
      const res = await call('PUT', `/api/admin/media/${id}/`, { stamp: loaded.updatedAt, kind: 'logo', fileName: loaded.fileName, alt, focus, crop });
      expect(res.statusCode, res.body).toBe(200);
    };
    await describe(bank!.logoMediaId!, text('Знак банка, синий', 'The bank mark in blue', ''), { x: 0, y: 0, width: 0.5, height: 1 }, { x: 0.25, y: 0.5 });
    await describe(partner!.logoMediaId!, text('', 'The architects mark', ''), null, null);
    await t.services.versions.check();

    const cut = ['/c:0.5:0:fp:0.25:0.5/', '/g:fp:0.5:0.5/'];
    // The partners' answer: the bank's logo cut as the library says, 20 px wide at 40 px high (half of a square mark).
    const listed = (await t.app.inject('/api/main_page_partners/?lang=en')).json() as {
      results: { id: string; kind: string; name: string; logo: { src: string; url: string; width: number; height: number; alt: string } }[];
    };
    const bankLogo = listed.results.find((p) => p.kind === 'bank' && p.id === bankId)!.logo;
    for (const part of cut) expect(bankLogo.url).toContain(part);
    expect(bankLogo).toMatchObject({ src: bank!.logo, alt: 'The bank mark in blue', width: 20, height: 40 });
    const partnerEntry = listed.results.find((p) => p.kind !== 'bank' && p.id === partner!.id)!;
    expect(partnerEntry.logo.alt).toBe('The architects mark');
    expect(partnerEntry.logo.url).not.toContain('/c:');
    // Russian: the library has no Russian alt text for the partner, so its name.
    const ru = (await t.app.inject('/api/main_page_partners/?lang=ru')).json() as typeof listed;
    expect(ru.results.find((p) => p.kind !== 'bank' && p.id === partner!.id)!.logo.alt).toBe(partner!.name.ru);
    expect(ru.results.find((p) => p.kind === 'bank' && p.id === bankId)!.logo.alt).toBe('Знак банка, синий');

    // The purchase calls' bank logo: the same URL and words.
    const quoted = (await t.app.inject('/api/new/loan_offer/?project=2&realty_type=flat&lang=en')).json() as typeof offers;
    const quotedLogo = quoted.results.find((r) => r.bank?.id === bankId)!.bank!.logo!;
    expect(quotedLogo).toMatchObject({ url: bankLogo.url, alt: 'The bank mark in blue', width: 20, height: 40 });
    // The proxy serves the cut logo (the marks drawn into this test's media store, as a start draws them).
    await ensureBankLogos(dir);
    const served = await t.app.inject(bankLogo.url);
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(40);

    // The home page draws them: the bank's logo cut, with its alt text (it says more than the name beside it).
    const home = await page('/en');
    expect(home.statusCode).toBe(200);
    const logoImg = [...home.body.matchAll(/<img[^>]*>/g)].map((m) => m[0]).find((img) => img.includes(bank!.logo!))!;
    expect(logoImg).toContain('alt="The bank mark in blue"');
    for (const part of cut) expect(logoImg).toContain(part);
    const partnerImg = [...home.body.matchAll(/<img[^>]*>/g)].map((m) => m[0]).find((img) => img.includes(partner!.logo))!;
    expect(partnerImg).toContain('alt="The architects mark"');
  });

  it('removes a replaced file and a deleted picture’s files from the store once committed, never a file another row names', async () => {
    const exists = (src: string) =>
      access(join(dir, src)).then(
        () => true,
        () => false,
      );
    const first = await upload('#aa5500', 'files-v1.png');
    const created = await call('POST', '/api/admin/content/news/', {
      values: {
        slug: 'media-files-news',
        title: text('Файлы медиатеки', 'Media files', ''),
        lead: text('Анонс', '', ''),
        body: text('<p>Текст</p>', '', ''),
        image: { ...first, mediaId: first.id },
        projectId: null,
        realtyTypes: [],
        publishedAt: '2026-11-27',
        published: true,
        publishAt: null,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const newsId = (created.json() as { id: string }).id;

    // A replacement whose old file cannot be removed: the replacement stands, the file stays (logged).
    t.services.mediaFs = {
      ...NODE_MEDIA_FS,
      rm: async () => {
        throw Object.assign(new Error('EACCES: permission denied'), { code: 'EACCES' });
      },
    };
    try {
      const second = await call('PUT', `/api/admin/media/${first.id}/file/?name=files-v2.png`, await picture('#0055aa', 600, 400), {
        'content-type': 'image/png',
      });
      expect(second.statusCode, second.body).toBe(200);
    } finally {
      t.services.mediaFs = NODE_MEDIA_FS;
    }
    expect(await exists(first.src)).toBe(true);
    const v2 = (await call('GET', `/api/admin/media/${first.id}/`)).json() as Media;

    // A variant of the file about to be replaced, made and kept by the image proxy.
    expect((await t.app.inject(v2.thumbnail)).statusCode).toBe(200);
    expect((await t.app.inject(v2.thumbnail)).headers['x-image-cache']).toBe('hit');

    // A replacement: the file it replaced is gone once committed, the new one is there; the proxy no longer serves
    // the old file's variant from its cache.
    const third = await call('PUT', `/api/admin/media/${first.id}/file/?name=files-v3.png`, await picture('#5500aa', 500, 500), {
      'content-type': 'image/png',
    });
    expect(third.statusCode, third.body).toBe(200);
    const v3 = third.json() as Media;
    expect(await exists(v2.src)).toBe(false);
    expect(await exists(v3.src)).toBe(true);
    expect((await t.app.inject(v2.thumbnail)).statusCode).toBe(404);
    expect((await t.app.inject(v3.thumbnail)).statusCode).toBe(200);

    // In use: deletion refused, the file stays.
    expect((await call('DELETE', `/api/admin/media/${first.id}/`)).statusCode).toBe(409);
    expect(await exists(v3.src)).toBe(true);

    // The same bytes uploaded again are another picture naming the same file.
    const again = await call('POST', '/api/admin/media/?name=twin.png', await picture('#5500aa', 500, 500), { 'content-type': 'image/png' });
    expect(again.statusCode, again.body).toBe(201);
    const twin = again.json() as Media;
    expect(twin.src).toBe(v3.src);

    // Once the item uses another picture, the deletion removes the picture's files — the one left behind by the
    // failed removal too — but not the file the twin still names.
    const elsewhere = await upload('#00aa55', 'elsewhere.png');
    const current = (await call('GET', `/api/admin/content/news/${newsId}/`)).json() as { version: string; values: Record<string, unknown> };
    const moved = await call('PUT', `/api/admin/content/news/${newsId}/`, {
      version: current.version,
      values: { ...current.values, image: { ...elsewhere, mediaId: elsewhere.id } },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await call('DELETE', `/api/admin/media/${first.id}/`)).statusCode).toBe(200);
    expect(await exists(first.src)).toBe(false);
    expect(await exists(v3.src)).toBe(true);
    expect(await exists(elsewhere.src)).toBe(true);
    // The twin's deletion takes the last file.
    expect((await call('DELETE', `/api/admin/media/${twin.id}/`)).statusCode).toBe(200);
    expect(await exists(v3.src)).toBe(false);
  });

  it('lets no item save write back a replaced path: the old file’s removal waits for a save that read it, then the item follows', async () => {
    const exists = (src: string) =>
      access(join(dir, src)).then(
        () => true,
        () => false,
      );
    const first = await upload('#a0a0a0', 'race-v1.png');
    const before = await upload('#b0b0b0', 'race-before.png');
    const created = await call('POST', '/api/admin/content/news/', {
      values: {
        slug: 'media-race-news',
        title: text('Гонка', 'Race', ''),
        lead: text('Анонс', '', ''),
        body: text('<p>Текст</p>', '', ''),
        image: { ...before, mediaId: before.id },
        projectId: null,
        realtyTypes: [],
        publishedAt: '2026-11-27',
        published: true,
        publishAt: null,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const newsId = Number((created.json() as { id: string }).id);
    const db = t.services.database.db;

    // An item's save as the content service makes it, giving the item the picture about to be replaced: the item
    // locked, its pictures resolved (the path before the replacement), the write still to come when the replacement
    // arrives. The old file's removal waits for it (the path is locked, shared, by the save; PGlite runs one
    // transaction at a time), then the item follows its picture and the old file goes.
    let write!: () => void;
    const writing = new Promise<void>((resolve) => (write = resolve));
    let resolved!: () => void;
    const ready = new Promise<void>((resolve) => (resolved = resolve));
    const save = db.transaction(async (tx) => {
      await tx.select({ id: publications.id }).from(publications).where(eq(publications.id, newsId)).for('update');
      const pictures = await resolvePictures(tx, { image: { src: first.src, width: first.width, height: first.height, mediaId: first.id } });
      if (!pictures.ok) throw new Error(`unresolved picture: ${pictures.field}`);
      const image = pictures.values.image as { src: string; mediaId: number };
      expect(image.src).toBe(first.src);
      resolved();
      await writing;
      await tx.update(publications).set({ image: image.src, imageMediaId: image.mediaId }).where(eq(publications.id, newsId));
    });
    await ready;
    let settled = false;
    const replacing = call('PUT', `/api/admin/media/${first.id}/file/?name=race-v2.png`, await picture('#0a0a0a', 300, 300), {
      'content-type': 'image/png',
    }).then((res) => ((settled = true), res));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(settled).toBe(false);
    write();
    await save;
    const replaced = await replacing;
    expect(replaced.statusCode, replaced.body).toBe(200);
    const v2 = replaced.json() as Media;
    const [row] = await db.select({ image: publications.image }).from(publications).where(eq(publications.id, newsId));
    expect(row?.image).toBe(v2.src);
    expect(await exists(first.src)).toBe(false);
    expect(await exists(v2.src)).toBe(true);
  });

  it('keeps an upload’s file when a picture of the same bytes is deleted while it is stored', async () => {
    const exists = (src: string) =>
      access(join(dir, src)).then(
        () => true,
        () => false,
      );
    const bytes = await picture('#123456', 320, 200);
    const old = await call('POST', '/api/admin/media/?name=same-bytes.png', bytes, { 'content-type': 'image/png' });
    expect(old.statusCode, old.body).toBe(201);
    const gone = old.json() as Media;
    // The upload's file is in place but its row not yet written when the older picture of the same bytes is deleted
    // (its files removed as nothing names them yet).
    let deleted: Awaited<ReturnType<typeof call>> | null = null;
    t.services.mediaFs = {
      ...NODE_MEDIA_FS,
      rename: async (from, to) => {
        await NODE_MEDIA_FS.rename(from, to);
        if (!deleted) deleted = await call('DELETE', `/api/admin/media/${gone.id}/`);
      },
    };
    let again;
    try {
      again = await call('POST', '/api/admin/media/?name=same-bytes-again.png', bytes, { 'content-type': 'image/png' });
    } finally {
      t.services.mediaFs = NODE_MEDIA_FS;
    }
    expect(deleted!.statusCode).toBe(200);
    expect(again.statusCode, again.body).toBe(201);
    const kept = again.json() as Media;
    expect(kept.src).toBe(gone.src);
    expect(await exists(kept.src)).toBe(true);
  });

  it('holds every picture items had before the library, described as the site described it', async () => {
    const db = t.services.database.db;
    expect(await db.select().from(publications).where(isNull(publications.imageMediaId))).toEqual([]);
    const [news] = await db.select().from(publications).where(eq(publications.slug, 'sosnovy-frame-complete'));
    const [adopted] = await db.select().from(media).where(eq(media.id, news!.imageMediaId!));
    expect(adopted).toMatchObject({ src: news!.image, width: news!.imageWidth, height: news!.imageHeight });
    expect(adopted!.alt.ru).toBe(news!.title.ru);
    // The library lists it.
    const listed = (await call('GET', `/api/admin/media/?q=${encodeURIComponent(news!.image.split('/').pop()!)}`)).json() as { results: Media[] };
    expect(listed.results.map((r) => r.id)).toContain(adopted!.id);
  });
});
