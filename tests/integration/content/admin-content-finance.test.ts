import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '#tests/support/db.ts';
import { testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';
import { signedInStaff } from '#tests/support/admin.ts';
import { editorCalls, text, type Item, type Staffer } from './admin-content-setup.ts';

type Offer = { id: string; kind: string; name: string; rate: number; markup: number; bank: { id: string } | null };

/**
 * Finance programmes and the partner banks they name, on each engine: an editor's valid change reaches the public
 * offers at once, a bad field is a 400 naming it in the editor's language (the offers import's rules), the audit
 * trail holds before and after, a revert puts the public answer back, and a bank its programmes name stays.
 */
describe.each(ENGINES)('content kinds on %s: finance programmes and banks', (engine) => {
  let t: TestApp;
  let editor: Staffer;

  beforeAll(async () => {
    t = await testAppWithCatalogue(engine);
    editor = await signedInStaff(t, 'editor');
  }, 180_000);
  afterAll(async () => t?.dispose());
  const { call, publicJson, history } = editorCalls(() => ({ t, editor }));

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

    it('refuses a name that carries a rate, in each language, with the form’s own message; nothing is written', async () => {
      const offer = (await loans()).find((o) => o.kind === 'mortgage')!;
      const url = `/api/admin/content/programmes/${offer.id}/`;
      const item = (await call('GET', url)).json() as Item;
      const named = (name: ReturnType<typeof text>, lang: 'ru' | 'en') => call('PUT', url, { version: item.version, values: { ...item.values, name } }, lang);

      const ru = await named(text('Зимнее предложение: 4,5 %', 'Winter offer', '冬季优惠'), 'ru');
      expect(ru.statusCode).toBe(400);
      expect(ru.json().errors).toEqual({
        'name.ru': [
          'В названии не указывают ставку или проценты: ставка и удорожание — отдельные поля, сайт показывает их рядом с названием (например, «Зимнее предложение»).',
        ],
      });
      const en = await named(text('Зимнее предложение', 'Winter offer: 4.5%', '冬季优惠：4.5%'), 'en');
      expect(en.statusCode).toBe(400);
      expect(Object.keys(en.json().errors).sort()).toEqual(['name.en', 'name.zh']);
      expect(en.json().errors['name.en']).toEqual([
        'A name carries no rate or percentage: the rate and markup are fields of their own, shown beside the name (e.g. "Winter offer").',
      ]);
      expect((await call('GET', url)).json().version).toBe(item.version);
      expect((await loans()).find((o) => o.id === offer.id)!.name).toBe(offer.name);
    });

    it('creates an instalment plan that the public instalment offers list, and refuses its id twice', async () => {
      const values = {
        id: 'admin-plan',
        kind: 'installment',
        bankId: null,
        mortgageKind: null,
        name: text('Рассрочка без удорожания', 'Zero-markup plan', '分期'),
        conditions: text('Без удорожания', 'No markup', '无加价'),
        rate: 0,
        markup: 0,
        minDownPayment: 30,
        maxTermMonths: 12,
        untilCompletion: false,
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
});
