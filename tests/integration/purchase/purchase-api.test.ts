import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applies, financeDay, quote, schedule } from '#core/purchase/payments.ts';
import { DEFAULT_TERMS, FLAT_ONLY_KINDS, type FinanceProgramme } from '#core/purchase/types.ts';
import { financeProgrammes } from '#server/db/schema/index.ts';
import { ensureBankLogos } from '#server/modules/purchase/logos.ts';
import { writeOffers } from '#server/modules/purchase/offers.ts';
import { ENGINES } from '#tests/support/db.ts';
import { testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';

type Offer = {
  id: string;
  kind: string;
  mortgageKind: string | null;
  name: string;
  bank: { id: string; name: string; logo: { src: string; url: string } | null } | null;
  realtyTypes: string[];
  payment: { price: number; monthly: number; monthlyKopecks: number; termMonths: number; downPaymentPercent: number; totalKopecks: number } | null;
  schedule?: { month: number; paymentKopecks: number; balanceKopecks: number }[];
};
type List = { count: number; results: Offer[]; quoted_at: { price: number | null; down_payment: number; term: number } };

describe.each(ENGINES)('purchase API on %s', (engine) => {
  let t: TestApp;
  const media = mkdtempSync(join(tmpdir(), 'purchase-media-'));
  const get = async (url: string) => {
    const res = await t.app.inject(url);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
    return res.json();
  };
  const bad = async (url: string, field: string) => {
    const res = await t.app.inject(url);
    expect(res.statusCode, url).toBe(400);
    expect(Object.keys(res.json().errors), url).toEqual([field]);
    expect(res.json().detail, url).toBe(`Invalid query parameters: ${field}`);
  };
  const programmes = async (): Promise<FinanceProgramme[]> => (await t.services.finance.data()).programmes;

  beforeAll(async () => {
    t = await testAppWithCatalogue(engine, { MEDIA_DIR: media });
    // A programme that ended and one not started yet: neither may appear anywhere.
    await writeOffers(t.services.database.db, {
      programmes: [
        {
          id: 'old-offer',
          kind: 'mortgage',
          bank: 'nord',
          mortgage_kind: 'standard',
          name: { ru: 'Старое', en: 'Old', zh: '旧' },
          conditions: { ru: '-', en: '-', zh: '-' },
          rate: 0.5,
          min_down_payment: 0,
          max_term_months: 360,
          lot_types: ['flat', 'parking', 'pantry', 'commercial'],
          valid_from: '2020-01-01',
          valid_to: '2020-12-31',
        },
        {
          id: 'future-plan',
          kind: 'installment',
          name: { ru: 'Будущая', en: 'Future', zh: '未来' },
          conditions: { ru: '-', en: '-', zh: '-' },
          markup: 0,
          min_down_payment: 0,
          max_term_months: 12,
          lot_types: ['flat', 'parking', 'pantry', 'commercial'],
          valid_from: '2099-01-01',
        },
      ],
    });
    t.services.finance.invalidate();
  }, 180_000);
  afterAll(async () => {
    await t?.dispose();
    rmSync(media, { recursive: true, force: true });
  });

  it('lists the bank offers that apply to a project and kind, each quoted with core quote(), lowest monthly payment first', async () => {
    const body: List = await get('/api/new/loan_offer/?project=2&realty_type=flat&price=12000000&down_payment=25&term=240&lang=en');
    expect(body.count).toBeGreaterThan(3);
    expect(body.quoted_at).toEqual({ price: 12_000_000, down_payment: 25, term: 240 });
    const all = await programmes();
    const day = financeDay();
    const lot = { id: 'x', projectId: '2', type: 'flat' as const, offer: 'sale' as const, price: 12_000_000 };
    const expected = all.filter((p) => (p.kind === 'mortgage' || p.kind === 'special') && applies(p, lot, day));
    expect(body.results.map((o) => o.id).sort()).toEqual(expected.map((p) => p.id).sort());
    for (const offer of body.results) {
      const p = all.find((x) => x.id === offer.id)!;
      const q = quote(p, 12_000_000, { downPaymentPercent: 25, termMonths: 240 })!;
      expect(offer.payment).toMatchObject({ monthlyKopecks: q.monthlyKopecks, monthly: q.monthly, totalKopecks: q.totalKopecks, termMonths: q.termMonths });
      expect(offer.bank?.name).toBeTruthy();
    }
    const monthly = body.results.map((o) => o.payment!.monthlyKopecks);
    expect(monthly).toEqual([...monthly].sort((a, b) => a - b));
    // English texts; the same offer in Chinese.
    expect(body.results.find((o) => o.id === 'nord-family')?.name).toBe('Family mortgage');
    const zh: List = await get('/api/new/loan_offer/?project=2&realty_type=flat&lang=zh');
    expect(zh.results.find((o) => o.id === 'nord-family')?.name).toBe('家庭房贷');
  });

  it('quotes at the typical price of the lots on sale when no price is given, at DEFAULT_TERMS', async () => {
    const init = await get('/api/new/loan_offer/initial_params/?project=2&realty_type=flat');
    const body: List = await get('/api/new/loan_offer/?project=2&realty_type=flat');
    expect(body.quoted_at).toEqual({ price: init.params.price, down_payment: DEFAULT_TERMS.downPaymentPercent, term: DEFAULT_TERMS.termMonths });
    const all = await programmes();
    for (const offer of body.results)
      expect(offer.payment!.monthlyKopecks).toBe(
        quote(
          all.find((p) => p.id === offer.id)!,
          init.params.price,
        )!.monthlyKopecks,
      );
  });

  it('never offers the family, IT or military mortgage for parking, storage or commercial premises', async () => {
    for (const type of ['parking', 'pantry', 'commercial']) {
      const body: List = await get(`/api/new/loan_offer/?project=2&realty_type=${type}`);
      for (const offer of body.results) {
        expect(FLAT_ONLY_KINDS).not.toContain(offer.mortgageKind);
        expect(offer.realtyTypes).toContain(type);
      }
    }
    const commercial: List = await get('/api/new/loan_offer/?project=2&realty_type=commercial');
    expect(commercial.results.map((o) => o.id)).toEqual(['uralkredit-commercial']);
    const family: List = await get('/api/new/loan_offer/?realty_type=parking&mortgage_kind=family');
    expect(family.count).toBe(0);
  });

  it('shows only programmes in force today', async () => {
    const ids = async (url: string) => ((await get(url)) as List).results.map((o) => o.id);
    const loans = await ids('/api/new/loan_offer/?limit=200');
    const plans = await ids('/api/new/installment/?limit=200');
    const specials = await ids('/api/special_mortgage_offer/?limit=200');
    for (const gone of ['old-offer', 'future-plan', 'nord-summer-special']) expect([...loans, ...plans, ...specials]).not.toContain(gone);
    const day = financeDay();
    for (const p of await programmes()) if (p.validFrom > day || (p.validTo && p.validTo < day)) expect([...loans, ...plans, ...specials]).not.toContain(p.id);
    expect(specials).toEqual(['stolitsa-winter-special']);
  });

  it('narrows by bank and mortgage kind', async () => {
    const byBank: List = await get('/api/new/loan_offer/?project=2&realty_type=flat&bank=nord');
    expect(byBank.results.map((o) => o.bank?.id)).toEqual(byBank.results.map(() => 'nord'));
    expect(byBank.count).toBe(2);
    const byKind: List = await get('/api/new/loan_offer/?mortgage_kind=family,it');
    expect(new Set(byKind.results.map((o) => o.mortgageKind))).toEqual(new Set(['family', 'it']));
  });

  it('answers empty results for an unknown project, bank or a kind a project does not have', async () => {
    for (const url of [
      '/api/new/loan_offer/?project=999&realty_type=flat',
      '/api/new/loan_offer/?bank=nobody',
      '/api/new/installment/?project=999',
      '/api/special_mortgage_offer/?project=1',
      '/api/new/loan_offer/?project=4&realty_type=flat',
    ]) {
      const body: List = await get(url);
      expect(body.count, url).toBe(0);
      expect(body.results, url).toEqual([]);
    }
    const init = await get('/api/new/loan_offer/initial_params/?project=999&realty_type=flat');
    expect(init).toMatchObject({ count: 0, params: { price: null }, bounds: { price: null } });
    expect((await get('/api/new/loan_offer/facets/?project=999')).count).toBe(0);
  });

  it('refuses bad parameters with a 400 naming the field', async () => {
    await bad('/api/new/loan_offer/?realty_type=villa', 'realty_type');
    await bad('/api/new/loan_offer/?price=cheap', 'price');
    await bad('/api/new/loan_offer/?price=0', 'price');
    await bad('/api/new/loan_offer/?down_payment=101', 'down_payment');
    await bad('/api/new/loan_offer/?term=12.5', 'term');
    await bad('/api/new/loan_offer/?term=0', 'term');
    await bad('/api/new/loan_offer/?mortgage_kind=cheap', 'mortgage_kind');
    await bad('/api/new/loan_offer/?project=2%3B1', 'project');
    await bad('/api/new/loan_offer/?bank=Nord!', 'bank');
    await bad('/api/new/loan_offer/?lang=de', 'lang');
    await bad('/api/new/loan_offer/?limit=0', 'limit');
    await bad('/api/new/loan_offer/initial_params/?realty_type=house', 'realty_type');
    await bad('/api/new/loan_offer/facets/?down_payment=-1', 'down_payment');
    await bad('/api/new/installment/?schedule=maybe', 'schedule');
    await bad('/api/new/installment/initial_params/?project=%00', 'project');
    await bad('/api/special_mortgage_offer/initial_params/?flat=abc', 'flat');
    await bad('/api/purchase_informer/?purchase_type=leasing', 'purchase_type');
    await bad('/api/new/loan_offer/specs/?lang=fr', 'lang');
  });

  it('gives the calculator starting values: typical price, DEFAULT_TERMS clamped into the offers, slider bounds', async () => {
    const flats = await get('/api/new/loan_offer/initial_params/?project=2&realty_type=flat');
    const facets = await t.services.catalogue.facets({ project: ['2'], type: ['flat'] }, 'ru');
    expect(flats.params).toMatchObject({ project: '2', realty_type: 'flat', down_payment: 20, term: 360 });
    expect(flats.bounds.price).toEqual(facets.items.price!.range);
    expect(flats.params.price).toBeGreaterThanOrEqual(flats.bounds.price.min);
    expect(flats.params.price).toBeLessThanOrEqual(flats.bounds.price.max);
    expect(flats.bounds.down_payment).toEqual({ min: 15, max: 90 });
    expect(flats.bounds.term).toEqual({ min: 12, max: 360 });
    // The commercial mortgage asks 30 % down over at most 15 years.
    const commercial = await get('/api/new/loan_offer/initial_params/?project=2&realty_type=commercial');
    expect(commercial.params).toMatchObject({ down_payment: 30, term: 180 });
    // Instalment plans: parking is paid off in 6 months with half down.
    const parking = await get('/api/new/installment/initial_params/?project=3&realty_type=parking');
    expect(parking.params).toMatchObject({ down_payment: 30, term: 18 });
    expect(parking.bounds.term).toEqual({ min: 1, max: 18 });
  });

  it('lists instalment plans with their schedule on request, the last payment settling the kopecks', async () => {
    const body: List = await get('/api/new/installment/?project=2&realty_type=flat&price=10000000&down_payment=30&term=18&schedule=true');
    expect(body.results.map((o) => o.id).sort()).toEqual(['installment-construction', 'installment-long']);
    const all = await programmes();
    for (const offer of body.results) {
      const p = all.find((x) => x.id === offer.id)!;
      const q = quote(p, 10_000_000, { downPaymentPercent: 30, termMonths: 18 })!;
      expect(offer.payment!.monthlyKopecks).toBe(q.monthlyKopecks);
      expect(offer.schedule).toEqual(schedule(p, q));
      expect(offer.schedule!.reduce((sum, row) => sum + row.paymentKopecks, 0)).toBe(q.totalKopecks);
      expect(offer.schedule!.at(-1)!.balanceKopecks).toBe(0);
      expect(offer.bank).toBeNull();
    }
    const plain: List = await get('/api/new/installment/?project=2&realty_type=flat');
    expect(plain.results[0]).not.toHaveProperty('schedule');
  });

  it('gives the special offers of one lot at its price, and none for a lot they do not cover', async () => {
    const flat = (await t.services.catalogue.filter({ project: ['2'], type: ['flat'], limit: 1 }, 'ru')).results[0]!;
    const body = await get(`/api/special_mortgage_offer/initial_params/?flat=${flat.id}&lang=en`);
    expect(body.params).toMatchObject({ flat: flat.id, project: '2', realty_type: 'flat', price: flat.price, down_payment: 30 });
    expect(body.offers.map((o: Offer) => o.id)).toEqual(['stolitsa-winter-special']);
    const special = (await programmes()).find((p) => p.id === 'stolitsa-winter-special')!;
    expect(body.offers[0].payment.monthlyKopecks).toBe(quote(special, flat.price, { downPaymentPercent: 30, termMonths: 360 })!.monthlyKopecks);
    const other = (await t.services.catalogue.filter({ project: ['3'], type: ['flat'], limit: 1 }, 'ru')).results[0]!;
    expect(await get(`/api/special_mortgage_offer/initial_params/?flat=${other.id}`)).toMatchObject({ count: 0, offers: [], params: { price: null } });
    expect(await get('/api/special_mortgage_offer/initial_params/?flat=999999999')).toMatchObject({ count: 0, offers: [], params: { project: null } });
  });

  it('describes each list with specs and counts its facets with the other items applied', async () => {
    const specs = await get('/api/new/loan_offer/specs/?lang=en');
    expect(specs.results.map((s: { name: string }) => s.name)).toEqual(['project', 'realty_type', 'bank', 'mortgage_kind', 'price', 'down_payment', 'term']);
    const kind = specs.results.find((s: { name: string }) => s.name === 'mortgage_kind');
    expect(kind.choices).toContainEqual({ value: 'family', label: 'Family mortgage' });
    const installmentSpecs = await get('/api/new/installment/specs/');
    expect(installmentSpecs.results.map((s: { name: string }) => s.name)).toEqual(['project', 'realty_type', 'price', 'down_payment', 'term']);
    const specialSpecs = await get('/api/special_mortgage_offer/specs/?lang=zh');
    expect(specialSpecs.results.find((s: { name: string }) => s.name === 'bank').choices).toEqual([{ value: 'stolitsa', label: '首都银行' }]);

    const facets = await get('/api/new/loan_offer/facets/?project=2&realty_type=flat');
    const list: List = await get('/api/new/loan_offer/?project=2&realty_type=flat&limit=200');
    expect(facets.count).toBe(list.count);
    expect(facets.items.realty_type.choices.flat).toBe(list.count);
    expect(facets.items.realty_type.choices.commercial).toBe(1);
    expect(facets.items.mortgage_kind.choices.family).toBe(2);
    const monthly = list.results.map((o) => o.payment!.monthly);
    expect(facets.items.monthly.range).toEqual({ min: Math.min(...monthly), max: Math.max(...monthly) });
    const installment = await get('/api/new/installment/facets/?realty_type=parking');
    expect(installment.items.markup.range).toEqual({ min: 0, max: 0 });
  });

  it('answers the informer in the visitor language: lowest rate, banks, lowest monthly payment', async () => {
    const ru = await get('/api/purchase_informer/?purchase_type=mortgage');
    expect(ru).toMatchObject({ purchaseType: 'mortgage', rate: await t.services.finance.minRate(), banks: 5 });
    expect(ru.title).toBe(`Ипотека от ${new Intl.NumberFormat('ru-RU').format(ru.rate)}\u00a0%`);
    expect(ru.monthlyFrom).toBeGreaterThan(0);
    const en = await get('/api/purchase_informer/?lang=en&project=2&realty_type=flat');
    expect(en.title).toMatch(/^Mortgage from \d+(\.\d+)?%$/);
    expect(en.text).toMatch(/partner banks, payments from [\d,]+ ₽ a month/);
    // The lowest payment of project 2's flats: the cheapest flat at the best programme, DEFAULT_TERMS.
    const cheapest = (await t.services.catalogue.filter({ project: ['2'], type: ['flat'], ordering: 'price', limit: 1 }, 'ru')).results[0]!;
    const lot = { id: cheapest.id, projectId: '2', type: 'flat' as const, offer: 'sale' as const, price: cheapest.price };
    const best = Math.min(
      ...(await programmes()).filter((p) => p.kind !== 'installment' && applies(p, lot, financeDay())).map((p) => quote(p, cheapest.price)!.monthly),
    );
    expect(en.monthlyFrom).toBe(best);
    const plans = await get('/api/purchase_informer/?purchase_type=installment&lang=zh');
    expect(plans).toMatchObject({ purchaseType: 'installment', rate: 0, banks: 0, programmes: 3 });
    expect(plans.title).toBe('分期付款，不加价');
    const none = await get('/api/purchase_informer/?project=999');
    expect(none).toMatchObject({ rate: null, banks: 0, programmes: 0, monthlyFrom: null });
  });

  it('gives bank logos as image proxy URLs that serve the drawn PNG', async () => {
    expect(await ensureBankLogos(media)).toBe(5);
    expect(await ensureBankLogos(media)).toBe(0);
    const body: List = await get('/api/new/loan_offer/?project=2&realty_type=flat');
    const logo = body.results[0]!.bank!.logo!;
    expect(logo.src).toMatch(/^banks\/[a-z]+\.png$/);
    expect(logo.url).toBe(`/img/_/h:40/dpr:2/plain/${logo.src}@png`);
    const image = await t.app.inject(logo.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('caches answers for 30 s like the catalogue', async () => {
    const res = await t.app.inject('/api/new/installment/');
    expect(res.headers['cache-control']).toBe('public, max-age=30');
  });

  it('follows the programmes table once the finance cache is invalidated', async () => {
    await t.services.database.db.delete(financeProgrammes);
    t.services.finance.invalidate();
    expect(((await get('/api/new/loan_offer/')) as List).count).toBe(0);
  });
});
