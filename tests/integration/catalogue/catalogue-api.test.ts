import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACET_ITEMS } from '#server/modules/catalogue/lot-index.ts';
import { apiGets } from '#tests/support/api.ts';
import { ENGINES } from '#tests/support/db.ts';
import { testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';
import { projects as demoProjects } from '#content/projects.ts';

/** Every catalogue endpoint of spec §7, with good and bad input, on each database engine. */
describe.each(ENGINES)('catalogue API on %s', (engine) => {
  let t: TestApp;
  const { get, json, expectBad, expectMissing } = apiGets(() => t.app);

  beforeAll(async () => {
    t = await testAppWithCatalogue(engine);
  });
  afterAll(async () => t?.dispose());

  describe('projects', () => {
    it('gives a project page in the asked language, with names from the site content', async () => {
      for (const lang of ['ru', 'en', 'zh'] as const) {
        const body = await json(`/api/project/2/?lang=${lang}`);
        expect(body).toMatchObject({ id: '2', shortSlug: 'sosnovy', status: 'construction', name: demoProjects[1]!.name[lang], url: '/projects/2' });
        expect(body.genplan.buildings).toHaveLength(3);
        expect(body.genplan.buildings[0].outline).toMatch(/^M[\d.]+ [\d.]+L/);
        expect(body.progress.length).toBeGreaterThan(0);
        expect(body.minPrice).toBeGreaterThan(0);
      }
      const en = await get('/api/project/1/', { 'accept-language': 'en' });
      expect(en.json().name).toBe('Linden Quarter');
    });

    it('serves shared projects under shared=true only when the project is shared', async () => {
      expect((await json('/api/project/3/?shared=true')).shared).toBe(true);
      await expectMissing('/api/project/1/?shared=true');
      await expectBad('/api/project/1/?shared=maybe', 'shared');
    });

    it('answers 400 for a bad id or language and 404 for an unknown project, on every sub-resource', async () => {
      const subs = [
        '',
        'infra/',
        'about/',
        'gallery',
        'gallery/',
        'offices/',
        'buildings/',
        'purchase_info/',
        'state/',
        'progress/',
        'progress3d/',
        'info_mobile/',
      ];
      for (const sub of subs) {
        await expectBad(`/api/project/abc/${sub}`, 'id');
        await expectBad(`/api/project/0/${sub}`, 'id');
        await expectBad(`/api/project/1/${sub}${sub.endsWith('/') || sub === '' ? '' : '/'}?lang=de`, 'lang');
        await expectMissing(`/api/project/999/${sub}`);
      }
    });

    it('gives infra, about, gallery (with and without slash), offices and purchase info', async () => {
      const infra = await json('/api/project/1/infra/?lang=en');
      expect(infra).toMatchObject({ next: null, previous: null });
      expect(infra.results[0]).toEqual({ kind: expect.any(String), name: expect.any(String), distance: expect.any(String) });
      const about = await json('/api/project/1/about/');
      expect(about.about.length).toBeGreaterThan(0);
      expect(about.renderVsPhoto.render.src).toMatch(/^demo\//);
      const gallery = await json('/api/project/2/gallery');
      expect(await json('/api/project/2/gallery/')).toEqual(gallery);
      expect(gallery.results[0]).toEqual({
        src: expect.stringMatching(/\.png$|\.jpg$/),
        width: expect.any(Number),
        height: expect.any(Number),
        alt: expect.any(String),
      });
      const offices = await json('/api/project/2/offices/?limit=1');
      expect(offices.count).toBe(2);
      expect(offices.results).toHaveLength(1);
      expect(offices.next).toMatch(/^http:\/\/localhost:3000\/api\/project\/2\/offices\/\?limit=1&offset=1$/);
      const purchase = await json('/api/project/2/purchase_info/');
      expect(purchase.results.map((m: { method: string }) => m.method)).toContain('mortgage');
      expect(purchase.min_mortgage_rate).toBe(await t.services.finance.minRate());
      await expectBad('/api/project/2/offices/?limit=0', 'limit');
      await expectBad('/api/project/2/infra/?offset=-1', 'offset');
    });

    it('lists buildings, narrowed by type_of_advertisement', async () => {
      const all = await json('/api/project/2/buildings/');
      expect(all.count).toBe(3);
      expect(all.results[0]).toMatchObject({
        id: expect.any(String),
        floorsCount: expect.any(Number),
        commercial: { sale: expect.any(Number), rent: expect.any(Number) },
      });
      const rent = await json('/api/project/2/buildings/?type_of_advertisement=rent');
      expect(rent.results.every((b: { commercial: { rent: number } }) => b.commercial.rent > 0)).toBe(true);
      expect((await json('/api/project/1/buildings/?type_of_advertisement=sale')).count).toBe(0);
      await expectBad('/api/project/2/buildings/?type_of_advertisement=lease', 'type_of_advertisement');
    });

    it('gives state, progress, progress3d and the mobile summary', async () => {
      const state = await json('/api/project/2/state/?lang=en');
      expect(state).toMatchObject({ id: '2', status: 'construction', statusLabel: 'Under construction', reportMonth: '2026-11' });
      expect(state.percent).toBeGreaterThan(0);
      expect(state.lotsLeft).toBeLessThanOrEqual(state.lotsTotal);
      expect((await json('/api/project/1/state/')).percent).toBe(100);
      const progress = await json('/api/project/2/progress/');
      expect(progress.results.map((p: { month: string }) => p.month)).toEqual([...progress.results.map((p: { month: string }) => p.month)].sort().reverse());
      expect((await json('/api/project/1/progress/')).count).toBe(0);
      const p3d = await json('/api/project/3/progress3d/');
      expect(p3d.genplan.buildings).toHaveLength(4);
      expect(p3d.months.at(-1).buildings[0]).toEqual({ id: expect.any(String), floorsBuilt: expect.any(Number), percent: expect.any(Number) });
      const mobile = await json('/api/project/4/info_mobile/?lang=zh');
      expect(mobile).toMatchObject({ id: '4', status: 'presale', minPrice: null, name: demoProjects[3]!.name.zh });
    });

    it('gives construction progress across projects, narrowed by ?project=', async () => {
      const all = await json('/api/progress/');
      expect(new Set(all.results.map((p: { projectId: string }) => p.projectId))).toEqual(new Set(['2', '3']));
      const two = await json('/api/progress/?project=2&limit=2');
      expect(two.count).toBe(6);
      expect(two.results.every((p: { projectId: string }) => p.projectId === '2')).toBe(true);
      expect((await json(two.next.replace('http://localhost:3000', ''))).results[0].month < two.results[1].month).toBe(true);
      await expectBad('/api/progress/?project=99', 'project');
      await expectBad('/api/progress/?project=x', 'project');
    });

    it('filters projects by status, district and completion, with specs and facets, with or without a slash', async () => {
      for (const slash of ['', '/']) {
        const construction = await json(`/api/project/filter${slash}?status=construction`);
        expect(construction.results.map((p: { id: string }) => p.id)).toEqual(['2', '3']);
        const specs = await json(`/api/project/filter_specs${slash}?lang=en`);
        expect(specs.results.map((s: { name: string }) => s.name)).toEqual(['status', 'district', 'completion']);
        const facets = await json(`/api/project/filter_facets${slash}?status=construction`);
        expect(facets.count).toBe(2);
        expect(facets.items.status.choices).toEqual({ completed: 1, construction: 2, presale: 1 });
      }
      const district = (await json('/api/project/filter_specs')).results[1].choices[0].value;
      expect((await json(`/api/project/filter?district=${district}`)).count).toBeGreaterThan(0);
      expect((await json('/api/project/filter?completion=done')).results.map((p: { id: string }) => p.id)).toEqual(['1']);
      await expectBad('/api/project/filter?status=built', 'status');
      await expectBad('/api/project/filter/?district=atlantis', 'district');
      await expectBad('/api/project/filter_facets?completion=2030', 'completion');
      await expectBad('/api/project/filter_specs?lang=fr', 'lang');
    });
  });

  describe('lot filter', () => {
    it('lists the lots for sale (free) by default, flats first and cheapest first, never booked or sold ones', async () => {
      const page = await json('/api/filter/');
      expect(page.count).toBeGreaterThan(500);
      expect(page.results).toHaveLength(24);
      expect(page.results.every((l: { status: string }) => l.status === 'free')).toBe(true);
      expect(page.results.every((l: { type: string }) => l.type === 'flat')).toBe(true);
      const prices = page.results.map((l: { price: number }) => l.price);
      expect(prices).toEqual([...prices].sort((a, b) => a - b));
      // The last page ends with storage rooms, the cheapest of them first.
      const last = await json(`/api/filter/?offset=${page.count - 3}&limit=3`);
      expect(last.results.map((l: { type: string }) => l.type)).toEqual(['pantry', 'pantry', 'pantry']);
      const cheapest = await json('/api/filter/?ordering=price&limit=1');
      expect(cheapest.results[0].type).not.toBe('flat');
      expect(page.results.some((l: { projectId: string }) => l.projectId === '4')).toBe(false);
    });

    it('applies a multi-field filter and its ordering, and links the next page', async () => {
      const url = '/api/filter/?type=flat&rooms=2,3&price_max=30000000&not_first_floor=true&ordering=-area&limit=5&lang=en';
      const page = await json(url);
      for (const lot of page.results) {
        expect(lot.type).toBe('flat');
        expect([2, 3]).toContain(lot.rooms);
        expect(lot.price).toBeLessThanOrEqual(30_000_000);
        expect(lot.floor).not.toBe(1);
      }
      const areas = page.results.map((l: { area: number }) => l.area);
      expect(areas).toEqual([...areas].sort((a, b) => b - a));
      expect(page.next).toMatch(/^http:\/\/localhost:3000\/api\/filter\/\?/);
      expect(page.next).toContain('offset=5');
      expect(page.next).toContain('lang=en');
      const second = await json(page.next.replace('http://localhost:3000', ''));
      expect(second.previous).toContain('/api/filter/?');
      expect(second.results[0].id).not.toBe(page.results[0].id);
      expect(second.results[0].area).toBeLessThanOrEqual(areas.at(-1));
    });

    it('answers the footer search with limit=200 and embeds facets on request', async () => {
      const page = await json('/api/filter/?limit=200&facets=true');
      expect(page.results).toHaveLength(200);
      expect(Object.keys(page.facets.items)).toEqual([...FACET_ITEMS]);
      expect(page.facets.count).toBe(page.count);
      expect(await json('/api/filter/?limit=200')).not.toHaveProperty('facets');
    });

    it('rejects bad filter parameters with a 400 naming each field', async () => {
      await expectBad('/api/filter/?type=villa', 'type');
      await expectBad('/api/filter/?rooms=9', 'rooms');
      await expectBad('/api/filter/?price_min=cheap', 'price_min');
      await expectBad('/api/filter/?price_min=10&price_max=5', 'price_min');
      await expectBad('/api/filter/?limit=500', 'limit');
      await expectBad('/api/filter/?ordering=name', 'ordering');
      await expectBad('/api/filter/?euro=yes', 'euro');
      await expectBad('/api/filter/?facets=maybe', 'facets');
      await expectBad('/api/filter/?lang=de', 'lang');
      const both = await get('/api/filter/?type=villa&area_max=-3');
      expect(Object.keys(both.json().errors).sort()).toEqual(['area_max', 'type']);
      expect((await get('/api/filter/?utm_source=mail&nometrics')).statusCode).toBe(200);
    });

    it('describes every filter item in specs, in the asked language', async () => {
      const specs = await json('/api/filter/specs/?lang=en');
      expect(specs.results.map((s: { name: string }) => s.name)).toEqual([...FACET_ITEMS]);
      const price = specs.results.find((s: { name: string }) => s.name === 'price');
      expect(price).toMatchObject({ kind: 'range', unit: '₽' });
      expect(price.range.min).toBeLessThan(price.range.max);
      const type = specs.results.find((s: { name: string }) => s.name === 'type');
      expect(type.choices).toContainEqual({ value: 'parking', label: 'Parking space' });
      const project = specs.results.find((s: { name: string }) => s.name === 'project');
      expect(project.choices.map((c: { value: string }) => c.value)).toEqual(['1', '2', '3']);
      const zh = await json('/api/filter/specs/?lang=zh');
      expect(zh.results[2].label).toBe('房源类型');
      await expectBad('/api/filter/specs/?lang=xx', 'lang');
    });

    it('gives facets that agree with the page count, each counted without its own item', async () => {
      const facets = await json('/api/filter/facets/?type=flat&rooms=1');
      const page = await json('/api/filter/?type=flat&rooms=1&limit=1');
      expect(facets.count).toBe(page.count);
      expect(facets.items.rooms.choices['1']).toBe(page.count);
      expect(facets.items.rooms.choices['2']).toBe((await json('/api/filter/?type=flat&rooms=2&limit=1')).count);
      expect(facets.items.type.choices.flat).toBe(page.count);
      expect(facets.items.type.choices.parking).toBe(0);
      expect(facets.items.price.range.min).toBeLessThanOrEqual(facets.items.price.range.max);
      await expectBad('/api/filter/facets/?floor_min=x', 'floor_min');
    });

    it('filters by layout features (all of them), windows and view (any of them), with their counts and words', async () => {
      const page = await json('/api/filter/?type=flat&features=master_bedroom,corner&limit=200&facets=true&lang=en');
      expect(page.count).toBeGreaterThan(0);
      // Ticking a feature counts what it would leave: the result's lots that have it too.
      expect(page.facets.items.features.choices.master_bedroom).toBe(page.count);
      expect(page.facets.items.features.choices.corner).toBe(page.count);
      expect(page.facets.items.features.choices.two_bathrooms).toBe(
        (await json('/api/filter/?type=flat&features=master_bedroom,corner,two_bathrooms&limit=1')).count,
      );
      // The lot page names the same features in the same words as the filter's chips.
      const [, slug = '', , number = ''] = (page.results[0].url as string).split('/');
      const lot = (await t.services.catalogue.lot(slug, 'flat', number, 'en'))!;
      expect(lot.features).toEqual(expect.arrayContaining(['Master bedroom', 'Corner flat']));
      const specs = await json('/api/filter/specs/?lang=en');
      const words = (name: string) => specs.results.find((s: { name: string }) => s.name === name).choices.map((c: { label: string }) => c.label);
      expect(words('features')).toEqual(expect.arrayContaining(['Master bedroom', 'Corner flat', 'Window in the bathroom', 'High ceilings']));
      expect(words('windows')).toEqual(['North', 'East', 'South', 'West']);
      expect(words('view')).toEqual(['Courtyard view', 'Park view', 'Water view', 'Street view', 'City view']);
      expect(words('sun_march')).toEqual(['2 h or more', '3 h or more', '4 h or more', '5 h or more', '6 h or more']);

      const south = await json('/api/filter/facets/?type=flat&windows=south');
      const southOrEast = await json('/api/filter/facets/?type=flat&windows=south,east');
      expect(southOrEast.count).toBeGreaterThan(south.count);
      expect(south.items.windows.choices.south).toBe(south.count);
      await expectBad('/api/filter/?features=sauna', 'features');
      await expectBad('/api/filter/?view=sea', 'view');
      await expectBad('/api/filter/?sun_march=1', 'sun_march');
      await expectBad('/api/filter/?sun_norm=maybe', 'sun_norm');
    });
  });

  describe('commercial premises', () => {
    const premisesBuilding = async () => (await json('/api/project/2/buildings/')).results[0].id as string;

    it('lists a building’s premises still offered, narrowed by type_of_advertisement', async () => {
      const id = await premisesBuilding();
      const all = await json(`/api/building/${id}/commercial/?lang=en`);
      expect(all.count).toBeGreaterThan(0);
      expect(all.results[0]).toMatchObject({
        type: 'commercial',
        buildingId: id,
        commercial: { purpose: expect.any(String), purposeLabel: expect.any(String), advertisement: expect.stringMatching(/^(sale|rent)$/) },
      });
      expect(all.results.every((p: { status: string }) => p.status !== 'sold')).toBe(true);
      const sale = await json(`/api/building/${id}/commercial/?type_of_advertisement=sale`);
      expect(sale.results.every((p: { commercial: { advertisement: string } }) => p.commercial.advertisement === 'sale')).toBe(true);
      const old = await json(`/api/building/${id}/commercial_old/`);
      expect(Array.isArray(old)).toBe(true);
      expect(old).toHaveLength(all.count);
      expect(old[0]).toMatchObject({ id: expect.any(Number), price_per_m2: expect.any(Number), type_of_advertisement: expect.any(String) });
      for (const sub of ['commercial/', 'commercial_old/']) {
        await expectBad(`/api/building/x/${sub}`, 'id');
        await expectBad(`/api/building/${id}/${sub}?type_of_advertisement=swap`, 'type_of_advertisement');
        await expectMissing(`/api/building/99999/${sub}`);
      }
    });

    it('lists a floor’s premises and gives one premises in detail', async () => {
      const id = await premisesBuilding();
      const first = (await json(`/api/building/${id}/commercial/`)).results[0];
      const floor = await json(`/api/floor/${first.floorId}/commercial/`);
      expect(floor.results.map((p: { id: string }) => p.id)).toContain(first.id);
      const detail = await json(`/api/commercial/${first.id}/?lang=en`);
      expect(detail).toMatchObject({
        id: first.id,
        commercial: { separateEntrance: true, advertisement: expect.any(String) },
        floorPlan: { shape: expect.stringMatching(/^M/) },
      });
      // Premises on sale are quoted by the programmes that take them (never the state's flat-only rates); let ones by none.
      if (detail.offer === 'rent') expect(detail.payment).toBeNull();
      else expect(['family', 'it', 'military']).not.toContain(detail.payment?.mortgageKind);
      expect(detail.offer).toBe(detail.commercial.advertisement);
      const rentedIn = (await json('/api/project/2/buildings/?type_of_advertisement=rent')).results[0].id;
      const rented = (await json(`/api/building/${rentedIn}/commercial/?type_of_advertisement=rent`)).results[0];
      expect(await json(`/api/commercial/${rented.id}/`)).toMatchObject({ offer: 'rent', payment: null, price: rented.price });
      // Let premises stay out of the lot filter, which is for buying.
      expect((await json(`/api/filter/?type=commercial&limit=200`)).results.map((l: { id: string }) => l.id)).not.toContain(rented.id);
      await expectBad('/api/floor/abc/commercial/', 'id');
      await expectMissing('/api/floor/99999999/commercial/');
      await expectBad('/api/commercial/-1/', 'id');
      await expectMissing('/api/commercial/1/');
      await expectMissing('/api/commercial/99999999/');
    });
  });

  describe('SEO filters and recommendations', () => {
    it('lists SEO filter pages, one by slug, with their filter decoded', async () => {
      const list = await json('/api/seo_filter/?lang=en');
      expect(list.count).toBeGreaterThan(3);
      const studios = await json('/api/seo_filter/?slug=studii');
      expect(studios.results).toEqual([expect.objectContaining({ slug: 'studii', filter: { type: ['flat'], rooms: ['0'] }, url: '/filter/studii' })]);
      expect((await json('/api/seo_filter/studii/?lang=en')).h1).toBe('Studio flats');
      await expectMissing('/api/seo_filter/nothing-here/');
      await expectBad('/api/seo_filter/?slug=Bad%20Slug', 'slug');
    });

    it('recommends free flats for the mobile app, spread over projects', async () => {
      const recs = await json('/api/recommendation_mobile/');
      expect(recs.results).toHaveLength(10);
      expect(recs.results.every((l: { type: string; status: string }) => l.type === 'flat' && l.status === 'free')).toBe(true);
      expect(new Set(recs.results.map((l: { projectId: string }) => l.projectId)).size).toBeGreaterThan(1);
      const three = await json('/api/recommendation_mobile/?project=3&limit=3');
      expect(three.results.map((l: { projectId: string }) => l.projectId)).toEqual(['3', '3', '3']);
      await expectBad('/api/recommendation_mobile/?limit=0', 'limit');
      await expectBad('/api/recommendation_mobile/?project=77', 'project');
    });
  });
});
