import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueFormat, lotAccessibleName } from '#core/catalogue/format.ts';
import { SUN_MARCH_HOURS } from '#core/catalogue/lot-features.ts';
import type { LotCard, LotSun, Page } from '#core/catalogue/types.ts';
import { loadMessages, translator, type Translate } from '#core/i18n/messages.ts';
import { sunDuration } from '#core/insolation/format.ts';
import { parsePath } from '#core/insolation/geometry.ts';
import type { Database } from '#server/db/client.ts';
import { buildings, lotInsolation, lots } from '#server/db/schema/index.ts';
import { signedInStaff } from '#tests/support/admin.ts';
import { pageApp, type TestApp } from '#tests/support/app.ts';
import { ENGINES } from '#tests/support/db.ts';
import { noScriptVisitor } from '#tests/support/no-script.ts';
import { readPdf } from '#tests/support/pdf.ts';
import { fetchVia } from '#tests/support/site.ts';
import { editorCalls, type Item, type Staffer } from '../content/admin-content-setup.ts';

/** Text as a reader copies it: without spaces (a PDF's runs of one font each are joined with spaces by its reading). */
const unspaced = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, '');

/**
 * A lot's sun is one fact (issue #41): its minutes of direct sun on 21 March and the norm's verdict, stored once in
 * `lot_insolation`, read the same on its page, its chessboard cell (the sun layer), its PDF sheet, the API and the
 * filter's facets; and an editor's change to what the computation reads (the project's north, a neighbouring
 * building, a window view) reaches all of them at once.
 */
