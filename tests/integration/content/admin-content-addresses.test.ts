import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '#tests/support/db.ts';
import { testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';
import { signedInStaff } from '#tests/support/admin.ts';
import { editorCalls, text, type Item, type Staffer } from './admin-content-setup.ts';

/**
 * The kinds at `/{slug}` (slug pages, collections, landings), on each engine: an editor's valid change reaches the
 * site at once, a bad field is a 400 naming it in the editor's language, the audit trail holds before and after, a
 * revert puts the public answer back, and no two of them, nor a route of the site, share an address.
 */
describe.each(ENGINES)('content kinds on %s: addresses at /{slug}', (engine) => {
  let t: TestApp;
  let editor: Staffer;

  beforeAll(async () => {
    t = await testAppWithCatalogue(engine);
    editor = await signedInStaff(t, 'editor');
  }, 180_000);
  afterAll(async () => t?.dispose());
  const { call, publicJson, history } = editorCalls(() => ({ t, editor }));

  describe('slug pages (policies, agents, partners, disclosure…)', () => {
    // The pages have no API of their own: the page service is what `/{slug}` renders.
    const shown = (slug: string, locale: 'ru' | 'en' = 'en') => t.services.pages.bySlug(slug, locale);

    it('changes a page’s rich text: the site shows it cleaned, the audit has before and after, a revert restores it', async () => {
      const list = await call('GET', '/api/admin/content/pages/');
      expect(list.statusCode, list.body).toBe(200);
      const page = (list.json().items as Item[]).find((i) => i.values.slug === 'legal')!;
      const url = `/api/admin/content/pages/${page.id}/`;
      const item = (await call('GET', url)).json() as Item;
      expect(item.publicPath).toBe('/legal');
      const before = (await shown('legal'))!;
      // The seeded body is rich text, as the site renders it.
      expect(before.body).toMatch(/^<p>[^<]+<\/p>/);
      expect(before.body).toBe((item.values.body as { en: string }).en);

      const bad = await call('PUT', url, { version: item.version, values: { ...item.values, slug: 'Legal Info', template: 'landing' } }, 'ru');
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['slug', 'template']);
      expect(bad.json().errors.slug).toEqual(['Строчные латинские буквы, цифры, «-» и «_»; части адреса — через «/» (purchase/mortgage).']);

      const body = { ...(item.values.body as object), en: '<h2>Terms</h2><p onclick="steal()">Reference only.<script>alert(1)</script></p>' };
      const title = { ...(item.values.title as object), en: 'Legal terms' };
      const saved = await call('PUT', url, { version: item.version, values: { ...item.values, title, body } });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((saved.json() as Item).values.body).toMatchObject({ en: '<h2>Terms</h2><p>Reference only.</p>' });
      expect(await shown('legal')).toMatchObject({ title: 'Legal terms', body: '<h2>Terms</h2><p>Reference only.</p>' });
      expect((await shown('legal', 'ru'))!.body).toBe((item.values.body as { ru: string }).ru);

      const [update] = await history(url);
      expect(update).toMatchObject({ action: 'update', before: { title: { en: before.title } }, after: { title: { en: 'Legal terms' } } });
      const reverted = await call('POST', `/api/admin/content/revert/${update!.id}/`, {});
      expect(reverted.statusCode, reverted.body).toBe(200);
      expect(await shown('legal')).toMatchObject({ title: before.title, body: before.body });
    });

    it('adds a page at its own address, refuses the address twice, and hides an unpublished page', async () => {
      const values = {
        slug: 'docs/offer-terms',
        template: 'text',
        title: text('Условия акций', 'Offer terms', '优惠条款'),
        description: text('Как действуют акции', 'How the offers work', '优惠说明'),
        body: text('<p>Текст</p>', '<p>Text with <a href="https://example.com/x">a link</a></p>', ''),
        published: true,
      };
      const created = await call('POST', '/api/admin/content/pages/', { values });
      expect(created.statusCode, created.body).toBe(201);
      const item = created.json() as Item;
      expect(item.publicPath).toBe('/docs/offer-terms');
      expect((await shown('docs/offer-terms'))!.body).toBe(
        '<p>Text with <a href="https://example.com/x" target="_blank" rel="noopener noreferrer">a link</a></p>',
      );
      // No Chinese text: the Russian one is shown.
      expect((await t.services.pages.bySlug('docs/offer-terms', 'zh'))!.body).toBe('<p>Текст</p>');
      expect(await t.services.pages.slugs()).toContain('docs/offer-terms');

      const twice = await call('POST', '/api/admin/content/pages/', { values });
      expect(twice.statusCode).toBe(400);
      expect(Object.keys(twice.json().errors)).toEqual(['slug']);

      const hidden = await call('PUT', `/api/admin/content/pages/${item.id}/`, { version: item.version, values: { ...values, published: false } });
      expect(hidden.statusCode, hidden.body).toBe(200);
      expect(await shown('docs/offer-terms')).toBeNull();
      expect(await t.services.pages.slugs()).not.toContain('docs/offer-terms');
    });
  });

  describe('collections and landings', () => {
    type Collection = { slug: string; title: string; count: number; filterUrl: string | null; intro: string[]; lots: { results: { id: string }[] } };
    const collection = async (slug: string) => (await publicJson(`/api/custom_collect/${slug}/?lang=en&limit=200`)) as Collection;

    it('changes a collection’s filter and words: the public collection follows, bad fields are named, a revert restores it', async () => {
      const list = await call('GET', '/api/admin/content/collections/');
      expect(list.statusCode, list.body).toBe(200);
      const item = (list.json().items as Item[]).find((i) => i.values.slug === 'family-flats')!;
      const url = `/api/admin/content/collections/${item.id}/`;
      expect(item.values).toMatchObject({ query: 'type=flat&rooms=3,4&area_min=70', lotIds: [] });
      expect((item.values.intro as { en: string }).en.split('\n\n')).toEqual((await collection('family-flats')).intro);
      const before = await collection('family-flats');

      const bad = await call('PUT', url, { version: item.version, values: { ...item.values, slug: 'Family Flats', query: 'rooms=seven' } }, 'ru');
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['query', 'slug']);
      expect(bad.json().errors.query[0]).toMatch(/^Фильтр не читается/);
      const empty = await call('PUT', url, { version: item.version, values: { ...item.values, query: '', lotIds: [] } });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().errors).toEqual({ query: ['Give the collection a filter or lots (at least one).'] });
      const lotsBad = await call('PUT', url, { version: item.version, values: { ...item.values, lotIds: ['x1'] } });
      expect(Object.keys(lotsBad.json().errors)).toEqual(['lotIds.0']);
      const unknown = await call('PUT', url, { version: item.version, values: { ...item.values, lotIds: ['999999999'] } });
      expect(unknown.statusCode).toBe(400);
      expect(Object.keys(unknown.json().errors)).toEqual(['lotIds']);

      const values = {
        ...item.values,
        title: { ...(item.values.title as object), en: 'Four-room flats' },
        intro: { ...(item.values.intro as object), en: 'First paragraph.\n\n  Second paragraph.  \n' },
        query: '?type=flat&rooms=4&area_min=70',
      };
      const saved = await call('PUT', url, { version: item.version, values });
      expect(saved.statusCode, saved.body).toBe(200);
      const after = await collection('family-flats');
      expect(after).toMatchObject({
        title: 'Four-room flats',
        intro: ['First paragraph.', 'Second paragraph.'],
        filterUrl: '/filter?type=flat&rooms=4&area_min=70',
      });
      const filter = await publicJson('/api/filter/?type=flat&rooms=4&area_min=70&limit=1');
      expect(after.count).toBe(filter.count);
      expect(after.count).toBeLessThan(before.count);

      const [update] = await history(url);
      expect(update).toMatchObject({
        action: 'update',
        before: { query: 'type=flat&rooms=3,4&area_min=70' },
        after: { query: 'type=flat&rooms=4&area_min=70' },
      });
      expect((await call('POST', `/api/admin/content/revert/${update!.id}/`, {})).statusCode).toBe(200);
      expect(await collection('family-flats')).toMatchObject({ title: before.title, count: before.count, intro: before.intro, filterUrl: before.filterUrl });
    });

    it('adds a curator’s collection of chosen lots at its own address', async () => {
      const chosen = ((await publicJson('/api/filter/?type=flat&limit=2')).results as { id: string }[]).map((l) => l.id).reverse();
      const values = {
        slug: 'editors-choice',
        title: text('Выбор редакции', 'Editor’s choice', '编辑精选'),
        description: text('Две квартиры', 'Two flats', '两套公寓'),
        intro: text('', '', ''),
        query: null,
        lotIds: chosen,
        position: 9,
        published: true,
      };
      const created = await call('POST', '/api/admin/content/collections/', { values });
      expect(created.statusCode, created.body).toBe(201);
      expect((created.json() as Item).publicPath).toBe('/editors-choice');
      const shown = await collection('editors-choice');
      expect(shown).toMatchObject({ title: 'Editor’s choice', filterUrl: null, intro: [], count: 2 });
      expect(shown.lots.results.map((l) => l.id)).toEqual(chosen);
      const twice = await call('POST', '/api/admin/content/collections/', { values });
      expect(Object.keys(twice.json().errors)).toEqual(['slug']);
    });

    it('changes a landing’s version: the public landing follows, a bad part is named, a revert restores it; a new language joins', async () => {
      const LANDING = '/api/multilingual_landing/buy-in-moscow/';
      const list = await call('GET', '/api/admin/content/landings/');
      expect(list.statusCode, list.body).toBe(200);
      const item = (list.json().items as Item[]).find((i) => i.values.slug === 'buy-in-moscow' && i.values.locale === 'en')!;
      const url = `/api/admin/content/landings/${item.id}/`;
      // The form the list gives: a section's long paragraphs are text areas (core/admin/form.ts's one rule).
      const payment = (list.json().fields as { name: string; fields?: { name: string }[] }[]).find((f) => f.name === 'payment')!;
      expect(payment.fields!.find((f) => f.name === 'paragraphs')).toEqual({ name: 'paragraphs', type: 'list', multiline: true });
      const before = await publicJson(`${LANDING}?lang=en`);
      expect(item.values).toMatchObject({ title: before.title, hero: before.hero, faq: before.faq });

      const hero = item.values.hero as { kicker: string; title: string; lead: string };
      const bad = await call('PUT', url, { version: item.version, values: { ...item.values, locale: 'de', hero: { kicker: hero.kicker, lead: hero.lead } } });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['hero.title', 'locale']);

      const saved = await call('PUT', url, { version: item.version, values: { ...item.values, hero: { ...hero, title: 'Your flat in Moscow' } } });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await publicJson(`${LANDING}?lang=en`)).hero.title).toBe('Your flat in Moscow');
      const [update] = await history(url);
      expect(update).toMatchObject({ action: 'update', before: { hero: { title: hero.title } }, after: { hero: { title: 'Your flat in Moscow' } } });
      expect((await call('POST', `/api/admin/content/revert/${update!.id}/`, {})).statusCode).toBe(200);
      expect(await publicJson(`${LANDING}?lang=en`)).toEqual({ ...before, updatedAt: expect.any(String) });

      // A Russian version of the same landing: the API answers it in Russian and lists the language.
      const ru = { ...item.values, locale: 'ru', title: 'Покупка квартиры из-за рубежа' };
      const twice = await call('POST', '/api/admin/content/landings/', { values: { ...item.values } });
      expect(Object.keys(twice.json().errors)).toEqual(['locale']);
      const created = await call('POST', '/api/admin/content/landings/', { values: ru });
      expect(created.statusCode, created.body).toBe(201);
      expect(await publicJson(`${LANDING}?lang=ru`)).toMatchObject({ locale: 'ru', title: 'Покупка квартиры из-за рубежа', locales: ['ru', 'en', 'zh'] });
    });

    it('keeps `/{slug}` one address: a page, a collection and a landing never share a slug, nor take a route’s', async () => {
      const items = async (name: string) => (await call('GET', `/api/admin/content/${name}/`)).json().items as Item[];
      const page = (await items('pages')).find((i) => i.values.slug === 'careers')!;
      const collection = (await items('collections')).find((i) => i.values.slug === 'with-discount')!;
      const landing = (await items('landings')).find((i) => i.values.slug === 'buy-in-moscow' && i.values.locale === 'en')!;
      const TAKEN = 'This address is taken: a page, a collection or a landing opens at it. Choose another.';
      const refused = (res: { statusCode: number; json: () => { errors: Record<string, string[]> } }, message = TAKEN) => {
        expect(res.statusCode).toBe(400);
        expect(res.json().errors).toEqual({ slug: [message] });
      };

      // Created at another kind's slug, each way round.
      refused(await call('POST', '/api/admin/content/collections/', { values: { ...collection.values, slug: 'careers' } }));
      refused(await call('POST', '/api/admin/content/landings/', { values: { ...landing.values, slug: 'with-discount' } }));
      const ru = await call('POST', '/api/admin/content/pages/', { values: { ...page.values, slug: 'buy-in-moscow' } }, 'ru');
      refused(ru, 'Этот адрес уже занят: по нему открывается страница, подборка или лендинг. Выберите другой.');
      // Renamed to one.
      refused(await call('PUT', `/api/admin/content/pages/${page.id}/`, { version: page.version, values: { ...page.values, slug: 'with-discount' } }));
      refused(
        await call('PUT', `/api/admin/content/collections/${collection.id}/`, {
          version: collection.version,
          values: { ...collection.values, slug: 'buy-in-moscow' },
        }),
      );
      // A route's first segment, or the server's own.
      const RESERVED = 'This address belongs to a section of the site (such as /news or /projects): choose another.';
      refused(await call('POST', '/api/admin/content/pages/', { values: { ...page.values, slug: 'news/special' } }), RESERVED);
      refused(await call('POST', '/api/admin/content/collections/', { values: { ...collection.values, slug: 'projects' } }), RESERVED);
      refused(await call('POST', '/api/admin/content/landings/', { values: { ...landing.values, slug: 'api' } }), RESERVED);
      // The landing's own other languages share its slug, and a slug no kind holds is free.
      expect((await call('GET', `/api/admin/content/landings/${landing.id}/`)).statusCode).toBe(200);
      const free = await call('PUT', `/api/admin/content/pages/${page.id}/`, { version: page.version, values: { ...page.values, slug: 'jobs' } });
      expect(free.statusCode, free.body).toBe(200);

      // A revert brings nothing back onto a slug taken since: the deleted page's slug is a collection's now.
      const deleted = await call('DELETE', `/api/admin/content/pages/${page.id}/?version=${(free.json() as Item).version}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      const taker = await call('POST', '/api/admin/content/collections/', { values: { ...collection.values, slug: 'jobs' } });
      expect(taker.statusCode, taker.body).toBe(201);
      refused(await call('POST', `/api/admin/content/revert/${deleted.json().auditId}/`, {}));
      expect(await t.services.pages.bySlug('jobs', 'en')).toBeNull();
    });
  });
});
