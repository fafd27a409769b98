import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTALS, type Portal } from '#core/feeds/portals.ts';
import { importFeed } from '#server/modules/catalogue/ingest/import.ts';
import { seedDemoPortalIdsIfMissing } from '#server/modules/catalogue/ingest/write.ts';
import { sql } from 'drizzle-orm';
import { buildings, lots as lotsTable, portalBuildingIds } from '#server/db/schema/index.ts';
import { collectListings, FEEDS, feedsReport, validateDocument } from '#server/modules/feeds/documents.ts';
import { importPortalIds } from '#server/modules/feeds/ids.ts';
import { at, readXml, textOf, type XmlElement } from '#server/modules/feeds/xml.ts';
import { ENGINES } from '#tests/support/db.ts';
import { testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';

/** The offers of a served feed, read back with the feeds' own XML reader, by lot id. */
function offersOf(portal: Portal, xml: string): Map<string, XmlElement> {
  return new Map(FEEDS[portal].offersOf(readXml(xml)).map((o) => [o.id, o.node]));
}
const text = (node: XmlElement, path: string) => {
  const found = at(node, path);
  return found ? textOf(found) : undefined;
};

/** Price, area, floor and rooms of one offer in each portal's words, as numbers. */
function figures(portal: Portal, node: XmlElement) {
  if (portal === 'yandex')
    return {
      price: Number(text(node, 'price/value')),
      area: Number(text(node, 'area/value')),
      floor: Number(text(node, 'floor')),
      rooms: text(node, 'studio') === '1' ? 0 : Number(text(node, 'rooms')),
    };
  if (portal === 'avito')
    return {
      price: Number(text(node, 'Price')),
      area: Number(text(node, 'Square')),
      floor: Number(text(node, 'Floor')),
      rooms: text(node, 'Rooms') === 'Студия' ? 0 : Number(text(node, 'Rooms')),
    };
  const rooms = Number(text(node, 'FlatRoomsCount'));
  return {
    price: Number(text(node, 'BargainTerms/Price')),
    area: Number(text(node, 'TotalArea')),
    floor: Number(text(node, 'FloorNumber')),
    rooms: rooms === 9 ? 0 : rooms,
  };
}

/** The property-portal feeds (Yandex Realty, CIAN v2, Avito Autoload, DomClick) from one catalogue, on each database engine. */
describe.each(ENGINES)('portal feeds on %s', (engine) => {
  let t: TestApp;
  const get = async (portal: Portal, headers: Record<string, string> = {}) => t.app.inject({ url: `/feeds/${portal}.xml`, headers });
  beforeAll(async () => {
    t = await testAppWithCatalogue(engine, { SITE_URL: 'https://example.ru' });
  });
  afterAll(async () => t?.dispose());

  it('serves each portal a well-formed document whose every offer carries the portal’s required fields', async () => {
    for (const portal of PORTALS) {
      const res = await get(portal);
      expect(res.statusCode, portal).toBe(200);
      expect(res.headers['content-type'], portal).toMatch(/^application\/xml; charset=utf-8/);
      // Made of the versions of every kind of data the feeds read (server/db/kept.ts), and the Moscow day.
      expect(res.headers.etag, portal).toMatch(/^"feeds-[\w-]{16}"$/);
      expect(res.headers['cache-control'], portal).toBe('public, max-age=600');
      const validation = validateDocument(FEEDS[portal], res.body);
      expect(validation.wellFormed, portal).toBe(true);
      expect(validation.problems, portal).toEqual([]);
      expect(validation.offerProblems.slice(0, 5), portal).toEqual([]);
      expect(validation.offers, portal).toBeGreaterThan(500);
    }
    const cian = readXml((await get('cian')).body);
    const categories = new Set(FEEDS.cian.offersOf(cian).map((o) => text(o.node, 'Category')));
    expect([...categories].sort()).toEqual(['freeAppointmentObjectRent', 'freeAppointmentObjectSale', 'garageSale', 'newBuildingFlatSale']);
    const avito = readXml((await get('avito')).body);
    expect(new Set(FEEDS.avito.offersOf(avito).map((o) => text(o.node, 'Category')))).toEqual(
      new Set(['Квартиры', 'Гаражи и машиноместа', 'Коммерческая недвижимость']),
    );
    // A studio is 9 in CIAN and «Студия» on Avito; a flat sold by the developer in a new development.
    const studio = FEEDS.cian.offersOf(cian).find((o) => text(o.node, 'FlatRoomsCount') === '9')!;
    expect(FEEDS.avito.offersOf(avito).find((o) => o.id === studio.id)?.node).toSatisfy((ad: XmlElement) => text(ad, 'Rooms') === 'Студия');
    const flat = FEEDS.avito.offersOf(avito).find((o) => text(o.node, 'Category') === 'Квартиры')!.node;
    expect([text(flat, 'MarketType'), text(flat, 'PropertyRights'), text(flat, 'OperationType')]).toEqual(['Новостройка', 'Застройщик', 'Продам']);
  });

  it('gives the same lot the same price, area, floor and rooms in all four feeds and on its lot page', async () => {
    const feeds = Object.fromEntries(await Promise.all(PORTALS.map(async (p) => [p, offersOf(p, (await get(p)).body)] as const))) as Record<
      Portal,
      Map<string, XmlElement>
    >;
    const common = [...feeds.cian.keys()].filter(
      (id) => PORTALS.every((p) => feeds[p].has(id)) && text(feeds.cian.get(id)!, 'Category') === 'newBuildingFlatSale',
    );
    expect(common.length).toBeGreaterThan(100);
    for (const id of common.filter((_, i) => i % 37 === 0)) {
      // The lot page's own data (its loader's call).
      const card = (await t.services.catalogue.lotById(id, 'ru'))!;
      const lot = (await t.services.catalogue.lot(card.projectShortSlug, card.type, card.number, 'ru'))!;
      for (const portal of PORTALS)
        expect(figures(portal, feeds[portal].get(id)!), `${portal} ${id}`).toEqual({ price: lot.price, area: lot.area, floor: lot.floor, rooms: lot.rooms });
      // The completion quarter, from the same code the lot page formats.
      const cian = feeds.cian.get(id)!;
      const quarter = /^(\d{4})-Q([1-4])$/.exec(lot.completion ?? '');
      if (quarter) {
        expect(text(cian, 'Building/Deadline/Year')).toBe(quarter[1]);
        expect(text(cian, 'Building/Deadline/Quarter')).toBe(['first', 'second', 'third', 'fourth'][Number(quarter[2]) - 1]);
        expect(text(feeds.yandex.get(id)!, 'ready-quarter')).toBe(quarter[2]);
      } else expect(text(cian, 'Building/Deadline/IsComplete')).toBe('true');
      expect(text(feeds.yandex.get(id)!, 'image')).toBe(text(cian, 'LayoutPhoto/FullUrl'));
    }
  });

  it('files flats under each portal’s own ids of the complex and the house, and leaves out a building a portal does not know', async () => {
    const rows = await t.services.database.db.select().from(portalBuildingIds);
    const idsOf = (portal: Portal, building: string) => rows.find((r) => r.portal === portal && String(r.buildingId) === building);
    const { listings } = await collectListings(t.services, { origin: 'https://example.ru' });
    const flat = listings.find((l) => l.kind === 'flat' && idsOf('avito', l.building.id) && idsOf('cian', l.building.id))!;
    const yandex = offersOf('yandex', (await get('yandex')).body).get(flat.lotId)!;
    expect(text(yandex, 'yandex-building-id')).toBe(idsOf('yandex', flat.building.id)!.complexId);
    expect(text(yandex, 'yandex-house-id')).toBe(idsOf('yandex', flat.building.id)!.houseId);
    for (const portal of ['cian', 'domclick'] as const) {
      const node = offersOf(portal, (await get(portal)).body).get(flat.lotId)!;
      expect(text(node, 'JKSchema/Id'), portal).toBe(idsOf(portal, flat.building.id)!.complexId);
      expect(text(node, 'JKSchema/House/Id'), portal).toBe(idsOf(portal, flat.building.id)!.houseId);
    }
    const avitoIds = idsOf('avito', flat.building.id)!;
    expect(text(offersOf('avito', (await get('avito')).body).get(flat.lotId)!, 'NewDevelopmentId')).toBe(avitoIds.houseId ?? avitoIds.complexId);

    // The demo's Avito does not know one building: its flats are in the other feeds and not Avito's, and the report says why.
    const unknown = listings.find((l) => l.kind === 'flat' && !idsOf('avito', l.building.id))!;
    expect(unknown).toBeDefined();
    expect(offersOf('avito', (await get('avito')).body).has(unknown.lotId)).toBe(false);
    expect(offersOf('cian', (await get('cian')).body).has(unknown.lotId)).toBe(true);
    const report = await feedsReport(t.services, { origin: 'https://example.ru' });
    expect(report.valid).toBe(true);
    const avito = report.portals.find((p) => p.portal === 'avito')!;
    expect(avito.leftOut.reasons.find((r) => r.reason === `no Avito development id for building ${unknown.building.id}`)?.lotIds).toContain(unknown.lotId);
    // Included and left out account for every lot of the catalogue, in every portal.
    const [{ n }] = (await t.services.database.db.select({ n: sql<number>`count(*)::int` }).from(lotsTable)) as [{ n: number }];
    for (const p of report.portals) expect(p.included.count + p.leftOut.count, p.portal).toBe(Number(n));
  });

  it('compresses a feed and answers an unchanged catalogue with 304', async () => {
    const res = await get('cian', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString('utf8')).toContain('<feed_version>2</feed_version>');
    expect((await get('avito', { 'if-none-match': String(res.headers.etag) })).statusCode).toBe(304);
  });

  it('imports portal ids all or nothing: a bad file names line and field and changes nothing; a good one applies and remakes the feeds', async () => {
    const db = t.services.database.db;
    const before = await db.select().from(portalBuildingIds);
    const etag = String((await get('domclick')).headers.etag);
    const building = String(before.find((r) => r.portal === 'domclick')!.buildingId);
    const bad = await importPortalIds(db, `portal;building;complex_id;house_id\ndomclick;${building};D-1;H-1\nozon;${building};1;2\ncian;${building};;3\n`);
    expect(bad.applied).toBe(false);
    expect(bad.rejected).toEqual([
      { row: 3, portal: 'ozon', building, errors: ['portal: must be one of yandex, cian, avito, domclick'] },
      { row: 4, portal: 'cian', building, errors: ['complex_id: is required'] },
    ]);
    expect(await db.select().from(portalBuildingIds)).toEqual(before);
    const badJson = await importPortalIds(db, JSON.stringify({ ids: [{ portal: 'avito', building: 99999, complex_id: 'x' }] }));
    expect(badJson.rejected).toEqual([{ row: 1, portal: 'avito', building: '99999', errors: ['building: no building 99999 in the catalogue'] }]);
    const dry = await importPortalIds(db, `portal,building,complex_id,house_id\ndomclick,${building},D-1,H-1\n`, { dryRun: true });
    expect([dry.applied, dry.updated, dry.rejected]).toEqual([false, 1, []]);
    expect(await db.select().from(portalBuildingIds)).toEqual(before);

    const good = await importPortalIds(db, `portal,building,complex_id,house_id\ndomclick,${building},D-1,H-1\n`);
    expect([good.applied, good.updated, good.inserted]).toEqual([true, 1, 0]);
    await t.services.catalogue.refresh();
    const after = await get('domclick');
    expect(after.headers.etag).not.toBe(etag);
    const node = [...offersOf('domclick', after.body).values()].find((o) => text(o, 'JKSchema/Id') === 'D-1');
    expect(node && text(node, 'JKSchema/House/Id')).toBe('H-1');
    // CIAN keeps its own ids of the same building.
    expect(offersOf('cian', (await get('cian')).body).size).toBe(offersOf('domclick', after.body).size);
    expect((await get('cian')).body).not.toContain('<Id>D-1</Id>');
  });

  it('drops a sold lot from every feed at the next catalogue import, and the report lists it as sold', async () => {
    const first = Object.fromEntries(await Promise.all(PORTALS.map(async (p) => [p, (await get(p)).body] as const))) as Record<Portal, string>;
    const sold = [...offersOf('cian', first.cian).keys()].find((id) => PORTALS.every((p) => offersOf(p, first[p]).has(id)))!;
    await importFeed(t.services.database, JSON.stringify({ lots: [{ id: Number(sold), status: 'sold' }] }));
    await t.services.catalogue.refresh();
    for (const portal of PORTALS) {
      const after = offersOf(portal, (await get(portal)).body);
      expect(after.has(sold), portal).toBe(false);
      expect(after.size, portal).toBe(offersOf(portal, first[portal]).size - 1);
    }
    const report = await feedsReport(t.services, { origin: 'https://example.ru' });
    for (const p of report.portals) expect(p.leftOut.reasons.find((r) => r.reason === 'sold')?.lotIds, p.portal).toContain(sold);
  });

  it('gives a demo database made before the portals’ ids its demo ids and materials, once', async () => {
    const db = t.services.database.db;
    await db.delete(portalBuildingIds);
    await db.update(buildings).set({ material: null });
    expect(await seedDemoPortalIdsIfMissing(t.services.database)).toBe(true);
    expect((await db.select().from(portalBuildingIds)).length).toBe(47);
    expect((await db.select({ material: buildings.material }).from(buildings)).every((b) => b.material !== null)).toBe(true);
    expect(await seedDemoPortalIdsIfMissing(t.services.database)).toBe(false);
  });
});
