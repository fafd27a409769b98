import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LotCard } from '#core/catalogue/types.ts';
import { financeDay, monthsToCompletion } from '#core/purchase/payments.ts';
import type { Database } from '#server/db/client.ts';
import { leads } from '#server/db/schema/index.ts';
import { crmPayload } from '#server/modules/leads/payload.ts';
import type { Services } from '#server/services.ts';
import { pageApp } from '#tests/support/app.ts';
import { ENGINES } from '#tests/support/db.ts';
import { visibleText } from '#tests/support/html-text.ts';

type Offer = {
  id: string;
  kind: string;
  name: string;
  terms: string;
  rate: number;
  markup: number;
  maxTermMonths: number;
  untilCompletion: boolean;
  payment: { termMonths: number } | null;
};

/** Each offer's terms line on a page (app/components/purchase/offers.tsx `data-programme-terms`). */
const pageTerms = (html: string) => [...html.matchAll(/data-programme-terms[^>]*>([^<]*)</g)].map((m) => visibleText(m[1]!));

/**
 * Offers say only what their programmes say (issue #38, finding 6): what a purchase page, the lot page and the API
 * say of a programme is made from its own fields, one fact across every surface that shows it.
 */
describe.each(ENGINES)('offer texts on %s', (engine) => {
  let app: FastifyInstance;
  let database: Database;
  let services: Services;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ app, database, services, dispose } = await pageApp(engine));
  }, 180_000);
  afterAll(async () => dispose?.());

  const page = async (url: string) => {
    const res = await app.inject({ url, headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 Chrome/131.0' } });
    expect(res.statusCode, url).toBe(200);
    return res.body;
  };
  const api = async <T>(url: string) => {
    const res = await app.inject(url);
    expect(res.statusCode, url).toBe(200);
    return res.json<T>();
  };

  it("the instalment page says each plan's own markup, and no interest-free claim beside a plan that marks up", async () => {
    for (const [lang, prefix, claim] of [
      ['ru', '', /Проценты не начисляются/],
      ['en', '/en', /No interest is charged/],
      ['zh', '/zh', /不收取利息/],
    ] as const) {
      const plans = (await api<{ results: Offer[] }>(`/api/new/installment/?realty_type=flat&lang=${lang}&limit=50`)).results;
      expect(plans.some((p) => p.markup > 0)).toBe(true);
      const html = await page(`${prefix}/purchase/installment`);
      expect(visibleText(html)).not.toMatch(claim);
      expect(pageTerms(html).sort()).toEqual(plans.map((p) => p.terms).sort());
      const marked = plans.find((p) => p.markup > 0)!;
      expect(marked.terms).toContain(lang === 'ru' ? `Удорожание ${marked.markup}\u00a0%` : `${marked.markup}%`);
    }
  });

  it("the mortgage page says each programme's own rate, down payment and term, as the API does", async () => {
    const loans = (await api<{ results: Offer[] }>('/api/new/loan_offer/?realty_type=flat&lang=ru&limit=50')).results;
    const html = await page('/purchase/mortgage');
    expect(pageTerms(html).sort()).toEqual(loans.map((p) => p.terms).sort());
    for (const loan of loans) expect(loan.terms).toContain(`Ставка ${loan.rate.toLocaleString('ru-RU')}\u00a0%`);
    // No programme carries its rate in its name.
    for (const loan of loans) expect(loan.name).not.toMatch(/%/);
  });

  it('caps a plan "until completion" by the months its building has left, on the lot page, in the API and in the request the sales team gets', async () => {
    const flats = (await api<{ results: LotCard[] }>('/api/filter/?project=2&type=flat&status=free&limit=50&lang=ru')).results;
    const lot = flats.find((l) => l.completion)!;
    expect(lot).toBeDefined();
    // Its building is due at the end of the quarter six months from now: 6 to 8 months left, fewer than the plan's 18.
    const day = financeDay();
    const due = new Date(`${day}T00:00:00Z`);
    due.setUTCMonth(due.getUTCMonth() + 6);
    const completion = `${due.getUTCFullYear()}-Q${Math.floor(due.getUTCMonth() / 3) + 1}`;
    const left = monthsToCompletion(completion, day)!;
    expect(left).toBeLessThan(18);
    await database.db.execute(sql`update buildings set completion = ${completion} where id = ${Number(lot.buildingId)}`);
    await database.db.execute(sql`update lots set completion = ${completion} where building_id = ${Number(lot.buildingId)}`);
    await services.versions.check();
    await services.catalogue.refresh();

    const plans = (await api<{ results: Offer[] }>(`/api/new/installment/?flat=${lot.id}&term=18&down_payment=30&lang=ru`)).results;
    const plan = plans.find((p) => p.untilCompletion)!;
    expect(plan).toMatchObject({ maxTermMonths: left, payment: { termMonths: left } });
    expect(plan.terms).toContain(`срок до ${left} месяцев, но не позже сдачи дома`);
    // Without a lot, the plan's own term.
    const general = (await api<{ results: Offer[] }>('/api/new/installment/?project=2&realty_type=flat&lang=ru')).results.find((p) => p.id === plan.id)!;
    expect(general.maxTermMonths).toBe(18);

    const html = await page(`${lot.url}?months=18&down=30`);
    expect(pageTerms(html)).toContain(plan.terms);
    expect(visibleText(html)).not.toContain('срок до 18 месяцев, но не позже сдачи дома');

    // The request sent from the lot's calculator reaches the sales team with the term the lot is offered, not the 18 asked.
    const outcome = await services.leads.submit(
      'request',
      {
        name: 'Анна',
        phone: `+7916${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
        consent: true,
        type: 'lot',
        project: lot.projectId,
        lot: lot.id,
        programme: plan.id,
        price: lot.price,
        down_payment: Math.round(lot.price * 0.3),
        term_months: 18,
      },
      { locale: 'ru', ip: '127.0.0.1', idempotencyKey: randomUUID(), source: 'api' },
    );
    if (outcome.type !== 'accepted') throw new Error(`not accepted: ${JSON.stringify(outcome)}`);
    const [row] = await database.db.select().from(leads).where(eq(leads.id, outcome.answer.id));
    expect(crmPayload(row!).context).toMatchObject({ programme: plan.id, term_months: left });
  });

  it('writes every percentage as its language does: the card, the top bar and the lot page in en; ru with a no-break space', async () => {
    const cards = (await api<{ results: LotCard[] }>('/api/filter/?type=flat&limit=200&lang=en')).results;
    const lot = cards.find((l) => l.payment?.bankName)!;
    const rate = `${lot.payment!.rate}%`;
    const top = await services.finance.minRate();
    const lotPage = lot.url.startsWith('/en/') ? lot.url : `/en${lot.url}`;
    for (const url of ['/en/filter?type=flat', lotPage, '/en/purchase/mortgage']) {
      const text = visibleText(await page(url));
      expect(text, url).toContain(`Mortgage from ${top}%`);
      expect(text, url).not.toMatch(/\d[\s\u00a0\u202f]%/);
    }
    expect(visibleText(await page(lotPage))).toContain(rate);
    for (const url of ['/filter?type=flat', '/purchase/mortgage']) {
      const text = visibleText(await page(url));
      expect(text, url).toContain(`Ипотека от ${top!.toLocaleString('ru-RU')}\u00a0%`);
      expect(text, url).not.toMatch(/\d[ \u202f]?%/);
    }
  });
});
