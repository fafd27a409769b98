import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createServices, type Services } from '#server/services.ts';
import { ENGINES, freshDatabase } from '#tests/support/db.ts';
import type { FastifyInstance } from 'fastify';

const SITE = 'https://example.ru';
const UA = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36' };
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];

/**
 * One address per project and every screen in the sitemap, with the production page build (build/, made by
 * `react-router build`): the pages themselves answer, not only the API.
 */
describe.each(ENGINES)('project addresses and catalogue screens in the sitemap on %s', (engine) => {
  let app: FastifyInstance;
  let services: Services;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const db = await freshDatabase(engine, { catalogue: true });
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', SITE_URL: SITE, LOAD_MAX_IN_FLIGHT: '0', LOAD_MAX_EVENT_LOOP_DELAY_MS: '0' },
      '1.0.0-test',
    );
    services = createServices(db.database, { warn: () => {} });
    await services.catalogue.refresh();
    app = await buildApp({ config, services, logger: false });
    await app.ready();
    dispose = async () => {
      await app.close();
      await db.dispose();
    };
  }, 120_000);
  afterAll(async () => dispose?.());

  /** The first building, section and floor of a project, at the addresses the catalogue links. */
  async function screens(projectId: string) {
    const c = services.catalogue;
    const project = (await c.project(projectId, 'ru'))!;
    const buildingId = project.genplan.buildings[0]!.id;
    const building = (await c.building(projectId, buildingId, 'ru'))!;
    const section = (await c.section(projectId, buildingId, building.sections[0]!.id))!;
    return { project, building, section, floor: section.floors[0]! };
  }

  it('sends a shared project reached at /projects/{id} to /shared-projects/{id}: 301, child path, query and locale prefix kept', async () => {
    const { project, building, section, floor } = await screens('3');
    expect(project.shared).toBe(true);
    expect(project.url).toBe('/shared-projects/3');
    const other = (path: string) => path.replace('/shared-projects/', '/projects/');
    for (const [asked, expected] of [
      [other(project.url), project.url],
      [`/en${other(project.url)}`, `/en${project.url}`],
      [`/zh${other(building.url)}?rooms=2`, `/zh${building.url}?rooms=2`],
      [`${other(section.url)}?utm_source=x`, `${section.url}?utm_source=x`],
      [`/en${other(floor.url)}?rooms=1&rooms=2`, `/en${floor.url}?rooms=1&rooms=2`],
      // The id as the catalogue writes it.
      ['/shared-projects/03', '/shared-projects/3'],
    ] as const) {
      const res = await app.inject({ url: asked, headers: UA });
      expect(res.statusCode, asked).toBe(301);
      expect(res.headers.location, asked).toBe(expected);
    }
    // The one address answers itself, canonical.
    for (const path of [project.url, `/en${building.url}`, `/zh${floor.url}`]) {
      const res = await app.inject({ url: path, headers: UA });
      expect(res.statusCode, path).toBe(200);
      expect(canonicalOf(res.body), path).toBe(SITE + path);
    }
    // A project that is not shared has no shared address, and keeps its own.
    expect((await app.inject({ url: '/shared-projects/2', headers: UA })).statusCode).toBe(404);
    expect((await app.inject({ url: '/projects/2', headers: UA })).statusCode).toBe(200);
  });

  it('filters the projects list by codes, not words: an old word address answers 301 to the code, and each chip counts its projects', async () => {
    const district = (await services.catalogue.projectSpecs('ru')).find((spec) => spec.name === 'district')!;
    if (district.kind !== 'choices') throw new Error('district is a choice');
    const { value, label } = district.choices[0]!;
    expect(value).toMatch(/^[a-z0-9-]+$/);
    for (const [asked, expected] of [
      [`/projects?district=${encodeURIComponent(label)}&status=construction`, `/projects?district=${value}&status=construction`],
      [`/en/projects?district=${encodeURIComponent(label.toLocaleUpperCase())}`, `/en/projects?district=${value}`],
    ] as const) {
      const res = await app.inject({ url: asked, headers: UA });
      expect(res.statusCode, asked).toBe(301);
      expect(res.headers.location, asked).toBe(expected);
    }
    const page = await app.inject({ url: `/projects?district=${value}`, headers: UA });
    expect(page.statusCode).toBe(200);
    const facets = await services.catalogue.projectFacets({ district: [value] });
    // The chip of the district: its code as the value and the number of projects it leaves beside its name.
    const chip = new RegExp(`value="${value}"[^>]*/><span>[^<]+</span><span[^>]*>${facets.items.district!.choices![value]}</span>`);
    expect(page.body).toMatch(chip);
    expect(facets.count).toBeGreaterThan(0);
  });

  it('lists every floor page of every section in the sitemap, and each answers 200 with itself as canonical', async () => {
    const listed = new Set(locs((await app.inject({ url: '/sitemaps/pages.xml' })).body));
    const c = services.catalogue;
    const floors: string[] = [];
    for (const card of await c.projects('ru')) {
      const project = (await c.project(card.id, 'ru'))!;
      for (const b of project.genplan.buildings) {
        const building = (await c.building(card.id, b.id, 'ru'))!;
        for (const s of building.sections) floors.push(...(await c.section(card.id, b.id, s.id))!.floors.map((f) => f.url));
      }
    }
    expect(floors.length).toBeGreaterThan(100);
    for (const locale of ['', '/en', '/zh']) {
      const missing = floors.filter((path) => !listed.has(SITE + locale + path));
      expect(missing, locale || 'ru').toEqual([]);
    }
    // No listed screen is at an address that redirects: a shared project's floors are under /shared-projects/.
    expect([...listed].some((url) => /\/projects\/3(\/|$)/.test(url))).toBe(false);
    // Each listed floor answers (in Russian; a sample in the other languages). The pages come from the lot index,
    // the same on both engines: every floor is asked on the embedded one, every tenth on PostgreSQL.
    const failures: string[] = [];
    const ru = engine === 'pglite' ? floors : floors.filter((_, i) => i % 10 === 0);
    const asked = [...ru, ...floors.filter((_, i) => i % 40 === 0).flatMap((path) => [`/en${path}`, `/zh${path}`])];
    for (const path of asked) {
      const res = await app.inject({ url: path, headers: UA });
      if (res.statusCode !== 200 || canonicalOf(res.body) !== SITE + path) failures.push(`${res.statusCode} ${path} (canonical ${canonicalOf(res.body)})`);
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
