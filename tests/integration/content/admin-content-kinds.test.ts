import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentKind } from '#core/admin/kinds.ts';
import { seedDemoAuctions } from '#server/modules/auctions/demo.ts';
import { ENGINES } from '#tests/support/db.ts';
import { browserHeaders, testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';
import { signedInStaff } from '#tests/support/admin.ts';

type Staffer = Awaited<ReturnType<typeof signedInStaff>>;
type Item = { id: string; version: string; values: Record<string, unknown>; publicPath: string | null };
type History = { id: string; action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }[];
type Offer = { id: string; kind: string; name: string; rate: number; markup: number; bank: { id: string } | null };

const text = (ru: string, en = '', zh = '') => ({ ru, en, zh });

/**
 * The kinds of content added to the engine after ADR 026 (finance programmes and partner banks, the home page's texts,
 * slider, partners, stories and benefits, menus, subscription headings), on each engine: an editor's valid
 * change reaches the public API at once, a bad field is a 400 naming it in the editor's language, the audit trail
 * holds before and after, and a revert puts the public answer back.
 */
describe.each(ENGINES)('content kinds on %s', (engine) => {
  let t: TestApp;
  let editor: Staffer;

  beforeAll(async () => {
    t = await testAppWithCatalogue(engine);
    editor = await signedInStaff(t, 'editor');
  }, 180_000);
  afterAll(async () => t?.dispose());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, locale: 'ru' | 'en' = 'en') =>
    t.app.inject({
      method,
      url,
      headers: { ...editor.headers(method === 'DELETE' ? url : url.split('?')[0]!), cookie: `${editor.headers('/').cookie}; admin_locale=${locale}` },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const publicJson = async (url: string) => {
    const res = await t.app.inject(url);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.json();
  };
  const history = async (url: string) => (await call('GET', url)).json().history as History;

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

  describe('finance programmes (mortgages, special offers, instalment plans)', () => {
    const LOANS = '/api/new/loan_offer/?project=2&realty_type=flat&lang=en';
    const INSTALMENTS = '/api/new/installment/?project=2&realty_type=flat&lang=en';
    const loans = async () => (await publicJson(LOANS)).results as Offer[];

    it('changes a mortgage rate: the public offers follow, the audit has before and after, a revert restores it', async () => {
      const offer = (await loans()).find((o) => o.kind === 'mortgage')!;
      expect(offer).toBeDefined();
      const url = `/api/admin/content/programmes/${offer.id}/`;
      const item = (await call('GET', url)).json() as Item;
      expect(item.values).toMatchObject({ id: offer.id, kind: 'mortgage', rate: offer.rate });
      const newRate = offer.rate === 1.23 ? 1.24 : 1.23;

      const saved = await call('PUT', url, { version: item.version, values: { ...item.values, rate: newRate } });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await loans()).find((o) => o.id === offer.id)!.rate).toBe(newRate);

      const [update] = await history(url);
      expect(update).toMatchObject({ action: 'update', before: { rate: offer.rate }, after: { rate: newRate } });
      const reverted = await call('POST', `/api/admin/content/revert/${update!.id}/`, {});
      expect(reverted.statusCode, reverted.body).toBe(200);
      expect((await loans()).find((o) => o.id === offer.id)!.rate).toBe(offer.rate);
      expect((await history(url)).map((h) => h.action)).toEqual(['revert', 'update']);
      // The id is the programme's own key: a change cannot move it.
      const again = (await call('GET', url)).json() as Item;
      const renamed = await call('PUT', url, { version: again.version, values: { ...again.values, id: 'other-id' } });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json().id).toBe(offer.id);
    });

    it('names a bad field, and holds every programme to the offers import’s rules, in the editor’s language', async () => {
      const offer = (await loans()).find((o) => o.kind === 'mortgage')!;
      const url = `/api/admin/content/programmes/${offer.id}/`;
      const item = (await call('GET', url)).json() as Item;

      const decimals = await call('PUT', url, { version: item.version, values: { ...item.values, rate: 5.555 } }, 'ru');
      expect(decimals.statusCode).toBe(400);
      expect(decimals.json().errors).toEqual({ rate: ['Не больше двух знаков после запятой.'] });

      // An instalment plan with a bank, a mortgage kind and a rate: the import's own rules, named by the form's fields.
      const plan = await call('PUT', url, { version: item.version, values: { ...item.values, kind: 'installment' } });
      expect(plan.statusCode).toBe(400);
      expect(Object.keys(plan.json().errors).sort()).toEqual(['bankId', 'mortgageKind', 'rate']);
      expect(plan.json().errors.bankId).toEqual(["An instalment plan is the developer's own: no bank."]);

      const unknownBank = await call('PUT', url, { version: item.version, values: { ...item.values, bankId: 'no-such-bank' } });
      expect(unknownBank.statusCode).toBe(400);
      expect(Object.keys(unknownBank.json().errors)).toEqual(['bankId']);
      // Nothing was written.
      expect((await call('GET', url)).json().version).toBe(item.version);
      expect((await loans()).find((o) => o.id === offer.id)!.rate).toBe(offer.rate);
    });

    it('creates an instalment plan that the public instalment offers list, and refuses its id twice', async () => {
      const values = {
        id: 'admin-plan',
        kind: 'installment',
        bankId: null,
        mortgageKind: null,
        name: text('Рассрочка 0 %', 'Zero-markup plan', '分期'),
        conditions: text('Без удорожания', 'No markup', '无加价'),
        rate: 0,
        markup: 0,
        minDownPayment: 30,
        maxTermMonths: 12,
        maxLoan: null,
        projects: [],
        lotTypes: ['flat'],
        lots: [],
        validFrom: '2020-01-01',
        validTo: null,
        position: 0,
      };
      const created = await call('POST', '/api/admin/content/programmes/', { values });
      expect(created.statusCode, created.body).toBe(201);
      const plans = (await publicJson(INSTALMENTS)).results as Offer[];
      expect(plans.find((p) => p.id === 'admin-plan')).toMatchObject({ name: 'Zero-markup plan', markup: 0, bank: null });
      const twice = await call('POST', '/api/admin/content/programmes/', { values });
      expect(twice.statusCode).toBe(400);
      expect(Object.keys(twice.json().errors)).toEqual(['id']);
    });
  });
  describe('home page: slider and partners', () => {
    const SLIDER = '/api/main_page_slider/?lang=en';
    const PARTNERS = '/api/main_page_partners/?lang=en';

    it('changes a slide: the public slider follows, a bad link is named, the audit has before and after, a revert restores it', async () => {
      const list = await call('GET', '/api/admin/content/slides/');
      expect(list.statusCode, list.body).toBe(200);
      const [slide] = list.json().items as Item[];
      const url = `/api/admin/content/slides/${slide!.id}/`;
      const before = (slide!.values.title as { en: string }).en;
      const shown = async () => ((await publicJson(SLIDER)).results as { id: number; title: string }[]).find((s) => s.id === Number(slide!.id));
      expect((await shown())!.title).toBe(before);

      const bad = await call('PUT', url, { version: slide!.version, values: { ...slide!.values, url: 'javascript:alert(1)', position: -1 } }, 'ru');
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['position', 'url']);
      expect(bad.json().errors.url).toEqual(['Адрес страницы сайта, начинающийся с «/», или ссылка http(s)://.']);

      const title = { ...(slide!.values.title as object), en: 'A new slide title' };
      const saved = await call('PUT', url, { version: slide!.version, values: { ...slide!.values, title } });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await shown())!.title).toBe('A new slide title');
      const [update] = await history(url);
      expect(update).toMatchObject({ action: 'update', before: { title: { en: before } }, after: { title: { en: 'A new slide title' } } });
      expect((await call('POST', `/api/admin/content/revert/${update!.id}/`, {})).statusCode).toBe(200);
      expect((await shown())!.title).toBe(before);
    });

    it('adds a slide that shows only once published', async () => {
      const values = {
        title: text('Новый слайд', 'New slide', '新幻灯片'),
        text: text('Текст', 'Text', '文本'),
        linkLabel: text('Подробнее', 'More', '更多'),
        url: 'https://example.com/about',
        projectId: null,
        image: { src: 'catalogue/covers/sosnovy.png', width: 1600, height: 1000 },
        imageAlt: text('Дом', 'A house', '房子'),
        published: false,
        position: 0,
      };
      const created = await call('POST', '/api/admin/content/slides/', { values });
      expect(created.statusCode, created.body).toBe(201);
      const item = created.json() as Item;
      const titles = async () => ((await publicJson(SLIDER)).results as { title: string }[]).map((s) => s.title);
      expect(await titles()).not.toContain('New slide');
      const published = await call('PUT', `/api/admin/content/slides/${item.id}/`, { version: item.version, values: { ...values, published: true } });
      expect(published.statusCode, published.body).toBe(200);
      expect(await titles()).toContain('New slide');
    });

    it('changes a partner: the public partners follow, a bad field is named, a revert restores it', async () => {
      const [partner] = (await call('GET', '/api/admin/content/partners/')).json().items as Item[];
      const url = `/api/admin/content/partners/${partner!.id}/`;
      const shown = async () => ((await publicJson(PARTNERS)).results as { id: string; name: string }[]).find((p) => p.id === partner!.id);
      const before = (partner!.values.name as { en: string }).en;
      expect((await shown())!.name).toBe(before);

      const bad = await call('PUT', url, { version: partner!.version, values: { ...partner!.values, kind: 'bank', url: 'ftp://example.com' } });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['kind', 'url']);

      const name = { ...(partner!.values.name as object), en: 'Renamed partner' };
      const saved = await call('PUT', url, { version: partner!.version, values: { ...partner!.values, name } });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await shown())!.name).toBe('Renamed partner');
      const [update] = await history(url);
      expect(update).toMatchObject({ action: 'update', before: { name: { en: before } }, after: { name: { en: 'Renamed partner' } } });
      expect((await call('POST', `/api/admin/content/revert/${update!.id}/`, {})).statusCode).toBe(200);
      expect((await shown())!.name).toBe(before);

      const hidden = (await call('GET', url)).json() as Item;
      expect((await call('PUT', url, { version: hidden.version, values: { ...hidden.values, published: false } })).statusCode).toBe(200);
      expect(await shown()).toBeUndefined();
    });
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

  describe('partner banks', () => {
    const PARTNERS = '/api/main_page_partners/?lang=en';
    type Partner = { id: string; kind: string; name: string };

    it('renames a bank: the partners and its mortgages follow, a bad field is named, a revert restores it', async () => {
      const banks = (await call('GET', '/api/admin/content/banks/')).json().items as Item[];
      const bank = banks.find((b) => b.values.logo !== null)!;
      const url = `/api/admin/content/banks/${bank.id}/`;
      const shown = async () => ((await publicJson(PARTNERS)).results as Partner[]).find((p) => p.kind === 'bank' && p.id === bank.id);
      const before = (bank.values.name as { en: string }).en;
      expect((await shown())!.name).toBe(before);

      const bad = await call(
        'PUT',
        url,
        { version: bank.version, values: { ...bank.values, name: text(''), logo: { src: '../etc/passwd', width: 1, height: 1 } } },
        'ru',
      );
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['logo.src', 'name.ru']);

      const name = { ...(bank.values.name as object), en: 'Renamed Bank' };
      const saved = await call('PUT', url, { version: bank.version, values: { ...bank.values, name } });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await shown())!.name).toBe('Renamed Bank');
      const [update] = await history(url);
      expect(update).toMatchObject({ action: 'update', before: { name: { en: before } }, after: { name: { en: 'Renamed Bank' } } });
      expect((await call('POST', `/api/admin/content/revert/${update!.id}/`, {})).statusCode).toBe(200);
      expect((await shown())!.name).toBe(before);

      // Without a logo a bank is not among the home page's partners.
      const current = (await call('GET', url)).json() as Item;
      expect((await call('PUT', url, { version: current.version, values: { ...current.values, logo: null } })).statusCode).toBe(200);
      expect(await shown()).toBeUndefined();
    });

    it('refuses to delete a bank its programmes name (400 naming the code, nothing deleted); deletes one no programme names', async () => {
      const offers = (await publicJson('/api/new/loan_offer/?project=2&realty_type=flat&lang=en')).results as Offer[];
      const named = offers.find((o) => o.bank)!.bank!.id;
      const bank = (await call('GET', `/api/admin/content/banks/${named}/`)).json() as Item;
      for (const locale of ['ru', 'en'] as const) {
        const refused = await call('DELETE', `/api/admin/content/banks/${named}/?version=${bank.version}`, undefined, locale);
        expect(refused.statusCode, refused.body).toBe(400);
        expect(Object.keys(refused.json().errors)).toEqual(['id']);
        expect(refused.json().errors.id[0]).toMatch(locale === 'ru' ? /Удалить нельзя/ : /Cannot be deleted/);
      }
      expect((await call('GET', `/api/admin/content/banks/${named}/`)).statusCode).toBe(200);

      const values = { id: 'admin-bank', name: text('Новый банк', 'New Bank', '新银行'), logo: null, position: 99 };
      const created = await call('POST', '/api/admin/content/banks/', { values });
      expect(created.statusCode, created.body).toBe(201);
      const twice = await call('POST', '/api/admin/content/banks/', { values });
      expect(twice.statusCode).toBe(400);
      expect(Object.keys(twice.json().errors)).toEqual(['id']);
      const removed = await call('DELETE', `/api/admin/content/banks/admin-bank/?version=${(created.json() as Item).version}`);
      expect(removed.statusCode, removed.body).toBe(200);
      expect((await call('GET', '/api/admin/content/banks/admin-bank/')).statusCode).toBe(404);
    });
  });

  describe("home page's texts: advantages, the selector's heading", () => {
    type Texts = Record<string, unknown> & { advantages: { title: { en: string } }[]; selector: { title: { ru: string; en: string } } };

    it("changes an advantage and the selector's heading: the page's texts follow, a bad field is named, a revert restores them", async () => {
      const list = (await call('GET', '/api/admin/content/home/')).json().items as Item[];
      expect(list.map((i) => i.id)).toEqual(['home']);
      const url = '/api/admin/content/home/home/';
      const item = (await call('GET', url)).json() as Item;
      const values = item.values as Texts;
      const before = await t.services.blocks.home('en');
      expect(before.advantages[0]!.title).toBe(values.advantages[0]!.title.en);
      // The selector's heading was the catalog's words: the seed and migration 0024 made them the page's data.
      expect(before.selector.title).toBe('Find a flat');

      const bad = await call(
        'PUT',
        url,
        { version: item.version, values: { ...values, selector: { ...values.selector, title: text('') }, advantages: [{ title: text('x'), description: 5 }] } },
        'ru',
      );
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['advantages.0.description', 'selector.title.ru']);
      expect(bad.json().errors['advantages.0.description']).toEqual(['Неверный ввод: ожидалось object, получено число']);

      const advantages = [
        { title: text('Новое преимущество', 'A new advantage', '新优势'), description: text('Описание', 'Its text', '说明') },
        ...values.advantages,
      ];
      const selector = { ...values.selector, title: { ...values.selector.title, en: 'Choose your flat' } };
      const saved = await call('PUT', url, { version: item.version, values: { ...values, advantages, selector } });
      expect(saved.statusCode, saved.body).toBe(200);
      const after = await t.services.blocks.home('en');
      expect(after.advantages.map((a) => a.title)).toEqual(['A new advantage', ...before.advantages.map((a) => a.title)]);
      expect(after.selector.title).toBe('Choose your flat');
      // The block's keys the back office does not edit are kept.
      expect(after.hero).toEqual(before.hero);

      const [update] = await history(url);
      expect(update).toMatchObject({
        action: 'update',
        before: { selector: { title: { en: 'Find a flat' } } },
        after: { selector: { title: { en: 'Choose your flat' } } },
      });
      expect((await call('POST', `/api/admin/content/revert/${update!.id}/`, {})).statusCode).toBe(200);
      expect(await t.services.blocks.home('en')).toEqual(before);

      // One item, changed only: neither created nor deleted.
      expect((await call('POST', '/api/admin/content/home/', { values })).statusCode).toBe(404);
      expect((await call('DELETE', `${url}?version=${item.version}`)).statusCode).toBe(404);
    });
  });

  describe('stories and their cards', () => {
    type Card = { id: number; story: string; kind: string; title: string; image: { src: string } | null; link: { url: string; label: string } | null };
    const cardsOf = async (slug: string) => (await publicJson(`/api/story_cards_mobile/?slug=${slug}&lang=en`)).results as Card[];
    const picture = { src: 'catalogue/covers/sosnovy.png', width: 1600, height: 1000 };

    it("edits a story's cards in order: the public cards follow, a bad card names its field, a revert restores them", async () => {
      const list = (await call('GET', '/api/admin/content/stories/')).json().items as Item[];
      const story = list.find((s) => s.values.slug === 'terrace')!;
      const url = `/api/admin/content/stories/${story.id}/`;
      const cards = story.values.cards as Record<string, unknown>[];
      const before = await cardsOf('terrace');
      expect(before.map((c) => c.title)).toEqual(cards.map((c) => (c.title as { en: string }).en));

      // A picture card without its picture, a link without its label: named by the card's field, in the editor's language.
      const broken = [
        { ...cards[0], image: null },
        { ...cards[1], linkLabel: text('') },
      ];
      const bad = await call('PUT', url, { version: story.version, values: { ...story.values, cards: broken } }, 'ru');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({
        'cards.0.image': ['Загрузите изображение карточки (или сделайте её текстовой).'],
        'cards.1.linkLabel.ru': ['У ссылки должны быть и адрес, и надпись.'],
      });

      // The cards swapped, and a text card added at the end.
      const added = {
        kind: 'text',
        title: text('Новая карточка', 'A new card', '新卡片'),
        text: text('Текст', 'Its text', '文本'),
        image: null,
        imageAlt: text(''),
        linkUrl: '/filter?type=flat',
        linkLabel: text('Смотреть', 'See', '查看'),
      };
      const saved = await call('PUT', url, { version: story.version, values: { ...story.values, cards: [cards[1], cards[0], added] } });
      expect(saved.statusCode, saved.body).toBe(200);
      const after = await cardsOf('terrace');
      expect(after.map((c) => c.title)).toEqual([before[1]!.title, before[0]!.title, 'A new card']);
      expect(after[2]).toMatchObject({ kind: 'text', image: null, link: { url: '/filter?type=flat', label: 'See' } });
      // The n-th card keeps its number.
      expect(after.slice(0, 2).map((c) => c.id)).toEqual(before.map((c) => c.id));
      expect((await publicJson('/api/stories_mobile/?lang=en')).results.find((s: { slug: string }) => s.slug === 'terrace').cards).toBe(3);

      const [update] = await history(url);
      expect(update!.action).toBe('update');
      expect((update!.before!.cards as unknown[]).length).toBe(2);
      expect((update!.after!.cards as unknown[]).length).toBe(3);
      expect((await call('POST', `/api/admin/content/revert/${update!.id}/`, {})).statusCode).toBe(200);
      expect(await cardsOf('terrace')).toEqual(before);
    });

    it('adds a story with a picture card, refuses its slug twice, and brings a deleted story back with its cards', async () => {
      const values = {
        slug: 'admin-story',
        title: text('Новая история', 'A new story', '新故事'),
        lotType: 'parking',
        rareFormat: null,
        url: '/filter?type=parking',
        cover: picture,
        coverAlt: text('Обложка', 'A cover', '封面'),
        published: true,
        position: 50,
        cards: [
          {
            kind: 'picture',
            title: text('Карточка', 'A card', '卡片'),
            text: text(''),
            image: picture,
            imageAlt: text('Дом', 'A house', '房子'),
            linkUrl: '',
            linkLabel: text(''),
          },
        ],
      };
      const rare = await call('POST', '/api/admin/content/stories/', { values: { ...values, rareFormat: 'terrace' } });
      expect(rare.statusCode).toBe(400);
      expect(Object.keys(rare.json().errors)).toEqual(['rareFormat']);

      const created = await call('POST', '/api/admin/content/stories/', { values });
      expect(created.statusCode, created.body).toBe(201);
      const item = created.json() as Item;
      const [card] = await cardsOf('admin-story');
      expect(card).toMatchObject({ story: 'admin-story', kind: 'picture', title: 'A card', image: { src: picture.src }, link: null });
      const twice = await call('POST', '/api/admin/content/stories/', { values });
      expect(twice.statusCode).toBe(400);
      expect(Object.keys(twice.json().errors)).toEqual(['slug']);

      const removed = await call('DELETE', `/api/admin/content/stories/${item.id}/?version=${item.version}`);
      expect(removed.statusCode, removed.body).toBe(200);
      expect((await publicJson('/api/stories_mobile/?lang=en')).results.map((s: { slug: string }) => s.slug)).not.toContain('admin-story');
      // A deleted item has no page of its own: its history is the audit trail's (the back office's journal lists it).
      const [deletion] = await t.services.contentEditor.history('stories', item.id);
      expect(deletion).toMatchObject({ action: 'delete', after: null });
      // The answer names that entry: the back office's list offers to revert the deletion from it.
      expect(removed.json().auditId).toBe(deletion!.id);
      expect((await call('POST', `/api/admin/content/revert/${deletion!.id}/`, {})).statusCode).toBe(200);
      expect((await cardsOf('admin-story')).map((c) => c.title)).toEqual(['A card']);
    });
  });

  describe('benefits', () => {
    type Benefit = { id: number; title: string; project: string | null };
    const POPUP = '/api/benefits_popup/?project=2&lang=en';
    const PAGE = '/api/benefits_project_page/?project=2&lang=en';

    it('changes a benefit: the dialog and the project page follow, a bad field is named, a revert restores it', async () => {
      const list = (await call('GET', '/api/admin/content/benefits/')).json().items as Item[];
      const benefit = list.find((b) => b.values.projectId === 2 && b.values.inPopup === true)!;
      const url = `/api/admin/content/benefits/${benefit.id}/`;
      const shown = async (where: string) => ((await publicJson(where)).results as Benefit[]).find((b) => b.id === Number(benefit.id));
      const before = (benefit.values.title as { en: string }).en;
      expect((await shown(POPUP))!.title).toBe(before);

      const icon = await call('PUT', url, { version: benefit.version, values: { ...benefit.values, icon: 'rocket' } });
      expect(icon.statusCode).toBe(400);
      expect(Object.keys(icon.json().errors)).toEqual(['icon']);
      const nowhere = await call('PUT', url, { version: benefit.version, values: { ...benefit.values, inPopup: false, onPage: false } });
      expect(nowhere.statusCode).toBe(400);
      expect(nowhere.json().errors).toEqual({ onPage: ['Choose where it is shown: in the dialog, on the project page, or both.'] });

      const title = { ...(benefit.values.title as object), en: 'A renamed benefit' };
      const saved = await call('PUT', url, { version: benefit.version, values: { ...benefit.values, title, inPopup: false, onPage: true } });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(await shown(POPUP)).toBeUndefined();
      expect((await shown(PAGE))!.title).toBe('A renamed benefit');
      const [update] = await history(url);
      expect(update).toMatchObject({
        action: 'update',
        before: { title: { en: before }, inPopup: true },
        after: { title: { en: 'A renamed benefit' }, inPopup: false },
      });
      expect((await call('POST', `/api/admin/content/revert/${update!.id}/`, {})).statusCode).toBe(200);
      expect((await shown(POPUP))!.title).toBe(before);
    });

    it("adds the developer's benefit, said with every project", async () => {
      const values = {
        title: text('Общее преимущество', 'A shared benefit', '共同优势'),
        text: text('Текст', 'Its text', '文本'),
        icon: 'check',
        projectId: null,
        inPopup: true,
        onPage: true,
        published: true,
        position: 99,
      };
      const created = await call('POST', '/api/admin/content/benefits/', { values });
      expect(created.statusCode, created.body).toBe(201);
      for (const project of [1, 2])
        expect(((await publicJson(`/api/benefits_popup/?project=${project}&lang=en`)).results as Benefit[]).at(-1)).toMatchObject({
          title: 'A shared benefit',
          project: null,
        });
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

  describe('auctions', () => {
    type Auction = {
      id: number;
      lotId: number;
      status: string;
      startPrice: number;
      minStep: number;
      plannedEndsAt: string;
      bidCount: number;
      result: string | null;
    };
    const HOUR = 3600_000;
    const shown = async (id: string | number) => ((await publicJson(`/api/auction/${id}/?lang=en`)) as { auction: Auction }).auction;
    /** A visitor's bid, through the public form's API. */
    const bid = async (id: string, amount: number, phone: string) => {
      const url = `/api/auction/${id}/bid/`;
      const res = await t.app.inject({
        method: 'POST',
        url,
        remoteAddress: `10.77.0.${phone.slice(-1)}`,
        headers: browserHeaders(t.config, url),
        payload: { name: 'Борис', phone, consent: true, amount },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    /** Free lots no auction names, for new auctions. */
    const freeLots = async (n: number) => {
      const result = await t.services.database.db.execute<{ id: number }>(
        sql`select id from lots where status = 'free' and id not in (select lot_id from auctions) order by id limit ${n}`,
      );
      return ((Array.isArray(result) ? result : (result as { rows: { id: number }[] }).rows) as { id: number }[]).map((r) => r.id);
    };

    it('holds the demo auctions valid for their description', async () => {
      await seedDemoAuctions(t.services.database.db);
      const items = (await call('GET', '/api/admin/content/auctions/')).json().items as Item[];
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(contentKind('auctions')!.schema.safeParse(item.values).success, item.id).toBe(true);
    });

    it('announces an auction and changes its terms until bids come; then its bids fix them, and it is neither deleted nor reverted away', async () => {
      const [lot, otherLot] = await freeLots(2);
      const now = Date.now();
      const values = {
        lotId: lot!,
        startPrice: 5_000_000,
        minStep: 50_000,
        startsAt: new Date(now - HOUR).toISOString(),
        plannedEndsAt: new Date(now + 48 * HOUR).toISOString(),
        extendMinutes: 5,
        result: null,
      };
      const bad = await call('POST', '/api/admin/content/auctions/', { values: { ...values, plannedEndsAt: values.startsAt, minStep: 0 } }, 'ru');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toMatchObject({ plannedEndsAt: ['Окончание должно быть позже начала.'] });
      expect(Object.keys(bad.json().errors).sort()).toEqual(['minStep', 'plannedEndsAt']);
      const unknown = await call('POST', '/api/admin/content/auctions/', { values: { ...values, lotId: 999_999_999 } });
      expect(unknown.json().errors).toEqual({ lotId: ['The catalogue has no lot with this number.'] });

      const created = await call('POST', '/api/admin/content/auctions/', { values });
      expect(created.statusCode, created.body).toBe(201);
      const item = created.json() as Item;
      expect(item.publicPath).toBe(`/auctions/${item.id}`);
      expect(await shown(item.id)).toMatchObject({ lotId: lot, status: 'live', startPrice: 5_000_000, minStep: 50_000, bidCount: 0 });
      // One auction of a lot at a time.
      const overlap = await call('POST', '/api/admin/content/auctions/', { values: { ...values, startsAt: new Date(now + HOUR).toISOString() } });
      expect(overlap.statusCode).toBe(400);
      expect(Object.keys(overlap.json().errors)).toEqual(['lotId']);

      // Before any bid, every term may change.
      const url = `/api/admin/content/auctions/${item.id}/`;
      const cheaper = await call('PUT', url, { version: item.version, values: { ...values, startPrice: 4_900_000 } });
      expect(cheaper.statusCode, cheaper.body).toBe(200);
      expect((await shown(item.id)).startPrice).toBe(4_900_000);
      const [update] = await history(url);
      expect(update).toMatchObject({ action: 'update', before: { startPrice: 5_000_000 }, after: { startPrice: 4_900_000 } });

      // A visitor bids.
      await bid(item.id, 4_900_000, '+7 917 555-01-02');
      expect(await shown(item.id)).toMatchObject({ bidCount: 1, startPrice: 4_900_000 });

      // Now the lot, start price, step and start are the bids' terms.
      const current = (await call('GET', url)).json() as Item;
      for (const [field, value] of [
        ['startPrice', 4_800_000],
        ['lotId', otherLot],
        ['minStep', 10_000],
        ['startsAt', new Date(now - 2 * HOUR).toISOString()],
      ] as const) {
        const refused = await call('PUT', url, { version: current.version, values: { ...current.values, [field]: value } }, 'ru');
        expect(refused.statusCode, field).toBe(400);
        expect(refused.json().errors).toEqual({ [field]: ['На аукционе уже есть ставки: его лот, начальную цену, шаг и начало менять нельзя.'] });
      }
      const revertPrice = await call('POST', `/api/admin/content/revert/${update!.id}/`, {});
      expect(revertPrice.statusCode).toBe(400);
      expect(Object.keys(revertPrice.json().errors)).toEqual(['startPrice']);
      expect(revertPrice.json().detail).toBe('The auction has bids: its lot, start price, step and start can no longer change.');
      const removed = await call('DELETE', `${url}?version=${current.version}`);
      expect(removed.statusCode, removed.body).toBe(400);
      expect(Object.keys(removed.json().errors)).toEqual(['result']);
      expect(await shown(item.id)).toMatchObject({ bidCount: 1, startPrice: 4_900_000, lotId: lot });

      // Its end and result stay the sales team's: a later end, then cancelled, and the revert puts the end back.
      const later = new Date(now + 72 * HOUR).toISOString();
      const moved = await call('PUT', url, { version: current.version, values: { ...current.values, plannedEndsAt: later } });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await shown(item.id)).plannedEndsAt).toBe(later);
      const [endChange] = await history(url);
      expect((await call('POST', `/api/admin/content/revert/${endChange!.id}/`, {})).statusCode).toBe(200);
      expect((await shown(item.id)).plannedEndsAt).toBe(values.plannedEndsAt);
      const again = (await call('GET', url)).json() as Item;
      const cancelled = await call('PUT', url, { version: again.version, values: { ...again.values, result: 'cancelled' } });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect((cancelled.json() as Item).values.result).toBe('cancelled');
    });

    it('deletes an auction without bids, and a revert brings it back; a revert never deletes one with bids', async () => {
      const [lot, liveLot] = await freeLots(2);
      const now = Date.now();
      const values = {
        lotId: lot!,
        startPrice: 3_000_000,
        minStep: 10_000,
        startsAt: new Date(now + 24 * HOUR).toISOString(),
        plannedEndsAt: new Date(now + 48 * HOUR).toISOString(),
        extendMinutes: 0,
        result: null,
      };
      const item = (await call('POST', '/api/admin/content/auctions/', { values })).json() as Item;
      expect((await shown(item.id)).status).toBe('scheduled');
      const url = `/api/admin/content/auctions/${item.id}/`;
      const deleted = await call('DELETE', `${url}?version=${item.version}`);
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect((await t.app.inject(`/api/auction/${item.id}/`)).statusCode).toBe(404);
      // The item is gone, so it has no page to show its history: the audit trail has it.
      const [deletion] = await t.services.contentEditor.history('auctions', item.id);
      expect(deletion).toMatchObject({ action: 'delete', after: null });
      expect((await call('POST', `/api/admin/content/revert/${deletion!.id}/`, {})).statusCode).toBe(200);
      expect(await shown(item.id)).toMatchObject({ lotId: lot, startPrice: 3_000_000, status: 'scheduled' });

      const live = (
        await call('POST', '/api/admin/content/auctions/', {
          values: { ...values, lotId: liveLot!, startsAt: new Date(now - HOUR).toISOString() },
        })
      ).json() as Item;
      await bid(live.id, 3_000_000, '+7 917 555-01-07');
      const [create] = await history(`/api/admin/content/auctions/${live.id}/`);
      expect(create).toMatchObject({ action: 'create', before: null });
      const refused = await call('POST', `/api/admin/content/revert/${create!.id}/`, {});
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errors).toEqual({ result: ['The auction has bids: it cannot be deleted. To stop it, set its result to "Cancelled".'] });
      expect(await shown(live.id)).toMatchObject({ bidCount: 1, status: 'live' });
    });
  });
});
