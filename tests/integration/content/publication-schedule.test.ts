import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { publications } from '#server/db/schema/index.ts';
import { startPublicationSchedule } from '#server/modules/content/publication-schedule.ts';
import { createServices, type Services } from '#server/services.ts';
import { freshDatabase, ENGINES } from '#tests/support/db.ts';
import type { FastifyInstance } from 'fastify';

/**
 * Scheduled publishing (ADR 026) and unpublishing (ADR 042): an item published with a moment ahead stays out of sight
 * until then, one with an unpublishing moment leaves the site then, and at either moment the `publications` data version moves — what kept pages (ADR 023) learn from — without anyone writing.
 * The clock is the test's.
 */
describe.each(ENGINES)('scheduled publishing on %s', (engine) => {
  let clock = Date.parse('2026-11-27T09:00:00Z');
  let services: Services;
  let app: FastifyInstance;
  let dispose: () => Promise<void>;
  let schedule: ReturnType<typeof startPublicationSchedule>;

  beforeAll(async () => {
    const fresh = await freshDatabase(engine);
    dispose = fresh.dispose;
    services = createServices(fresh.database, { warn: () => {} }, { now: () => clock });
    await services.versions.check();
    const config = loadConfig(
      { NODE_ENV: 'test', LOG_LEVEL: 'silent', SITE_URL: 'http://localhost:3000', LOAD_MAX_IN_FLIGHT: '0', LOAD_MAX_EVENT_LOOP_DELAY_MS: '0' },
      '1.0.0-test',
    );
    app = await buildApp({ config, services, build: 'none', logger: false });
    await app.ready();
    schedule = startPublicationSchedule({
      db: fresh.database.db,
      versions: services.versions,
      now: () => clock,
      log: { warn: () => {} },
      maxWaitMs: 3_600_000,
    });
    await schedule.tick();
  });
  afterAll(async () => {
    schedule?.stop();
    await app?.close();
    await services?.events.close();
    await dispose?.();
  });

  const newsSlugs = async () => ((await app.inject({ url: '/api/news/?limit=100' })).json() as { results: { slug: string }[] }).results.map((r) => r.slug);

  it('shows the item at its moment and moves the version then, not before', async () => {
    const at = new Date(clock + 3600_000).toISOString();
    const text = { ru: 'Запланировано', en: 'Scheduled', zh: '计划' };
    await services.database.db.insert(publications).values({
      kind: 'news',
      slug: 'scheduled-item',
      title: text,
      lead: text,
      body: { ru: '<p>Текст</p>', en: '<p>Text</p>', zh: '<p>文本</p>' },
      image: 'catalogue/covers/sosnovy.png',
      imageWidth: 1600,
      imageHeight: 1000,
      publishedAt: '2026-11-27',
      published: true,
      publishAt: at,
    });
    await services.versions.check();
    await schedule.tick();
    expect(await newsSlugs()).not.toContain('scheduled-item');
    expect((await app.inject({ url: '/api/news/scheduled-item/' })).statusCode).toBe(404);

    // A minute before: nothing moves.
    clock += 3600_000 - 60_000;
    const before = services.versions.get('publications');
    await schedule.tick();
    expect(services.versions.get('publications')).toBe(before);
    expect(await newsSlugs()).not.toContain('scheduled-item');

    // Its moment: the version moves (every kept page that read publications is stale) and the item shows.
    clock += 60_000;
    await schedule.tick();
    expect(services.versions.get('publications')).toBeGreaterThan(before);
    expect(await newsSlugs()).toContain('scheduled-item');
    expect((await app.inject({ url: '/api/news/scheduled-item/?lang=en' })).json()).toMatchObject({ title: 'Scheduled', body: '<p>Text</p>' });

    // Looking again later moves nothing more.
    const after = services.versions.get('publications');
    clock += 1000;
    await schedule.tick();
    expect(services.versions.get('publications')).toBe(after);
  });

  it('takes an item off the site at its unpublishing moment, to the minute, in every language', async () => {
    const at = new Date(clock + 2 * 3600_000).toISOString();
    const text = { ru: 'Снимается', en: 'Leaving', zh: '下线' };
    await services.database.db.insert(publications).values({
      kind: 'news',
      slug: 'leaving-item',
      title: text,
      lead: text,
      body: { ru: '<p>Текст</p>', en: '<p>Text</p>', zh: '<p>文本</p>' },
      image: 'catalogue/covers/sosnovy.png',
      imageWidth: 1600,
      imageHeight: 1000,
      publishedAt: '2026-11-27',
      published: true,
      unpublishAt: at,
    });
    await services.versions.check();
    await schedule.tick();
    const shown = async (lang: string) => (await app.inject({ url: `/api/news/leaving-item/?lang=${lang}` })).statusCode;
    for (const lang of ['ru', 'en', 'zh']) expect(await shown(lang)).toBe(200);

    // A minute before: still there, and nothing moves.
    clock = Date.parse(at) - 60_000;
    const before = services.versions.get('publications');
    await schedule.tick();
    expect(services.versions.get('publications')).toBe(before);
    expect(await newsSlugs()).toContain('leaving-item');

    // Its moment: gone from every list and page, in each language, and kept pages learn it (the version moves).
    clock = Date.parse(at);
    await schedule.tick();
    expect(services.versions.get('publications')).toBeGreaterThan(before);
    expect(await newsSlugs()).not.toContain('leaving-item');
    for (const lang of ['ru', 'en', 'zh']) expect(await shown(lang)).toBe(404);
  });
});
