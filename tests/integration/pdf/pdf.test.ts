import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFeed } from '#server/modules/catalogue/ingest/import.ts';
import { testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';
import { ENGINES } from '#tests/support/db.ts';
import { readPdf } from '#tests/support/pdf.ts';
import { pdfContext } from '#server/modules/pdf/context.ts';
import { PdfPictures } from '#server/modules/pdf/kit.ts';
import { lotFigures } from '#server/modules/pdf/lot-sheet.ts';
import { lotFigureRows } from '#core/catalogue/lot-figures.ts';
import { catalogueFormat } from '#core/catalogue/format.ts';
import { loadMessages, translator } from '#core/i18n/messages.ts';

/** The site's public origin: the one every printed link must name (never the address the server listens on). */
const ORIGIN = 'https://dom.example.ru';

describe.each(ENGINES)('PDF presentations and lot sheets on %s', (engine) => {
  let t: TestApp;
  // No media files: the documents must still come out whole (pictures drawn as quiet placeholders).
  const media = mkdtempSync(join(tmpdir(), 'pdf-media-'));
  beforeAll(async () => {
    t = await testAppWithCatalogue(engine, { MEDIA_DIR: media, SITE_URL: ORIGIN });
  });
  afterAll(async () => {
    await t?.dispose();
    rmSync(media, { recursive: true, force: true });
  });

  it('links every project to its presentation and makes it in the visitor language', async () => {
    for (const [lang, iso, word] of [
      ['ru', 'ru-RU', 'презентация'],
      ['en', 'en-GB', 'presentation'],
      ['zh', 'zh-CN', '项目介绍'],
    ] as const) {
      const about = (await t.app.inject(`/api/project/1/about/?lang=${lang}`)).json<{ name: string; presentationUrl: string }>();
      expect(about.presentationUrl).toBe(`/pdf/${lang}/projects/1.pdf`);
      const res = await t.app.inject(about.presentationUrl);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/^inline; filename="[a-z-]+-presentation-[a-z]{2}\.pdf"$/);
      const pdf = readPdf(res.rawPayload);
      expect(pdf.version).not.toBe('');
      expect(pdf.lang).toBe(iso);
      expect(pdf.title).toContain(about.name);
      expect(pdf.title).toContain(word);
      expect(pdf.author).toBe((await t.services.settings.get(lang)).companyName);
      expect(pdf.pages).toBeGreaterThanOrEqual(6);
      expect(pdf.fonts).toBeGreaterThanOrEqual(2); // Manrope, and Noto Sans SC for Chinese
    }
  });

  it('serves a made document again from memory with its ETag, and 304 when the client has it', async () => {
    const first = await t.app.inject('/pdf/en/projects/2.pdf');
    const again = await t.app.inject('/pdf/en/projects/2.pdf');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe('public, max-age=900');
    const cached = await t.app.inject({ url: '/pdf/en/projects/2.pdf', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(cached.statusCode).toBe(304);
    expect(cached.body).toBe('');
  });

  it('makes a one-page sheet for a lot, and a new one when its price changes', async () => {
    const page = (await t.app.inject('/api/filter/?type=flat&limit=1&lang=ru')).json<{ results: { id: string }[] }>();
    const id = page.results[0]!.id;
    const lot = (await t.services.catalogue.lotById(id, 'ru'))!;
    expect(lot.sheetUrl).toBe(`/pdf/ru/lots/${id}.pdf`);
    const res = await t.app.inject(lot.sheetUrl!);
    expect(res.statusCode).toBe(200);
    const pdf = readPdf(res.rawPayload);
    expect(pdf.pages).toBe(1);
    expect(pdf.lang).toBe('ru-RU');
    expect(pdf.title).toMatch(new RegExp(`№ ${lot.number}: карточка лота$`));
    expect(pdf.subject).toBe(`${lot.projectName}, ${lot.buildingName}`);

    const report = await importFeed(t.services.database, JSON.stringify([{ id: Number(id), price: lot.price + 100_000 }]));
    expect(report.accepted).toBe(1);
    await t.services.catalogue.refresh();
    const after = await t.app.inject(lot.sheetUrl!);
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(res.headers.etag);
  });

  it('answers a bad address with 404 naming the part that is wrong', async () => {
    for (const [url, field] of [
      ['/pdf/de/projects/1.pdf', 'locale'],
      ['/pdf/en/villas/1.pdf', 'kind'],
      ['/pdf/en/projects/one.pdf', 'id'],
      ['/pdf/en/projects/1.docx', 'id'],
      ['/pdf/en/projects/999.pdf', 'id'],
      ['/pdf/en/lots/99999999.pdf', 'id'],
    ] as const) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ field });
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it("links each document to the page in its own language at the site's public origin", async () => {
    const page = (await t.app.inject('/api/filter/?type=flat&limit=1&lang=ru')).json<{ results: { id: string }[] }>();
    const id = page.results[0]!.id;
    for (const [lang, prefix] of [
      ['ru', ''],
      ['en', '/en'],
      ['zh', '/zh'],
    ] as const) {
      const lot = (await t.services.catalogue.lotById(id, lang))!;
      const sheet = readPdf((await t.app.inject(`/pdf/${lang}/lots/${id}.pdf`)).rawPayload);
      expect([...new Set(sheet.links)], lang).toEqual([`${ORIGIN}${prefix}${lot.url}`]);
      expect(sheet.pages, lang).toBe(1);
      const project = (await t.services.catalogue.project('1', lang))!;
      const presentation = readPdf((await t.app.inject(`/pdf/${lang}/projects/1.pdf`)).rawPayload);
      expect(presentation.links, lang).toContain(`${ORIGIN}${prefix}${project.url}`);
      expect(
        presentation.links.every((link) => link.startsWith(`${ORIGIN}${prefix}/`)),
        lang,
      ).toBe(true);
    }
  });

  it("prints the lot page's rows on the sheet, the same rows in ru, en and zh", async () => {
    const settings = await t.services.settings.get('ru');
    const lots = (await t.app.inject('/api/filter/?limit=200&lang=ru')).json<{ results: { id: string }[] }>().results;
    expect(lots.length).toBeGreaterThan(20);
    for (const { id } of lots) {
      const rows = await Promise.all(
        (['ru', 'en', 'zh'] as const).map(async (locale) => {
          const lot = (await t.services.catalogue.lotById(id, locale))!;
          const ctx = await pdfContext(
            locale,
            settings,
            { origin: ORIGIN, strategy: 'prefix_except_default' },
            new PdfPictures(media, t.config.IMAGE_ALLOWED_HOSTS, () => {}),
          );
          const messages = await loadMessages(locale);
          const tr = translator(messages, locale);
          const onPage = lotFigureRows(lot, tr, catalogueFormat(locale, tr)).slice(0, -1);
          const onSheet = lotFigures(ctx, lot);
          expect(onSheet, `${locale} lot ${id}`).toEqual(onPage);
          return onSheet;
        }),
      );
      const [ru, en, zh] = rows.map((list) => list.length);
      expect([en, zh], `lot ${id}`).toEqual([ru, ru]);
      const ceiling = rows.map((list) => list.find(([label]) => /потолк|ceiling|层高/i.test(label)));
      expect(ceiling.every(Boolean), `lot ${id} ceiling`).toBe(true);
    }
  });
});
