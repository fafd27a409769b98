import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BID_CEILING_STEPS, formatRoubles, type AuctionView } from '#core/auctions/auction.ts';
import { translatorOf } from '#core/i18n/all-catalogs.ts';
import en from '#core/i18n/catalogs/en/index.ts';
import ru from '#core/i18n/catalogs/ru/index.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { importAuctions } from '#server/modules/auctions/import.ts';
import { auctionBids, auctions, lots } from '#server/db/schema/index.ts';
import { browserHeaders, pageApp } from '#tests/support/app.ts';
import { ENGINES } from '#tests/support/db.ts';
import { fill, noScriptVisitor, type NoScriptPage } from '#tests/support/no-script.ts';
import { fetchVia } from '#tests/support/site.ts';

/**
 * An auction's ceiling (ADR 020, amended 2026-11-29: a bid is at most the best, or the start price before the first
 * bid, plus `BID_CEILING_STEPS` steps) is one fact read from the auction's row: the maximum the auction page states
 * beside the bid field, the API's `maximumBid`, and the maximum a refused bid is told — through the API and through
 * the page's form without JavaScript, in the visitor's language — are the same figure. The report's bid
 * (900 000 000 000 ₽ on a 32 M ₽ unit) is refused and changes nothing; a bid at the maximum is taken.
 */
const MIN = 60_000;
const START = 32_110_000;
const STEP = 100_000;
let phoneSeq = 0;
const nextPhone = () => `+7 916 555-${String(10 + Math.floor(phoneSeq / 90)).padStart(2, '0')}-${String(10 + (phoneSeq++ % 90))}`;

/** A label's text is the field's name and, for required fields, an asterisk. */
const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);
/** A field's message: its hint, or its error once refused (the control's aria-describedby). */
function messageOf(page: NoScriptPage, text: string, kind: 'hint' | 'error'): string {
  const control = page.main.getByLabelText(label(text));
  const id = (control.getAttribute('aria-describedby') ?? '').split(' ').find((part: string) => part.endsWith(`-${kind}`));
  return page.document.getElementById(id ?? '')?.textContent ?? '';
}

describe.each(ENGINES)('the ceiling of bids on %s', (engine) => {
  let t: Awaited<ReturnType<typeof pageApp>>;
  let id: number;

  beforeAll(async () => {
    t = await pageApp(engine, { CRM_WEBHOOK_URL: 'http://127.0.0.1:9/crm', CAPTCHA_MODE: 'off', LEADS_IP_LIMIT: '1000', LEADS_PHONE_LIMIT: '1000' });
    const db = t.services.database.db;
    const [lot] = await db.select({ id: lots.id }).from(lots).where(eq(lots.status, 'free')).orderBy(asc(lots.id)).limit(1);
    const now = Date.now();
    const row = {
      lot: lot!.id,
      start_price: START,
      min_step: STEP,
      starts_at: new Date(now - 60 * MIN).toISOString(),
      ends_at: new Date(now + 120 * MIN).toISOString(),
    };
    expect((await importAuctions(db, JSON.stringify([row]))).rejected).toEqual([]);
    id = (await db.select({ id: auctions.id }).from(auctions).where(eq(auctions.lotId, lot!.id)))[0]!.id;
  }, 180_000);
  afterAll(async () => t?.dispose());

  const api = async (lang: Locale): Promise<AuctionView> => (await t.app.inject({ url: `/api/auction/${id}/?lang=${lang}` })).json().auction;
  const bid = (amount: number | string, lang: Locale) => {
    const url = `/api/auction/${id}/bid/`;
    const payload = { name: 'Борис', phone: nextPhone(), consent: true, amount };
    return t.app.inject({ method: 'POST', url, headers: { ...browserHeaders(t.config, url), 'accept-language': lang }, payload });
  };

  it('is the same maximum on the auction page, in the API and in the refusal of a bid above it, which changes nothing', async () => {
    const most = START + BID_CEILING_STEPS * STEP;
    const state = await api('en');
    expect(state).toMatchObject({ minimumBid: START, maximumBid: most });

    // The page states it beside the bid field, whose amount is grouped as the language prints figures.
    const visitor = noScriptVisitor(fetchVia(t.app), { locale: 'en' });
    let page = await visitor.open(`/en/auctions/${id}`);
    expect(page.status).toBe(200);
    expect(messageOf(page, en.auctions.form.amount, 'hint')).toBe(
      translatorOf('en')('auctions.form.amountHint', { min: formatRoubles(START, 'en'), max: formatRoubles(state.maximumBid, 'en') }),
    );
    expect((page.main.getByLabelText(label(en.auctions.form.amount)) as HTMLInputElement).value).toBe('32,110,000');
    expect(page.main.getByText(translatorOf('en')('auctions.ceiling', { count: BID_CEILING_STEPS }))).toBeTruthy();

    // The API refuses the report's bid, naming the field and that maximum, with the auction's state.
    const refused = await bid(900_000_000_000, 'en');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors).toEqual({ amount: [translatorOf('en')('forms.validation.bidTooHigh', { amount: formatRoubles(state.maximumBid, 'en') })] });
    expect(refused.json().auction).toMatchObject({ bestAmount: null, bidCount: 0, maximumBid: state.maximumBid });

    // The page's own form without JavaScript, in Russian: the same maximum, in the visitor's words and figures.
    const russian = noScriptVisitor(fetchVia(t.app), { locale: 'ru' });
    page = await russian.open(`/auctions/${id}`);
    fill(page.main.getByLabelText(label(ru.auctions.form.amount)), '900 000 000 000');
    fill(page.main.getByLabelText(label(ru.forms.fields.name)), 'Анна');
    fill(page.main.getByLabelText(label(ru.forms.fields.phone)), nextPhone());
    fill(page.main.getByLabelText(label(ru.forms.fields.consent)));
    page = await russian.press(page.main.getByRole('button', { name: ru.auctions.form.submit }), page);
    expect(page.status).toBe(409);
    expect(messageOf(page, ru.auctions.form.amount, 'error')).toBe(
      translatorOf('ru')('forms.validation.bidTooHigh', { amount: formatRoubles(state.maximumBid, 'ru') }),
    );
    expect(await t.services.database.db.select().from(auctionBids).where(eq(auctionBids.auctionId, id))).toEqual([]);

    // A bid at the maximum is taken (grouped as an English page sends it); the next maximum follows it.
    expect((await bid(formatRoubles(most, 'en').replace(/[^\d,]/g, ''), 'en')).statusCode).toBe(201);
    expect(await api('ru')).toMatchObject({ bestAmount: most, maximumBid: most + BID_CEILING_STEPS * STEP });
    await Promise.all([visitor.close(), russian.close()]);
  });
});
