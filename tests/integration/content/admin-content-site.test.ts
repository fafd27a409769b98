import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentKind } from '#core/admin/kinds.ts';
import { ENGINES } from '#tests/support/db.ts';
import { testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';
import { signedInStaff } from '#tests/support/admin.ts';
import { editorCalls, text, type Item, type Staffer } from './admin-content-setup.ts';

/**
 * Every seeded item of the kinds added after ADR 026 valid for its description, and what many pages share (the menus,
 * the offices' projects, the subscription forms' headings), on each engine: an editor's valid change reaches the
 * public API at once, a bad field is a 400 naming it in the editor's language, the audit trail holds before and
 * after, and a revert puts the public answer back.
 */
describe.each(ENGINES)('content kinds on %s: seeded items, menus, offices and subscriptions', (engine) => {
  let t: TestApp;
  let editor: Staffer;

  beforeAll(async () => {
    t = await testAppWithCatalogue(engine);
    editor = await signedInStaff(t, 'editor');
  }, 180_000);
  afterAll(async () => t?.dispose());
  const { call, publicJson, history } = editorCalls(() => ({ t, editor }));

  it('holds every seeded item of the new kinds valid for its description, so each can be saved as it is', async () => {
    for (const name of [
      'pages',
      'collections',
      'landings',
      'programmes',
      'banks',
      'home',
      'slides',
      'partners',
      'stories',
      'benefits',
      'menus',
      'subscriptions',
      'settings',
    ]) {
      const res = await call('GET', `/api/admin/content/${name}/`);
      expect(res.statusCode, res.body).toBe(200);
      const items = res.json().items as Item[];
      expect(items.length, name).toBeGreaterThan(0);
      for (const item of items) {
        const parsed = contentKind(name)!.schema.safeParse(item.values);
        expect(parsed.success, `${name} ${item.id}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      }
    }
  });

  describe('menus', () => {
    type Element = { id: number; title: string; url: string; children: Element[] };
    const footer = async () => (await publicJson('/api/menu/footer/?lang=en')).elements as Element[];

    it('changes a menu link: the public menu follows, a bad field is named, a revert restores it; a new link joins a submenu', async () => {
      const list = await call('GET', '/api/admin/content/menus/');
      expect(list.statusCode, list.body).toBe(200);
      const link = (list.json().items as Item[]).find((i) => i.values.menu === 'footer' && i.values.parentId === null)!;
      const url = `/api/admin/content/menus/${link.id}/`;
      const shown = async () => (await footer()).find((e) => e.id === Number(link.id));
      const before = (link.values.title as { en: string }).en;
      expect((await shown())!.title).toBe(before);

      const bad = await call('PUT', url, { version: link.version, values: { ...link.values, menu: 'sidebar', url: '//evil.example' } });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['menu', 'url']);
      const orphan = await call('PUT', url, { version: link.version, values: { ...link.values, parentId: 999_999 } });
      expect(orphan.statusCode).toBe(400);
      expect(Object.keys(orphan.json().errors)).toEqual(['parentId']);

      const title = { ...(link.values.title as object), en: 'Renamed link' };
      const saved = await call('PUT', url, { version: link.version, values: { ...link.values, title } });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await shown())!.title).toBe('Renamed link');
      const [update] = await history(url);
      expect(update).toMatchObject({ action: 'update', before: { title: { en: before } }, after: { title: { en: 'Renamed link' } } });
      expect((await call('POST', `/api/admin/content/revert/${update!.id}/`, {})).statusCode).toBe(200);
      expect((await shown())!.title).toBe(before);

      // A submenu's link, chosen among the menus' links.
      const choices = (await call('GET', '/api/admin/content/options/menus/')).json() as { value: string; label: string }[];
      expect(choices.map((c) => c.value)).toContain(link.id);
      const child = await call('POST', '/api/admin/content/menus/', {
        values: { menu: 'footer', parentId: Number(link.id), title: text('Вложенная', 'Nested', '子项'), url: '/news?page=2', position: 0 },
      });
      expect(child.statusCode, child.body).toBe(201);
      expect((await shown())!.children.map((c) => c.title)).toContain('Nested');

      // Never its own parent, nor under its own sublink, nor under a link of another menu: each would hide it.
      const current = (await call('GET', url)).json() as Item;
      const childId = Number((child.json() as Item).id);
      const header = (list.json().items as Item[]).find((i) => i.values.menu === 'header')!;
      for (const parentId of [Number(link.id), childId, Number(header.id)]) {
        const refused = await call('PUT', url, { version: current.version, values: { ...current.values, parentId } });
        expect(refused.statusCode, `parent ${parentId}`).toBe(400);
        expect(Object.keys(refused.json().errors)).toEqual(['parentId']);
      }
      expect((await shown())!.title).toBe(before);
    });
  });

  describe('offices: the projects each serves', () => {
    type Office = { id: number; projects: { id: string; name: string }[] };
    const served = async (id: string) => ((await publicJson(`/api/office/${id}/?lang=en`)) as Office).projects.map((p) => p.id);

    it('changes which projects an office serves: the contacts page follows, bad ids are named, a revert restores it', async () => {
      const list = await call('GET', '/api/admin/content/offices/');
      expect(list.statusCode, list.body).toBe(200);
      const office = (list.json().items as Item[]).find((i) => (i.values.projectIds as number[]).length > 0)!;
      const url = `/api/admin/content/offices/${office.id}/`;
      const before = office.values.projectIds as number[];
      expect(await served(office.id)).toEqual(before.map(String));
      const fields = (list.json().fields as { name: string; type: string; source?: string }[]).find((f) => f.name === 'projectIds');
      expect(fields).toEqual({ name: 'projectIds', type: 'references', source: 'projects', maxItems: 50 });
      const options = (await call('GET', '/api/admin/content/options/projects/')).json() as { value: string; label: string }[];
      expect(options.length).toBeGreaterThan(1);
      expect(options.every((o) => o.label.length > 0)).toBe(true);

      const unknown = await call('PUT', url, { version: office.version, values: { ...office.values, projectIds: [before[0], 999_999] } }, 'ru');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors).toEqual({ projectIds: ['В каталоге нет такого проекта: выберите проекты из списка.'] });
      const twice = await call('PUT', url, { version: office.version, values: { ...office.values, projectIds: [before[0], before[0]] } });
      expect(twice.statusCode).toBe(400);
      expect(twice.json().errors).toEqual({ projectIds: ['Each choice may be made once only.'] });
      const notIds = await call('PUT', url, { version: office.version, values: { ...office.values, projectIds: ['2'] } });
      expect(Object.keys(notIds.json().errors)).toEqual(['projectIds.0']);

      // Another project added first, one taken away: the public office and the contact page follow at once, in order.
      const added = Number(options.map((o) => o.value).find((v) => !before.includes(Number(v))));
      const next = [added, ...before.slice(1)];
      const saved = await call('PUT', url, { version: office.version, values: { ...office.values, projectIds: next } });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((saved.json() as Item).values.projectIds).toEqual(next);
      expect(await served(office.id)).toEqual(next.map(String));
      const page = (await publicJson('/api/contact_page/?lang=en')) as { offices: Office[] };
      expect(page.offices.find((o) => String(o.id) === office.id)!.projects.map((p) => p.id)).toEqual(next.map(String));
      expect((await publicJson(`/api/office/?project=${added}`)).results.map((o: Office) => String(o.id))).toContain(office.id);

      const [update] = await history(url);
      expect(update).toMatchObject({ action: 'update', before: { projectIds: before }, after: { projectIds: next } });
      expect((await call('POST', `/api/admin/content/revert/${update!.id}/`, {})).statusCode).toBe(200);
      expect(await served(office.id)).toEqual(before.map(String));
    });
  });

  describe('offices: their hours', () => {
    type Office = { id: number; exceptions: { date: string; hours: unknown }[]; hours: string };
    type Facets = { items: Record<string, { choices: Record<string, number> }> };

    it('closes an office for a day and moves it to another zone: the office list and the meeting slots follow; a bad zone or hours are named', async () => {
      const list = (await call('GET', '/api/admin/content/offices/')).json().items as Item[];
      const office = list.find((i) => i.values.meetings === true)!;
      const url = `/api/admin/content/offices/${office.id}/`;
      const dates = async () => Object.keys(((await publicJson(`/api/meeting/facets/?office=${office.id}`)) as Facets).items.date!.choices).sort();
      const holiday = (await dates())[3]!;

      const badZone = await call('PUT', url, { version: office.version, values: { ...office.values, timeZone: 'Moscow/Centre' } }, 'ru');
      expect(badZone.statusCode).toBe(400);
      expect(Object.keys(badZone.json().errors)).toEqual(['timeZone']);
      const upside = { date: holiday, hours: { opens: '18:00', closes: '10:00', break: null } };
      const badHours = await call('PUT', url, { version: office.version, values: { ...office.values, exceptions: [upside] } });
      expect(badHours.statusCode).toBe(400);
      expect(Object.keys(badHours.json().errors)).toEqual(['exceptions.0.hours.closes']);

      const exceptions = [...(office.values.exceptions as Office['exceptions']), { date: holiday, hours: null }];
      const saved = await call('PUT', url, { version: office.version, values: { ...office.values, exceptions } });
      expect(saved.statusCode, saved.body).toBe(200);
      const shown = (await publicJson(`/api/office/${office.id}/?lang=en`)) as Office & { timeZone: string; utcOffset: string };
      expect(shown.exceptions).toContainEqual({ date: holiday, hours: null });
      expect(await dates()).not.toContain(holiday);

      // Moved to Yekaterinburg's time zone, its hours are read there.
      const current = (await call('GET', url)).json() as Item;
      const moved = await call('PUT', url, { version: current.version, values: { ...current.values, timeZone: 'Asia/Yekaterinburg' } });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(((await publicJson(`/api/office/${office.id}/`)) as Office & { utcOffset: string }).utcOffset).toBe('UTC+5');

      // Both changes reverted, newest first: the day is offered again.
      const [zone, closing] = (await history(url)).filter((h) => h.action === 'update');
      expect((await call('POST', `/api/admin/content/revert/${zone!.id}/`, {})).statusCode).toBe(200);
      expect((await call('POST', `/api/admin/content/revert/${closing!.id}/`, {})).statusCode).toBe(200);
      expect(((await publicJson(`/api/office/${office.id}/`)) as Office & { utcOffset: string }).utcOffset).toBe('UTC+3');
      expect(await dates()).toContain(holiday);
    });
  });

  describe('subscription headings', () => {
    const FORM = '/api/subscription_forms/?url=%2Fen%2Fprojects%2F2&lang=en';
    type Form = { topic: string; title: string; description: string };

    it("changes a topic's heading: the subscription form follows, a language left empty says the catalog's, a revert restores it", async () => {
      const list = (await call('GET', '/api/admin/content/subscriptions/')).json().items as Item[];
      // Seeded by migration 0024 with the catalogs' words.
      expect(list.map((i) => i.id).sort()).toEqual(['children', 'default', 'pantry', 'parking', 'project']);
      const url = '/api/admin/content/subscriptions/project/';
      const item = (await call('GET', url)).json() as Item;
      const form = async (lang = 'en') => (await publicJson(FORM.replace('lang=en', `lang=${lang}`))) as Form;
      expect(await form()).toMatchObject({ topic: 'project', title: 'Follow the construction' });

      const bad = await call('PUT', url, { version: item.version, values: { ...item.values, title: text(''), description: text('x'.repeat(601)) } }, 'ru');
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['description.ru', 'title.ru']);

      const title = { ru: 'Стройка в фотографиях', en: 'Construction in pictures', zh: '' };
      const saved = await call('PUT', url, { version: item.version, values: { ...item.values, title } });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await form()).title).toBe('Construction in pictures');
      expect((await form('ru')).title).toBe('Стройка в фотографиях');
      // No Chinese words given: the catalog's Chinese, not the Russian.
      expect((await form('zh')).title).toBe('关注施工进度');

      const [update] = await history(url);
      expect(update).toMatchObject({
        action: 'update',
        before: { title: { en: 'Follow the construction' } },
        after: { title: { en: 'Construction in pictures' } },
      });
      expect((await call('POST', `/api/admin/content/revert/${update!.id}/`, {})).statusCode).toBe(200);
      expect((await form()).title).toBe('Follow the construction');
    });

    it("says the catalog's words for a topic without a row, and takes the topic back when it is made again", async () => {
      const url = '/api/admin/content/subscriptions/parking/';
      const item = (await call('GET', url)).json() as Item;
      const PARKING = '/api/subscription_forms/?url=%2Fen%2Ffilter%3Ftype%3Dparking&lang=en';
      const removed = await call('DELETE', `${url}?version=${item.version}`);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(await publicJson(PARKING)).toMatchObject({ topic: 'parking', title: 'Parking spaces' });

      const values = {
        topic: 'parking',
        title: text('Машино-места рядом', 'Parking next door', '附近车位'),
        description: text('Текст', 'Spaces by your home.', '文本'),
      };
      const created = await call('POST', '/api/admin/content/subscriptions/', { values });
      expect(created.statusCode, created.body).toBe(201);
      expect(await publicJson(PARKING)).toMatchObject({ title: 'Parking next door', description: 'Spaces by your home.' });
      const twice = await call('POST', '/api/admin/content/subscriptions/', { values });
      expect(twice.statusCode).toBe(400);
      expect(Object.keys(twice.json().errors)).toEqual(['topic']);
    });
  });

  describe('settings: the messengers and languages of the sales team', () => {
    const shown = async () => (await publicJson('/api/settings/?lang=zh')) as { wechat: string; telegram: string; salesLanguages: string[] };

    it('are changed by an editor: the public settings follow, a malformed id is named, a revert restores them', async () => {
      const list = await call('GET', '/api/admin/content/settings/');
      expect(list.statusCode, list.body).toBe(200);
      const [item] = list.json().items as Item[];
      const url = `/api/admin/content/settings/${item!.id}/`;
      const before = await shown();
      expect(before.wechat).not.toBe('');
      expect(before.salesLanguages).toContain('zh');

      const bad = await call('PUT', url, { version: item!.version, values: { ...item!.values, wechat: '微信号', telegram: '@x', salesLanguages: [] } });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['salesLanguages', 'telegram', 'wechat']);

      // No WeChat, no Chinese-speaking manager: nothing on the site offers them any more.
      const saved = await call('PUT', url, { version: item!.version, values: { ...item!.values, wechat: '', salesLanguages: ['ru', 'en'] } });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await shown()).toMatchObject({ wechat: '', telegram: before.telegram, salesLanguages: ['ru', 'en'] });
      const [update] = await history(url);
      expect((await call('POST', `/api/admin/content/revert/${update!.id}/`, {})).statusCode).toBe(200);
      expect(await shown()).toMatchObject({ wechat: before.wechat, salesLanguages: before.salesLanguages });
    });
  });
});
