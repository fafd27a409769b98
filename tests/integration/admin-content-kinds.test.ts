import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '#tests/support/db.ts';
import { testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';
import { signedInStaff } from '#tests/support/admin.ts';

type Staffer = Awaited<ReturnType<typeof signedInStaff>>;
type Item = { id: string; version: string; values: Record<string, unknown>; publicPath: string | null };
type History = { id: string; action: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }[];
type Offer = { id: string; kind: string; name: string; rate: number; markup: number; bank: { id: string } | null };

const text = (ru: string, en = '', zh = '') => ({ ru, en, zh });

/**
 * The kinds of content added to the engine after ADR 026 (finance programmes, …), on each engine: an editor's valid
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
      headers: { ...editor.headers(url.split('?')[0]!), cookie: `${editor.headers('/').cookie}; admin_locale=${locale}` },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const publicJson = async (url: string) => {
    const res = await t.app.inject(url);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.json();
  };
  const history = async (url: string) => (await call('GET', url)).json().history as History;

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
});
