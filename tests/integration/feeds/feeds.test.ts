import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFeed } from '#server/modules/catalogue/ingest/import.ts';
import { ENGINES } from '#tests/support/db.ts';
import { testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';

const offers = (xml: string) => [...xml.matchAll(/<offer internal-id="(\d+)">(.*?)<\/offer>/g)].map((m) => ({ id: m[1]!, body: m[2]! }));
const value = (body: string, name: string) => new RegExp(`<${name}>([^<]*)</${name}>`).exec(body)?.[1];

/** The Yandex Realty feed of lots for sale, on each database engine. */
describe.each(ENGINES)('property feed on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testAppWithCatalogue(engine, { SITE_URL: 'https://example.ru' });
  });
  afterAll(async () => t?.dispose());

  it('lists every flat, parking space and commercial unit on sale, with the fields the portal reads', async () => {
    const res = await t.app.inject({ url: '/feeds/yandex.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    expect(res.body).toContain('<realty-feed xmlns="http://webmaster.yandex.ru/schemas/feed/realty/2010-06">');
    const list = offers(res.body);
    const forSale = await t.services.catalogue.filter({ status: ['free', 'booked'], type: ['flat', 'parking', 'commercial'], limit: 1 }, 'ru');
    const presale = (await t.services.catalogue.projects('ru')).filter((p) => p.status === 'presale').map((p) => p.id);
    const inPresale = presale.length
      ? (await t.services.catalogue.filter({ status: ['free', 'booked'], type: ['flat', 'parking', 'commercial'], project: presale, limit: 1 }, 'ru')).count
      : 0;
    const forRent = await t.services.catalogue.lotsForRent('ru');
    expect(forRent.length).toBeGreaterThan(0);
    expect(list).toHaveLength(forSale.count - inPresale + forRent.length);
    expect(new Set(list.map((o) => o.id)).size).toBe(list.length);

    const flat = list.find((o) => value(o.body, 'category') === 'квартира')!;
    const lot = (await t.services.catalogue.lotsByIds([flat.id], 'ru'))[0]!;
    expect(value(flat.body, 'type')).toBe('продажа');
    expect(value(flat.body, 'url')).toBe(`https://example.ru${lot.url}`);
    expect(flat.body).toContain(`<price><value>${lot.price}</value><currency>RUB</currency></price>`);
    expect(flat.body).toContain(`<area><value>${lot.area}</value><unit>кв. м</unit></area>`);
    expect(value(flat.body, 'new-flat')).toBe('1');
    expect(value(flat.body, 'deal-status')).toBe('первичная продажа');
    expect(value(flat.body, 'building-state')).toMatch(/^(unfinished|hand-over)$/);
    expect(Number(value(flat.body, 'floors-total'))).toBeGreaterThanOrEqual(lot.floor);
    expect(value(flat.body, 'image')).toMatch(/^https:\/\/example\.ru\/img\/_\/w:1200\/plain\/.+@png$/);
    expect(list.some((o) => value(o.body, 'garage-type') === 'машиноместо')).toBe(true);
    expect(list.some((o) => value(o.body, 'property-type') === 'коммерческая' && value(o.body, 'type') === 'продажа')).toBe(true);

    // Premises let for rent: a rent offer with the monthly rent, never a sale.
    const rented = forRent[0]!;
    const rentOffer = list.find((o) => o.id === rented.id)!;
    expect(value(rentOffer.body, 'type')).toBe('аренда');
    expect(rentOffer.body).toContain(`<price><value>${rented.price}</value><currency>RUB</currency><period>месяц</period></price>`);
    expect(value(rentOffer.body, 'deal-status')).toBe('прямая аренда');
    expect(
      list
        .filter((o) => value(o.body, 'type') === 'аренда')
        .map((o) => o.id)
        .sort(),
    ).toEqual(forRent.map((l) => l.id).sort());
  });

  it('drops a lot once it is sold and answers an unchanged catalogue with 304', async () => {
    const first = await t.app.inject({ url: '/feeds/yandex.xml' });
    const etag = String(first.headers.etag);
    expect((await t.app.inject({ url: '/feeds/yandex.xml', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    const sold = offers(first.body)[0]!.id;
    await importFeed(t.services.database, JSON.stringify({ lots: [{ id: Number(sold), status: 'sold' }] }));
    await t.services.catalogue.refresh();
    const after = await t.app.inject({ url: '/feeds/yandex.xml', headers: { 'if-none-match': etag } });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(offers(after.body).some((o) => o.id === sold)).toBe(false);
    expect(offers(after.body)).toHaveLength(offers(first.body).length - 1);
  });
});
