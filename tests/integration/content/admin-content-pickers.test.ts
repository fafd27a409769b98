import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHOICE_IDS_MAX } from '#core/admin/fields.ts';
import type { LotCard, Page } from '#core/catalogue/types.ts';
import { ENGINES } from '#tests/support/db.ts';
import { testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';
import { signedInStaff } from '#tests/support/admin.ts';
import { editorCalls, type Staffer } from './admin-content-setup.ts';

type Choice = { value: string; label: string };

/**
 * The back office's searched pickers (issue #42) on each engine: lots and buildings found by part of a number or a
 * name, labelled in the editor's language, or named by their ids; the query checked (a bad `q` is a 400 naming it);
 * editors only. And the listed choices (banks) in the editor's language. The picker's UI:
 * app/components/admin/fields/search-picker.dom.test.tsx.
 */
describe.each(ENGINES)('the back office’s searched pickers on %s', (engine) => {
  let t: TestApp;
  let editor: Staffer;
  let sales: Staffer;
  let lot: LotCard;
  let lotEn: LotCard;

  beforeAll(async () => {
    t = await testAppWithCatalogue(engine);
    editor = await signedInStaff(t, 'editor');
    sales = await signedInStaff(t, 'sales');
    const flats = async (lang: string) => ((await t.app.inject(`/api/filter/?type=flat&rooms=2&limit=1&lang=${lang}`)).json() as Page<LotCard>).results[0]!;
    lot = await flats('ru');
    lotEn = await flats('en');
  }, 180_000);
  afterAll(async () => t?.dispose());
  const { call } = editorCalls(() => ({ t, editor }));
  const choices = async (url: string, locale: 'ru' | 'en' = 'en') => {
    const res = await call('GET', url, undefined, locale);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    return res.json() as Choice[];
  };

  it('finds a lot by its project’s name, kind and number, labelled in the editor’s language, exact numbers first', async () => {
    const q = encodeURIComponent(`${lot.projectName} квартира ${lot.number}`);
    const ru = await choices(`/api/admin/content/options/lots/search/?q=${q}`, 'ru');
    expect(ru[0]!.value).toBe(lot.id);
    // «Сосновый берег, Корпус 1 — Евро-2 № 3, 39,6 м²»
    expect(ru[0]!.label).toMatch(new RegExp(`^${lot.projectName}, ${lot.buildingName} — .+ № ${lot.number}, ${String(lot.area).replace('.', ',')} м²$`));
    // Typed in Russian, answered in English: the name is matched in every language, the label is the interface's.
    const en = await choices(`/api/admin/content/options/lots/search/?q=${q}`, 'en');
    expect(en[0]!.value).toBe(lot.id);
    expect(en[0]!.label).toMatch(new RegExp(`^${lotEn.projectName}, ${lotEn.buildingName} — .+ No\\. ${lot.number}, ${lot.area} m²$`));
    // The kind in the interface's language finds it too; numbers that begin with the one typed come after it.
    const english = await choices(`/api/admin/content/options/lots/search/?q=${encodeURIComponent(`${lotEn.projectName} flat ${lot.number}`)}`, 'en');
    expect(english[0]!.value).toBe(lot.id);
    expect(english.length).toBeGreaterThan(1);
    expect(english.slice(1).every((c) => new RegExp(`No\\. ${lot.number}\\d+,`).test(c.label))).toBe(true);
    // At most `limit`, every one a lot of that project.
    const many = await choices(`/api/admin/content/options/lots/search/?q=${encodeURIComponent(lot.projectName)}&limit=5`, 'ru');
    expect(many).toHaveLength(5);
    expect(many.every((c) => c.label.startsWith(lot.projectName))).toBe(true);
    expect(await choices('/api/admin/content/options/lots/search/?q=nowhere-at-all')).toEqual([]);
  });

  it('names chosen lots by their ids, in their order, leaving out ids the catalogue has not', async () => {
    const found = await choices(`/api/admin/content/options/lots/search/?q=${encodeURIComponent(lot.projectName)}&limit=2`);
    const ids = [found[1]!.value, '999999999', found[0]!.value];
    const named = await choices(`/api/admin/content/options/lots/search/?ids=${ids.join(',')}`);
    expect(named).toEqual([found[1], found[0]]);
    // As many as one request may name (the picker asks for more in groups of this many), and not one more.
    const many = Array.from({ length: CHOICE_IDS_MAX }, (_, k) => String(k + 1));
    expect((await choices(`/api/admin/content/options/lots/search/?ids=${many.join(',')}`)).length).toBeLessThanOrEqual(CHOICE_IDS_MAX);
    const res = await call('GET', `/api/admin/content/options/lots/search/?ids=${[...many, '201'].join(',')}`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors)).toContain('ids');
  });

  it('offers a project’s buildings by their names in the editor’s language, valued by their numbers', async () => {
    const ru = await choices(`/api/admin/content/options/buildings/search/?project=${lot.projectId}`, 'ru');
    expect(ru.length).toBeGreaterThan(0);
    expect(ru.every((b) => /^\d+$/.test(b.value))).toBe(true);
    const own = ru.find((b) => b.label === lot.buildingName)!;
    expect(own).toBeTruthy();
    const en = await choices(`/api/admin/content/options/buildings/search/?project=${lot.projectId}`, 'en');
    expect(en.find((b) => b.value === own.value)!.label).toBe(lotEn.buildingName);
    expect(await choices(`/api/admin/content/options/buildings/search/?project=${lot.projectId}&ids=${own.value}`, 'ru')).toEqual([own]);
    expect(await choices(`/api/admin/content/options/buildings/search/?project=${lot.projectId}&q=${own.value}`, 'ru')).toContainEqual(own);
    expect(await choices('/api/admin/content/options/buildings/search/?project=999999')).toEqual([]);
  });

  it('refuses a bad query with a 400 naming the field, and an unknown source', async () => {
    for (const [query, field] of [
      ['q=', 'q'],
      [`q=${'1'.repeat(101)}`, 'q'],
      ['', 'q'],
      ['q=1&ids=2', 'q'],
      ['ids=12a', 'ids'],
      ['ids=0', 'ids'],
      ['q=1&limit=0', 'limit'],
      ['q=1&limit=51', 'limit'],
      ['q=1&project=1', 'project'],
      ['project=x', 'project'],
    ] as const) {
      const res = await call('GET', `/api/admin/content/options/lots/search/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().errors), query).toContain(field);
    }
    expect((await call('GET', '/api/admin/content/options/projects/search/?q=1')).statusCode).toBe(400);
    // A building is a project's: asked for without one, the answer names the field.
    const orphan = await call('GET', '/api/admin/content/options/buildings/search/?q=1');
    expect(orphan.statusCode).toBe(400);
    expect(Object.keys(orphan.json().errors)).toEqual(['project']);
  });

  it('is for editors only: a visitor gets the API 404, sales a 403', async () => {
    const url = `/api/admin/content/options/lots/search/?q=${encodeURIComponent(lot.number)}`;
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    expect((await t.app.inject({ url, headers: sales.headers(url.split('?')[0]!) })).statusCode).toBe(403);
  });

  it('names the listed choices in the editor’s language: a bank by its English name in English', async () => {
    const banks = (await call('GET', '/api/admin/content/banks/')).json().items as { id: string; values: { name: { ru: string; en: string } } }[];
    const en = await choices('/api/admin/content/options/banks/', 'en');
    const ru = await choices('/api/admin/content/options/banks/', 'ru');
    for (const bank of banks) {
      expect(en.find((c) => c.value === bank.id)?.label).toBe(bank.values.name.en || bank.values.name.ru);
      expect(ru.find((c) => c.value === bank.id)?.label).toBe(bank.values.name.ru);
    }
    expect(banks.some((b) => b.values.name.en && b.values.name.en !== b.values.name.ru)).toBe(true);
    // A menu link's menu by its name, not its code.
    const menus = await choices('/api/admin/content/options/menus/', 'en');
    expect(menus.some((c) => c.label.startsWith('Site footer: '))).toBe(true);
    expect(menus.some((c) => /^(header|footer):/.test(c.label))).toBe(false);
  });
});