describe.each(ENGINES)('the sun of a lot on %s', (engine) => {
  let t: TestApp & { database: Database };
  let editor: Staffer;
  let visitor: ReturnType<typeof noScriptVisitor>;
  let tr: Translate;
  const media = mkdtempSync(join(tmpdir(), 'sun-fact-media-'));
  const { call, history } = editorCalls(() => ({ t, editor }));

  beforeAll(async () => {
    t = await pageApp(engine, { MEDIA_DIR: media });
    editor = await signedInStaff(t, 'editor');
    visitor = noScriptVisitor(fetchVia(t.app));
    tr = translator(await loadMessages('ru'), 'ru');
  }, 180_000);
  afterAll(async () => {
    await visitor?.close();
    await t?.dispose();
    rmSync(media, { recursive: true, force: true });
  });

  const json = async <T>(url: string): Promise<T> => {
    const res = await t.app.inject(url);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return res.json<T>();
  };
  const stored = async (id: number) => (await t.database.db.select().from(lotInsolation).where(eq(lotInsolation.lotId, id)))[0]!;

  /** A free flat with a stored sun whose windows all face `side`. */
  async function flatFacing(side: string, where: (row: typeof lotInsolation.$inferSelect) => boolean) {
    const rows = await t.database.db
      .select({ id: lots.id, windows: lots.windows, insolation: lotInsolation })
      .from(lots)
      .innerJoin(lotInsolation, eq(lotInsolation.lotId, lots.id))
      .where(and(eq(lots.type, 'flat'), eq(lots.status, 'free'), sql`${lots.windows} = ${JSON.stringify([side])}::jsonb`))
      .orderBy(lots.id);
    const found = rows.find((r) => where(r.insolation));
    expect(found, `a free flat facing ${side} only`).toBeDefined();
    return found!.id;
  }

  /** What every surface says of the lot's March minutes and norm verdict, each read as a client reads it. */
  async function surfaces(id: number) {
    const lot = (await t.services.catalogue.lotById(String(id), 'ru'))!;
    const format = catalogueFormat('ru', tr);
    // The API.
    const api = (await json<{ sun: LotSun | null }>(`/api/lot/${id}/?lang=ru`)).sun;
    // The lot page: the March chart's minutes and the norm's line.
    const page = await visitor.open(lot.url);
    expect(page.status).toBe(200);
    const pageMinutes = page.document.querySelector('[data-sun-minutes]');
    const pageNorm = page.document.querySelector('[data-sun-norm]')?.getAttribute('data-sun-norm');
    // The chessboard with the sun layer: the cell's name.
    const chess = await visitor.open(`/projects/${lot.projectId}/building/${lot.buildingId}/section/${lot.sectionId}?layer=sun`);
    expect(chess.status).toBe(200);
    const name = lotAccessibleName(format, lot);
    const cell = [...chess.document.querySelectorAll('.sr-only')].map((el) => el.textContent ?? '').find((text) => text.startsWith(`${name},`)) ?? '';
    // The PDF sheet.
    const pdf = unspaced(readPdf((await t.app.inject(`/pdf/ru/lots/${id}.pdf`)).rawPayload).text);
    // The filter's facets over this lot alone: the March thresholds it meets and the norm.
    const only = `project=${lot.projectId}&building=${lot.buildingId}&floor_min=${lot.floor}&floor_max=${lot.floor}&price_min=${lot.price}&price_max=${lot.price}&area_min=${lot.area}&area_max=${lot.area}&status=free`;
    const facets = await json<{ count: number; items: Record<string, { choices?: Record<string, number>; count?: number }> }>(`/api/filter/facets/?${only}`);
    const normFound = (await json<Page<LotCard>>(`/api/filter/?${only}&sun_norm=true&limit=10`)).results.some((c) => c.id === String(id));
    return { lot, api, pageMinutes, pageNorm, cell, name, pdf, facets, normFound };
  }

  /** The surfaces agree with the stored row: the same minutes and verdict, in the same words. */
  async function expectEverywhere(id: number) {
    const row = await stored(id);
    const s = await surfaces(id);
    const duration = sunDuration(row.marchMinutes, tr);
    expect(s.api).toEqual({ march: row.marchMinutes, june: row.juneMinutes, december: row.decemberMinutes, normMet: row.normMet });
    expect(s.pageMinutes?.getAttribute('data-sun-minutes')).toBe(String(row.marchMinutes));
    expect(s.pageMinutes?.textContent).toBe(duration);
    expect(s.pageNorm).toBe(row.normMet ? 'met' : 'not-met');
    expect(s.cell).toBe(
      `${s.name}, ${tr('insolation.layer.cell', { duration })}, ${tr(row.normMet ? 'insolation.layer.normMet' : 'insolation.layer.normNotMet')}`,
    );
    expect(s.pdf).toContain(unspaced(`${tr('insolation.seasons.march')}: ${duration}`));
    expect(s.pdf).toContain(unspaced(tr(row.normMet ? 'insolation.norm.met' : 'insolation.norm.notMet')));
    expect(s.pdf).not.toContain(unspaced(tr(row.normMet ? 'insolation.norm.notMet' : 'insolation.norm.met')));
    expect(s.facets.count).toBe(1);
    const choices = s.facets.items.sun_march?.choices ?? {};
    for (const hours of SUN_MARCH_HOURS) expect(choices[hours] ?? 0, `${hours} h or more`).toBe(row.marchMinutes >= Number(hours) * 60 ? 1 : 0);
    expect(s.normFound).toBe(row.normMet);
    return row;
  }

  /** The back office's item of a kind, by its id. */
  const item = async (kind: string, id: string) => (await call('GET', `/api/admin/content/${kind}/${id}/`)).json<Item>();

  it('its March minutes and norm verdict read the same on its page, its chessboard cell, its PDF sheet, the API and the facets', async () => {
    const sunny = await flatFacing('south', (r) => r.marchMinutes >= 4 * 60 && r.normMet);
    const dark = await flatFacing('north', (r) => !r.normMet);
    expect((await expectEverywhere(sunny)).marchMinutes).toBeGreaterThanOrEqual(240);
    await expectEverywhere(dark);
  });

  it('the sun layer is a link that keeps the filter, and the default chessboard carries no sun', async () => {
    const id = await flatFacing('south', () => true);
    const lot = (await t.services.catalogue.lotById(String(id), 'ru'))!;
    const path = `/projects/${lot.projectId}/building/${lot.buildingId}/section/${lot.sectionId}`;
    const off = await visitor.open(`${path}?rooms=2`);
    const link = [...off.document.querySelectorAll('a[data-sun-layer]')][0]!;
    expect(link.textContent).toBe(tr('insolation.layer.show'));
    expect(link.getAttribute('href')).toBe(`${path}?rooms=2&layer=sun`);
    const cellNames = (page: typeof off) => [...page.document.querySelectorAll('td .sr-only')].map((el) => el.textContent ?? '');
    expect(cellNames(off).length).toBeGreaterThan(0);
    expect(cellNames(off).filter((name) => name.includes(tr('insolation.layer.cell', { duration: '' }).trim()))).toEqual([]);
    const on = await visitor.open(`${path}?rooms=2&layer=sun`);
    expect(on.document.querySelector('a[data-sun-layer]')?.getAttribute('href')).toBe(`${path}?rooms=2`);
    expect(cellNames(on).filter((name) => name.includes(tr('insolation.layer.cell', { duration: '' }).trim())).length).toBeGreaterThan(0);
    // The quick filter keeps the layer: its form carries it.
    expect(on.document.querySelector('input[type="hidden"][name="layer"]')?.getAttribute('value')).toBe('sun');
  });

  it("an editor's change to the project's north, a neighbouring building or a window view is recomputed and shown everywhere at once", async () => {
    const id = await flatFacing('south', (r) => r.marchMinutes >= 4 * 60 && r.normMet);
    const before = await stored(id);
    const lot = (await t.services.catalogue.lotById(String(id), 'ru'))!;
    const projectId = Number(lot.projectId);
    const version = async () => t.services.catalogue.loadedVersion();

    // North turned half round: the lot's windows still face south (its codes are true bearings), but the plan's other
    // buildings now stand on other sides of them, so their shade moves.
    const plan = await item('masterplans', lot.projectId);
    expect(plan.values).toMatchObject({ project: lot.projectId, genplanScale: 0.2, genplanNorth: 0 });
    const loaded = await version();
    const turned = await call('PUT', `/api/admin/content/masterplans/${lot.projectId}/`, {
      version: plan.version,
      values: { ...plan.values, genplanNorth: 180 },
    });
    expect(turned.statusCode, turned.body).toBe(200);
    expect((await stored(id)).marchMinutes).not.toBe(before.marchMinutes);
    await expect.poll(version).not.toBe(loaded);
    const turnedRow = await expectEverywhere(id);
    expect(turnedRow.marchMinutes).not.toBe(before.marchMinutes);
    // Reverted from its history: the figures come back.
    const [change] = await history(`/api/admin/content/masterplans/${lot.projectId}/`);
    expect(change).toMatchObject({ action: 'update', before: { genplanNorth: 0 }, after: { genplanNorth: 180 } });
    expect((await call('POST', `/api/admin/content/revert/${change!.id}/`, {})).statusCode).toBe(200);
    expect(await stored(id)).toMatchObject({ marchMinutes: before.marchMinutes, normMet: before.normMet });
    await expect.poll(async () => (await json<{ sun: LotSun }>(`/api/lot/${id}/?lang=ru`)).sun.march).toBe(before.marchMinutes);

    // A 600 m wall just south of the lot's building: its south windows are shaded; deleting it gives their sun back.
    const [building] = await t.database.db
      .select({ outline: buildings.outline, number: buildings.number })
      .from(buildings)
      .where(eq(buildings.id, Number(lot.buildingId)));
    const points = parsePath(building!.outline).flat();
    const [xs, ys] = [points.map(([x]) => x), points.map(([, y]) => y)];
    const [left, right, bottom] = [Math.min(...xs) - 2000, Math.max(...xs) + 2000, Math.max(...ys) + 20];
    const wall = { projectId, name: 'Стена', outline: `M ${left} ${bottom} H ${right} V ${bottom + 400} H ${left} Z`, height: 600, position: 0 };
    const created = await call('POST', '/api/admin/content/neighbours/', { values: wall });
    expect(created.statusCode, created.body).toBe(201);
    const shaded = await stored(id);
    expect(shaded.marchMinutes).toBeLessThan(before.marchMinutes);
    await expect.poll(async () => (await json<{ sun: LotSun }>(`/api/lot/${id}/?lang=ru`)).sun.march).toBe(shaded.marchMinutes);
    await expectEverywhere(id);
    const neighbour = created.json<Item>();
    expect((await call('DELETE', `/api/admin/content/neighbours/${neighbour.id}/?version=${neighbour.version}`)).statusCode).toBe(200);
    expect((await stored(id)).marchMinutes).toBe(before.marchMinutes);

    // A window view for the lot's floor: its passport, figures and the filter's view item say water.
    const rule = {
      projectId,
      buildingNumber: building!.number,
      sectionNumber: lot.sectionNumber,
      floorFrom: lot.floor,
      floorTo: lot.floor,
      side: 'south',
      tags: ['water'],
    };
    const view = await call('POST', '/api/admin/content/windowviews/', { values: rule });
    expect(view.statusCode, view.body).toBe(201);
    expect((await stored(id)).views).toEqual({ south: ['water'] });
    await expect.poll(async () => (await json<{ windowViews: unknown }>(`/api/lot/${id}/?lang=ru`)).windowViews).toEqual({ south: ['water'] });
    const found = await json<Page<LotCard>>(`/api/filter/?project=${projectId}&view=water&floor_min=${lot.floor}&floor_max=${lot.floor}&limit=200`);
    expect(found.results.map((c) => c.id)).toContain(String(id));
    const pdf = unspaced(readPdf((await t.app.inject(`/pdf/ru/lots/${id}.pdf`)).rawPayload).text);
    expect(pdf).toContain(unspaced(`${tr('insolation.views.side', { side: tr('insolation.sides.south') })}: ${tr('insolation.views.tags.water')}`));
  });

  it('refuses what the computation cannot read, naming the field in the editor’s language', async () => {
    const bad = async (kind: string, values: Record<string, unknown>, locale: 'ru' | 'en') => {
      const res = await call('POST', `/api/admin/content/${kind}/`, { values }, locale);
      expect(res.statusCode, res.body).toBe(400);
      return res.json<{ errors: Record<string, string[]> }>().errors;
    };
    const wall = { projectId: 1, name: 'Дом', outline: 'M 0 0 L 100 0 L 100 100 Z', height: 30, position: 0 };
    expect(await bad('neighbours', { ...wall, outline: 'M 0 0 L 10 x' }, 'ru')).toEqual({ outline: [expect.stringMatching(/^Контур не читается/)] });
    expect(await bad('neighbours', { ...wall, outline: 'M 0 0 L 10 x' }, 'en')).toEqual({ outline: [expect.stringMatching(/^The outline cannot be read/)] });
    expect(Object.keys(await bad('neighbours', { ...wall, height: 0 }, 'ru'))).toEqual(['height']);
    const rule = { projectId: 1, buildingNumber: 1, sectionNumber: null, floorFrom: 9, floorTo: 3, side: 'east', tags: ['city'] };
    expect(await bad('windowviews', rule, 'ru')).toEqual({ floorTo: ['«По этаж» не может быть ниже, чем «С этажа».'] });
    expect(await bad('windowviews', { ...rule, floorFrom: 1, buildingNumber: 99 }, 'en')).toEqual({
      buildingNumber: ['This project has no building with this number.'],
    });
    const plan = await item('masterplans', '1');
    const res = await call('PUT', '/api/admin/content/masterplans/1/', { version: plan.version, values: { ...plan.values, genplanScale: 0 } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ errors: Record<string, string[]> }>().errors)).toEqual(['genplanScale']);
  });
});
