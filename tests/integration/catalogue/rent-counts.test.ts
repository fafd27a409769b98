import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Facets, LotCard, Page, ProjectCard } from '#core/catalogue/types.ts';
import { lotsSummary } from '#server/modules/pdf/presentation.ts';
import { apiGets } from '#tests/support/api.ts';
import { ENGINES } from '#tests/support/db.ts';
import { testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';

type Premises = { id: string; status: string; type_of_advertisement: 'sale' | 'rent' };
const offers = (xml: string) =>
  [...xml.matchAll(/<offer internal-id="(\d+)">(.*?)<\/offer>/g)].map((m) => ({ id: m[1]!, type: /<type>([^<]*)<\/type>/.exec(m[2]!)?.[1] }));

/**
 * Premises let for rent are counted apart from lots for sale, and every surface counts the lots for sale
 * the same: the project card (home and projects list), the filter's facets, the presentation's table and the feed.
 */
describe.each(ENGINES)('lots for rent counted apart on %s', (engine) => {
  let t: TestApp;
  const { json } = apiGets(() => t.app);
  beforeAll(async () => {
    t = await testAppWithCatalogue(engine, { SITE_URL: 'https://example.ru' });
  });
  afterAll(async () => t?.dispose());

  /** The premises of a project's buildings as the commercial endpoint lists them (free and booked, sale and rent). */
  async function premisesOf(projectId: string): Promise<Premises[]> {
    const detail = (await t.services.catalogue.project(projectId, 'ru'))!;
    const all: Premises[] = [];
    for (const b of detail.genplan.buildings) all.push(...((await json(`/api/building/${b.id}/commercial_old/`)) as Premises[]));
    return all.map((p) => ({ ...p, id: String(p.id) }));
  }

  it('the filter, the project card, the presentation and the feed count the same premises for sale, and rent apart', async () => {
    const onSale = (await t.services.catalogue.projects('ru')).filter((p) => p.status !== 'presale');
    const feed = offers((await t.app.inject('/feeds/yandex.xml')).body);
    const feedIds = new Map(feed.map((o) => [o.id, o.type]));
    let rentedSeen = 0;
    for (const project of onSale) {
      const card = (await json(`/api/project/${project.id}/?lang=ru`)) as ProjectCard;
      const premises = await premisesOf(project.id);
      const free = premises.filter((p) => p.status === 'free');
      const freeForRent = free.filter((p) => p.type_of_advertisement === 'rent');
      const freeForSale = free.filter((p) => p.type_of_advertisement === 'sale');
      rentedSeen += freeForRent.length;

      // The card: premises for sale under "for sale", premises for rent apart.
      expect(card.lotsLeftByType.commercial ?? 0, project.name).toBe(freeForSale.length);
      expect(card.lotsForRent, project.name).toBe(freeForRent.length);

      // The filter's facet (what the filter screen counts) and its results: lots for sale only.
      const facets = (await json(`/api/filter/facets/?project=${project.id}&status=free`)) as Facets;
      expect(facets.items.type!.choices!.commercial ?? 0, project.name).toBe(freeForSale.length);
      const page = (await json(`/api/filter/?project=${project.id}&type=commercial&status=free,booked&limit=200`)) as Page<LotCard>;
      expect(page.results.every((lot) => lot.offer === 'sale')).toBe(true);
      const rentIds = new Set(premises.filter((p) => p.type_of_advertisement === 'rent').map((p) => p.id));
      expect(page.results.some((lot) => rentIds.has(lot.id))).toBe(false);

      // The presentation's "lots on sale" table: the same number.
      const detail = (await t.services.catalogue.project(project.id, 'ru'))!;
      const buildings = await Promise.all(detail.genplan.buildings.map((b) => t.services.catalogue.building(project.id, b.id, 'ru')));
      const table = lotsSummary(buildings.filter((b) => b !== null));
      expect(table.filter((row) => row.type === 'commercial').reduce((sum, row) => sum + row.count, 0)).toBe(freeForSale.length);
      expect(table.reduce((sum, row) => sum + row.count, 0)).toBe(card.lotsLeft);

      // The feed: premises for sale as sale offers, premises for rent as rent offers (free and booked alike).
      for (const p of premises) expect(feedIds.get(p.id), `premises ${p.id}`).toBe(p.type_of_advertisement === 'rent' ? 'аренда' : 'продажа');
    }
    expect(rentedSeen).toBeGreaterThan(0);
  });

  it('a rented unit is for rent on its own: no monthly payment, its offer says rent', async () => {
    const rent = (await t.services.catalogue.lotsForRent('en'))[0]!;
    const lot = (await t.services.catalogue.lotById(rent.id, 'en'))!;
    expect(lot.offer).toBe('rent');
    expect(lot.commercial?.advertisement).toBe('rent');
    expect(lot.payment).toBeNull();
    // Similar to a unit for rent: other units for rent, free.
    expect(lot.similar.length).toBeGreaterThan(0);
    expect(lot.similar.every((s) => s.offer === 'rent' && s.status === 'free' && s.id !== lot.id)).toBe(true);
    const parking = (await json('/api/filter/?type=parking&limit=1&lang=en')) as Page<LotCard>;
    // A parking space is financed by the programmes that take parking (never the state's family or IT rates).
    const parkingPayment = (await t.services.catalogue.lotById(parking.results[0]!.id, 'en'))!.payment;
    expect(['family', 'it', 'military']).not.toContain(parkingPayment?.mortgageKind);
    // A parking space or a storage room has no finish: the facets for them leave the finish item out, and no finish finds one.
    const facets = (await json('/api/filter/facets/?type=parking,pantry')) as Facets;
    expect(facets.items.finish).toBeUndefined();
    expect(((await json('/api/filter/?type=parking&finish=none&limit=1')) as Page<LotCard>).count).toBe(0);
    expect(((await json('/api/filter/?type=commercial&finish=none&limit=1')) as Page<LotCard>).count).toBeGreaterThan(0);
    // The lot sheet of a rented unit is made (rent price, no mortgage block).
    const sheet = await t.app.inject(`/pdf/en/lots/${rent.id}.pdf`);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toBe('application/pdf');
    const flat = (await json('/api/filter/?type=flat&limit=1&lang=en')) as Page<LotCard>;
    expect((await t.services.catalogue.lotById(flat.results[0]!.id, 'en'))!.payment?.monthly).toBeGreaterThan(0);
  });
});
