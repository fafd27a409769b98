import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LotCard } from '#core/catalogue/types.ts';
import type { Database } from '#server/db/client.ts';
import type { Services } from '#server/services.ts';
import type { FastifyInstance } from 'fastify';
import { pageApp } from '#tests/support/app.ts';
import { ENGINES } from '#tests/support/db.ts';
import { readPdf } from '#tests/support/pdf.ts';

/**
 * Kept artefacts (the lot sheet PDF, the portal feeds) follow every kind of data they show, as kept pages do: a
 * programme's new rate reaches the lot page, the API and the PDF alike, and new contacts reach the PDF and the feeds.
 */
describe.each(ENGINES)('kept artefacts on %s', (engine) => {
  let app: FastifyInstance;
  let database: Database;
  let services: Services;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ app, database, services, dispose } = await pageApp(engine));
  }, 180_000);
  afterAll(async () => dispose?.());

  const html = (url: string) => app.inject({ url, headers: { accept: 'text/html', 'user-agent': 'Mozilla/5.0 Chrome/131.0' } });
  /** A flat whose "from N ₽ a month" comes from a bank's programme, as the API gives it. */
  async function mortgagedFlat(): Promise<LotCard> {
    const page = (await app.inject('/api/filter/?type=flat&limit=200&lang=ru')).json<{ results: LotCard[] }>();
    const lot = page.results.find((l) => l.payment && l.payment.kind !== 'installment' && l.payment.bankName);
    expect(lot).toBeDefined();
    return lot!;
  }
  /** The lot as every surface shows it now: its page, its card in the API, its PDF sheet's text. */
  async function surfaces(lot: LotCard) {
    const api = (await app.inject(`/api/filter/?type=flat&limit=200&lang=ru`)).json<{ results: LotCard[] }>().results.find((l) => l.id === lot.id)!;
    const page = await html(lot.url);
    expect(page.statusCode).toBe(200);
    const pdf = await app.inject(`/pdf/ru/lots/${lot.id}.pdf`);
    expect(pdf.statusCode).toBe(200);
    // Words as a reader reads them: a wrapped line or a no-break space is one space.
    const words = (text: string) => text.replace(/\s+/g, ' ');
    return { api, page: words(page.body), pdf: words(readPdf(pdf.rawPayload).text), etag: String(pdf.headers.etag) };
  }

  it("shows a programme's new rate and monthly payment on the lot page, in the API and in the PDF sheet", async () => {
    const lot = await mortgagedFlat();
    const programme = lot.payment!.programmeId;
    const before = await surfaces(lot);
    const oldRate = `${lot.payment!.rate.toLocaleString('ru-RU')} %`;
    const money = (roubles: number) => roubles.toLocaleString('ru-RU').replace(/\s/g, ' ');
    expect(before.pdf).toContain(oldRate);
    expect(before.pdf).toContain(money(before.api.payment!.monthly));

    const rate = Math.round((lot.payment!.rate - 0.4) * 100) / 100;
    await database.db.execute(sql`update finance_programmes set rate = ${rate} where id = ${programme}`);
    await services.versions.check();

    const after = await surfaces(lot);
    const newRate = `${rate.toLocaleString('ru-RU')} %`;
    expect(after.api.payment).toMatchObject({ programmeId: programme, rate });
    expect(after.api.payment!.monthly).toBeLessThan(before.api.payment!.monthly);
    const monthly = money(after.api.payment!.monthly);
    expect(after.page).toContain(newRate);
    expect(after.page).toContain(monthly);
    expect(after.pdf).toContain(newRate);
    expect(after.pdf).toContain(monthly);
    expect(after.pdf).not.toContain(oldRate);
    // The payment line says the programme, then its terms, the down payment once: «Банк, 4,1 %; первый взнос 30 %, 30 лет».
    expect(after.pdf).toContain(`${newRate}; первый взнос`);
    expect(after.pdf).not.toMatch(/· взнос \d+ %; первый взнос/);
    expect(after.etag).not.toBe(before.etag);
  });

  it("prints the site's new phone on the PDF sheet and in the portal feeds", async () => {
    const lot = await mortgagedFlat();
    const feed = await app.inject('/feeds/yandex.xml');
    await app.inject(`/pdf/ru/lots/${lot.id}.pdf`);
    await database.db.execute(sql`update site_settings set phones = jsonb_set(phones, '{0,number}', '"+74950001122"')`);
    await services.versions.check();
    const settings = await services.settings.get('ru');
    expect(settings.phones[0]!.number).toBe('+74950001122');
    const pdf = readPdf((await app.inject(`/pdf/ru/lots/${lot.id}.pdf`)).rawPayload);
    expect(pdf.text).toContain('+7 495 000-11-22');
    const fresh = await app.inject('/feeds/yandex.xml');
    expect(fresh.headers.etag).not.toBe(feed.headers.etag);
    expect(fresh.body).toContain('+74950001122');
  });
});
