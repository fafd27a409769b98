import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { offices as demoOffices } from '#content/offices.ts';
import { settings as demoSettings } from '#content/settings.ts';
import { officeMaxAge } from '#server/modules/offices/routes.ts';
import { seedIfEmpty } from '#server/db/seed.ts';
import { createOfficeService } from '#server/modules/offices/service.ts';
import { apiGets } from '#tests/support/api.ts';
import { ENGINES } from '#tests/support/db.ts';
import { testApp, testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';

type Office = {
  id: number;
  slug: string;
  name: string;
  status: { open: boolean; until: string | null; at: string | null; inDays: number | null };
  projects: { id: string }[];
};
/** Moscow wall-clock time as an instant (UTC+3 all year). 2026-11-23 is a Monday. */
const msk = (date: string, time: string) => new Date(`${date}T${time}:00+03:00`);

/** The sales offices (issue #14): `/api/office/`, `/api/office/{id}/`, `/api/contact_page/`, a project's offices and the meeting form's; on each engine. */
describe.each(ENGINES)('offices API on %s', (engine) => {
  let t: TestApp;
  const { get, json, expectBad, expectMissing } = apiGets(() => t.app);

  beforeAll(async () => {
    t = await testAppWithCatalogue(engine);
  });
  afterAll(async () => t?.dispose());

  it('lists every office in its order and language, with schedule, open-now state, photo, route and projects', async () => {
    const res = await get('/api/office/?lang=en');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.count).toBe(demoOffices.length);
    expect(body.results.map((o: Office) => o.slug)).toEqual(demoOffices.map((o) => o.slug));
    const central = body.results[0];
    expect(central).toMatchObject({
      id: 1,
      kind: 'head_office',
      name: 'Central sales office',
      phones: ['+74950001010', '+74950001011'],
      email: 'office@example.ru',
      timeZone: 'Europe/Moscow',
      utcOffset: 'UTC+3',
      lat: 55.7512,
      routeUrl: 'https://yandex.ru/maps/?rtext=~55.7512,37.6184&rtt=auto',
      photo: { src: 'offices/central.png', width: 1200, height: 800, alt: 'Central sales office' },
    });
    // The week in words, then the coming special days (the demo's New Year, while it is ahead).
    expect(central.hours).toMatch(/^Mon–Fri: 09:00–21:00; Sat–Sun: 10:00–19:00(; \d|$)/);
    expect(central.schedule).toHaveLength(7);
    expect(central.projects.map((p: { id: string }) => p.id)).toEqual(['1', '2', '3', '4']);
    expect(central.projects[2]).toEqual({ id: '3', name: 'Northern Heights', url: '/shared-projects/3' });
    expect(typeof central.status.open).toBe('boolean');
    // Cached no longer than the next opening or closing, a minute at most.
    const maxAge = Number(/max-age=(\d+)/.exec(String(res.headers['cache-control']))?.[1] ?? 0);
    expect(maxAge).toBeLessThanOrEqual(60);
    const firstChange = Math.min(...body.results.map((o: Office) => Date.parse(o.status.until!)));
    expect(Date.now() + maxAge * 1000).toBeLessThanOrEqual(firstChange + 1000);
    const zh = await json('/api/office/?lang=zh');
    expect(zh.results[1].name).toBe('松林河岸销售处');
    expect(zh.results[1].hours).toMatch(/^周一至周五: 10:00–20:00，午休 14:00–15:00; 周六至周日: 11:00–18:00(; |$)/);
  });

  it('says at fixed Moscow times who is open, on a break, or closed for its day off, and when that changes', async () => {
    const offices = t.services.offices;
    const at = async (when: Date) => Object.fromEntries((await offices.list('ru', {}, when)).map((o) => [o.slug, o.status]));
    // Monday noon: all but the Heights office (closed on Mondays), which opens on Tuesday morning.
    const monday = await at(msk('2026-11-23', '12:00'));
    expect(monday.central).toMatchObject({ open: true, at: '21:00', until: msk('2026-11-23', '21:00').toISOString() });
    expect(monday.sosnovy).toMatchObject({ open: true, at: '14:00', breakNext: true });
    expect(monday.vysoty).toMatchObject({ open: false, at: '10:00', inDays: 1, weekday: 2, until: msk('2026-11-24', '10:00').toISOString() });
    // Monday 14:30: Pine Shore is on its lunch break until 15:00.
    expect((await at(msk('2026-11-23', '14:30'))).sosnovy).toMatchObject({ open: false, at: '15:00', inDays: 0, breakNext: true });
    // Sunday 20:00: everyone has closed; the Heights office skips its Monday off.
    const sunday = await at(msk('2026-11-29', '20:00'));
    expect(sunday.central).toMatchObject({ open: false, at: '09:00', inDays: 1, weekday: 1 });
    expect(sunday.vysoty).toMatchObject({ open: false, at: '10:00', inDays: 2, weekday: 2 });
    // An answer is cached until the first change at most.
    const list = await offices.list('ru', {}, msk('2026-11-23', '13:59'));
    expect(officeMaxAge(list, msk('2026-11-23', '13:59').getTime())).toBe(60);
    expect(officeMaxAge(list, msk('2026-11-23', '13:59').getTime() + 30_000)).toBe(30);
  });

  it('filters by project, and refuses a bad or unknown project naming it', async () => {
    const pine = await json('/api/office/?project=2&lang=en');
    expect(pine.results.map((o: Office) => o.slug)).toEqual(['central', 'sosnovy']);
    expect((await json('/api/office/?project=1')).results.map((o: Office) => o.slug)).toEqual(['central']);
    expect((await json('/api/office/?project=')).count).toBe(demoOffices.length);
    await expectBad('/api/office/?project=99', 'project');
    await expectBad('/api/office/?project=abc', 'project');
    await expectBad('/api/office/?lang=fr', 'lang');
    await expectBad('/api/office/1/?lang=fr', 'lang');
    await expectBad('/api/office/abc/', 'id');
    await expectMissing('/api/office/99/');
  });

  it('gives one office, and the same offices on the project page and its offices call', async () => {
    const one = await json('/api/office/2/?lang=en');
    expect(one).toMatchObject({ id: 2, slug: 'sosnovy', name: 'Pine Shore sales office', projects: [{ id: '2', name: 'Pine Shore', url: '/projects/2' }] });
    const project = await json('/api/project/2/?lang=en');
    expect(project.offices.map((o: Office) => o.slug)).toEqual(['central', 'sosnovy']);
    const listed = await json('/api/project/2/offices/?lang=en');
    expect(listed.results.map((o: Office) => o.id)).toEqual([1, 2]);
    const mobile = await json('/api/project/2/info_mobile/?lang=en');
    expect(mobile.phone).toBe('+74950001012');
    expect(mobile.salesOffice).toEqual({ name: 'Pine Shore sales office', address: '10 Sosnovaya Embankment, Moscow', hours: one.hours });
  });

  it('gives the contact page: the company’s channels from the settings and every office', async () => {
    const page = await json('/api/contact_page/?lang=en');
    expect(page.company.name).toBe(demoSettings.companyName.en);
    expect(page.phones.map((p: { number: string }) => p.number)).toEqual(demoSettings.phones.map((p) => p.number));
    expect(page.email).toBe(demoSettings.email);
    expect(page.whatsapp).toBe(demoSettings.whatsapp);
    expect(page.offices.map((o: Office) => o.slug)).toEqual(demoOffices.map((o) => o.slug));
    expect(Date.parse(page.now)).toBeGreaterThan(0);
    await expectBad('/api/contact_page/?lang=xx', 'lang');
  });

  it('offers the same offices in the meeting form, and the head office for partner meetings', async () => {
    const specs = await json('/api/meeting/specs/?lang=en');
    const office = specs.find((s: { name: string }) => s.name === 'office');
    expect(office.choices).toEqual(demoOffices.map((o) => ({ value: String(o.id), label: o.name.en, address: o.address.en })));
    const partner = await json('/api/partner_meeting/specs/?lang=en');
    expect(partner.find((s: { name: string }) => s.name === 'office').choices.map((c: { value: string }) => c.value)).toEqual(['1']);
    const facets = await json('/api/meeting/facets/');
    expect(Object.keys(facets.items.office.choices).sort()).toEqual(['1', '2', '3']);
    // An office that stops taking meetings leaves the form (and the booking check).
    await t.services.database.db.execute(sql`update offices set meetings = false where slug = 'vysoty'`);
    t.services.offices.invalidate();
    const fewer = (await json('/api/meeting/specs/')).find((s: { name: string }) => s.name === 'office');
    expect(fewer.choices.map((c: { value: string }) => c.value)).toEqual(['1', '2']);
    await t.services.database.db.execute(sql`update offices set meetings = true where slug = 'vysoty'`);
    t.services.offices.invalidate();
  });

  it('is documented: the calls are in the OpenAPI document', async () => {
    const doc = (await get('/api/openapi.json')).json();
    for (const path of ['/api/office/', '/api/office/{id}/', '/api/contact_page/']) expect(doc.paths[path]?.get, path).toBeDefined();
    expect(doc.components.schemas.Office.properties.status).toBeDefined();
  });

  it('allows the maps hosts in the CSP only when a maps key is configured', async () => {
    const csp = (app: TestApp) => app.app.inject({ url: '/api/office/' }).then((res) => String(res.headers['content-security-policy']));
    expect(await csp(t)).not.toMatch(/yandex|yastatic|unsafe-eval/);
    const withKey = await testApp(engine, { YANDEX_MAPS_KEY: 'a1b2c3d4-0000-1111-2222-333344445555' });
    try {
      const policy = await csp(withKey);
      expect(policy).toMatch(/script-src 'self' [^;]*https:\/\/api-maps\.yandex\.ru/);
      expect(policy).toMatch(/img-src [^;]*https:\/\/\*\.maps\.yandex\.net/);
      expect(policy).toMatch(/connect-src [^;]*https:\/\/api-maps\.yandex\.ru/);
    } finally {
      await withKey.dispose();
    }
    // A second fresh database (PGlite migrates and seeds it in this process).
  }, 120_000);

  it('keeps answering from the last good copy while the database is away', async () => {
    let now = 0;
    const policy = { maxStaleMs: 60_000, retryMs: 0, now: () => now, health: { failed: () => {}, recovered: () => {}, down: false } };
    const failing = { fail: false };
    const db = new Proxy(t.services.database.db, {
      get(target, key, receiver) {
        if (key === 'select' && failing.fail)
          return () => {
            throw new Error('database down');
          };
        return Reflect.get(target, key, receiver);
      },
    });
    const directory = () => t.services.catalogue.projectDirectory();
    const offices = createOfficeService(db, directory, policy);
    const before = await offices.list('en', {}, msk('2026-11-23', '12:00'));
    failing.fail = true;
    now = 40_000;
    expect(await offices.list('en', {}, msk('2026-11-23', '12:00'))).toEqual(before);
    await expect(createOfficeService(db, directory, policy).list('en')).rejects.toThrow('database down');
  });

  it('gives a database seeded before offices had a table the demo offices on the next start', async () => {
    await t.services.database.db.execute(sql`delete from offices`);
    expect(await seedIfEmpty(t.services.database)).toBe(true);
    t.services.offices.invalidate();
    expect((await t.services.offices.list('ru')).map((o) => o.slug)).toEqual(demoOffices.map((o) => o.slug));
    expect((await t.services.offices.list('ru', { project: 3 })).map((o) => o.slug)).toEqual(['central', 'vysoty']);
    expect(await seedIfEmpty(t.services.database)).toBe(false);
  });
});
