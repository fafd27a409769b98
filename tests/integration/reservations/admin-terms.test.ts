import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservationSettingsFor } from '#server/modules/reservations/index.ts';
import { ENGINES } from '#tests/support/db.ts';
import { testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';
import { signedInStaff } from '#tests/support/admin.ts';
import { editorCalls, type Item, type Staffer } from '../content/admin-content-setup.ts';

const DEFAULTS = { depositKopecks: 5_000_000, periodDays: 7, refundWindowDays: 3, holdMinutes: 15, holdsPerContact: 2 };

/**
 * The online reservation's terms in the back office (issue #39), on each engine: the site's item and a project's,
 * which the reservations then take; a second item for the same project is refused on the project; a bad figure is
 * named in the editor's language.
 */
describe.each(ENGINES)('reservation terms in the back office on %s', (engine) => {
  let t: TestApp;
  let editor: Staffer;
  beforeAll(async () => {
    t = await testAppWithCatalogue(engine);
    editor = await signedInStaff(t, 'editor');
  }, 180_000);
  afterAll(async () => t?.dispose());
  const { call } = editorCalls(() => ({ t, editor }));
  const URL = '/api/admin/content/reservations/';

  it("sets the site's terms and a project's, which the reservations take; one item per project", async () => {
    const db = t.services.database.db;
    expect(await reservationSettingsFor(db, 2, DEFAULTS)).toEqual({ enabled: true, depositKopecks: 5_000_000, periodDays: 7, refundWindowDays: 3 });

    const site = await call('POST', URL, { values: { projectId: null, enabled: true, depositRub: 30_000, periodDays: 5, refundWindowDays: 2 } });
    expect(site.statusCode, site.body).toBe(201);
    expect(await reservationSettingsFor(db, 2, DEFAULTS)).toEqual({ enabled: true, depositKopecks: 3_000_000, periodDays: 5, refundWindowDays: 2 });

    const project = await call('POST', URL, { values: { projectId: 2, enabled: false, depositRub: 100_000, periodDays: 10, refundWindowDays: 4 } });
    expect(project.statusCode, project.body).toBe(201);
    expect(await reservationSettingsFor(db, 2, DEFAULTS)).toEqual({ enabled: false, depositKopecks: 10_000_000, periodDays: 10, refundWindowDays: 4 });
    expect(await reservationSettingsFor(db, 1, DEFAULTS)).toMatchObject({ depositKopecks: 3_000_000 });

    for (const projectId of [2, null]) {
      const twice = await call('POST', URL, { values: { projectId, enabled: true, depositRub: 1, periodDays: 1, refundWindowDays: 0 } });
      expect(twice.statusCode, twice.body).toBe(400);
      expect(Object.keys(twice.json().errors)).toEqual(['projectId']);
    }

    const item = project.json() as Item;
    const bad = await call('PUT', `${URL}${item.id}/`, { version: item.version, values: { ...item.values, depositRub: 0 } }, 'ru');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ depositRub: ['Задаток — целое число рублей от 1 до 100 000 000.'] });
  });
});
