import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRoubles } from '#core/auctions/auction.ts';
import { dropPercent } from '#core/catalogue/price-history.ts';
import type { LotCard } from '#core/catalogue/types.ts';
import { localizePath } from '#core/i18n/routing.ts';
import { generateCatalogue } from '#server/modules/catalogue/ingest/generate.ts';
import { importFeed } from '#server/modules/catalogue/ingest/import.ts';
import { writeCatalogue } from '#server/modules/catalogue/ingest/write.ts';
import { alertMessages, alertSubscriptions } from '#server/db/schema/index.ts';
import { createAlertOutbox, smtpAlertSender, type AlertOutbox } from '#server/modules/alerts/outbox.ts';
import { enqueueAlertDigests } from '#server/modules/alerts/service.ts';
import { CATALOGS } from '#core/i18n/all-catalogs.ts';
import { alertTokens } from '#server/modules/alerts/tokens.ts';
import { readCatalogueVersion } from '#server/modules/catalogue/snapshot.ts';
import { ENGINES } from '#tests/support/db.ts';
import { browserHeaders, testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';
import { linkToken, parseMail, type ParsedMail } from '../../support/alerts-mail.ts';
import { fakeSmtp } from '../../support/leads-fakes.ts';

const silent = { info: () => {}, warn: () => {}, error: () => {} };

describe.each(ENGINES)('alerts on %s', (engine) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof fakeSmtp>>;
  let outbox: AlertOutbox;
  let flats: LotCard[];

  beforeAll(async () => {
    smtp = await fakeSmtp();
    t = await testAppWithCatalogue(engine, { SMTP_URL: smtp.url, ALERTS_IP_LIMIT: '1000' });
    outbox = createAlertOutbox({
      db: t.services.database.db,
      alerts: t.services.alerts,
      sender: smtpAlertSender({ smtpUrl: smtp.url, from: 'alerts@example.ru', timeoutMs: 5000 }),
      site: { origin: t.config.siteOrigin, strategy: t.config.LOCALE_STRATEGY, tokens: alertTokens(t.config.ALERTS_SECRET) },
      log: silent,
      retryBaseMs: 20,
      retryMaxMs: 100,
      pollMs: 50,
      leaseMs: 5000,
    });
    flats = (await t.services.catalogue.filter({ type: ['flat'], status: ['free'], limit: 10, ordering: 'area' }, 'ru')).results;
  }, 180_000);
  afterAll(async () => {
    await outbox?.stop();
    await t?.dispose();
    await smtp?.close();
  });

  const subscribe = (payload: Record<string, unknown>, lang = 'ru', headers: Record<string, string> = {}) => {
    const url = `/api/alerts/?lang=${lang}`;
    return t.app.inject({ method: 'POST', url, headers: { ...browserHeaders(t.config, url), ...headers }, payload });
  };
  async function drain(): Promise<void> {
    while ((await outbox.runOnce()) > 0);
  }
  const mails = (): ParsedMail[] => smtp.messages.map(parseMail);
  const to = (email: string) => mails().filter((m) => m.headers.to === email);
  const lotUrl = (lot: LotCard, locale: 'ru' | 'en' | 'zh') => `${t.config.siteOrigin}${localizePath(lot.url, locale, t.config.LOCALE_STRATEGY)}`;

  it('answers bad input with 400 naming each field, in the asked language, and stores nothing', async () => {
    const before = (await t.services.database.db.select().from(alertSubscriptions)).length;
    const bad = await subscribe({ kind: 'search', email: 'not-an-address', consent: false, query: 'rooms=9&price_min=abc' }, 'en');
    expect(bad.statusCode).toBe(400);
    const body = bad.json<{ detail: string; errors: Record<string, string[]> }>();
    expect(Object.keys(body.errors).sort()).toEqual(['consent', 'email', 'query']);
    expect(body.detail).toBe(CATALOGS.en.alerts.fix);
    const lot = await subscribe({ kind: 'lot', email: 'x@example.ru', consent: 'on', lot: 'abc' });
    expect(lot.statusCode).toBe(400);
    expect(Object.keys(lot.json<{ errors: object }>().errors)).toEqual(['lot']);
    const missing = await subscribe({ kind: 'lot', email: 'x@example.ru', consent: 'on', lot: '999999999' });
    expect(Object.keys(missing.json<{ errors: object }>().errors)).toEqual(['lot']);
    const kind = await subscribe({ kind: 'everything', email: 'x@example.ru', consent: 'on' });
    expect(Object.keys(kind.json<{ errors: object }>().errors)).toEqual(['kind']);
    // Without the CSRF cookie and header (another site's page): refused before anything is read.
    const url = '/api/alerts/';
    const forged = await t.app.inject({ method: 'POST', url, headers: { origin: 'https://evil.example' }, payload: { email: 'x@example.ru', consent: true } });
    expect(forged.statusCode).toBe(403);
    expect((await t.services.database.db.select().from(alertSubscriptions)).length).toBe(before);
  });

  it('subscribe → confirmation → confirm → one change adding lots and dropping prices → one digest per subscription, in its language', async () => {
    const [followed, booked, dropped, , later] = flats;
    const answers = await Promise.all([
      subscribe({ kind: 'search', email: 'search-ru@example.ru', consent: 'on', query: '?type=flat&status=free&ordering=price&offset=24' }, 'ru'),
      subscribe({ kind: 'search', email: 'parking-en@example.ru', consent: true, query: 'type=parking' }, 'en'),
      subscribe({ kind: 'lot', email: 'follow-zh@example.ru', consent: '1', lot: followed!.id }, 'zh'),
      subscribe({ kind: 'lot', email: 'booked-en@example.ru', consent: 'on', lot: booked!.id }, 'en'),
      subscribe({ kind: 'search', email: 'unconfirmed@example.ru', consent: 'on', query: 'type=flat' }, 'ru'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(answers[2]!.json<{ detail: string }>().detail).toBe(CATALOGS.zh.alerts.sent);
    // The saved search is the codec's canonical criteria (no ordering or paging).
    const [saved] = await t.services.database.db.select().from(alertSubscriptions).where(eq(alertSubscriptions.email, 'search-ru@example.ru'));
    expect(saved!.query).toBe('type=flat&status=free');

    await drain();
    const confirmations = mails();
    expect(confirmations).toHaveLength(5);
    for (const m of confirmations) {
      expect(m.headers['list-unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/alerts\/unsubscribe\/\?token=[A-Za-z0-9._-]+>$/);
      expect(m.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(m.text).toContain('/alerts/unsubscribe?token=');
    }
    expect(to('follow-zh@example.ru')[0]!.headers.subject).toBe(CATALOGS.zh.alerts.mail.confirmSubject);
    expect(to('follow-zh@example.ru')[0]!.text).toContain(lotUrl(followed!, 'zh'));
    expect(to('parking-en@example.ru')[0]!.headers.subject).toBe(CATALOGS.en.alerts.mail.confirmSubject);
    expect(to('search-ru@example.ru')[0]!.text).toContain('http://localhost:3000/filter?type=flat&status=free');

    // Opening the link (the page's button posts it): active from now on. A forged or cross-action token is refused.
    for (const email of ['search-ru@example.ru', 'parking-en@example.ru', 'follow-zh@example.ru', 'booked-en@example.ru']) {
      const token = linkToken(to(email)[0]!.text, 'confirm');
      const url = `/api/alerts/confirm/?token=${token}`;
      const confirmed = await t.app.inject({ method: 'POST', url, headers: browserHeaders(t.config, url) });
      expect(confirmed.json()).toMatchObject({ status: 'confirmed' });
      const again = await t.app.inject({ method: 'POST', url, headers: browserHeaders(t.config, url) });
      expect(again.json()).toMatchObject({ status: 'already' });
    }
    const unsubscribeToken = linkToken(to('unconfirmed@example.ru')[0]!.text, 'unsubscribe');
    const crossUrl = `/api/alerts/confirm/?token=${unsubscribeToken}`;
    const cross = await t.app.inject({ method: 'POST', url: crossUrl, headers: browserHeaders(t.config, crossUrl) });
    expect(cross.statusCode).toBe(400);
    expect(Object.keys(cross.json<{ errors: object }>().errors)).toEqual(['token']);

    // One catalogue change (a regeneration): two new flats, two price drops, one flat booked.
    const data = generateCatalogue();
    const byId = new Map(data.lots.map((l) => [String(l.id), l]));
    const maxId = Math.max(...data.lots.map((l) => l.id!));
    const source = byId.get(dropped!.id)!;
    const fresh = [1, 2].map((k) => ({ ...source, id: maxId + k, number: `${source.number}${k === 1 ? 'А' : 'Б'}`.slice(0, 16), oldPrice: null }));
    data.lots.push(...fresh);
    const prices = { followed: Math.round((byId.get(followed!.id)!.price * 0.93) / 1000) * 1000, dropped: Math.round((source.price * 0.95) / 1000) * 1000 };
    const oldPrices = { followed: byId.get(followed!.id)!.price, dropped: source.price };
    byId.get(followed!.id)!.price = prices.followed;
    byId.get(followed!.id)!.oldPrice = null;
    source.price = prices.dropped;
    source.oldPrice = null;
    byId.get(booked!.id)!.status = 'booked';
    await writeCatalogue(t.services.database, data);
    const change = await readCatalogueVersion(t.services.database.db);
    // Enqueued in the change's transaction: search subscriptions and the two followed lots, not the unconfirmed one.
    const due = await t.services.database.db.select().from(alertMessages).where(eq(alertMessages.change, change));
    expect(due).toHaveLength(4);

    await drain();
    const digests = mails().slice(5);
    expect(digests.map((m) => m.headers.to).sort()).toEqual(['booked-en@example.ru', 'follow-zh@example.ru', 'search-ru@example.ru']);
    for (const m of digests) {
      expect(m.headers['list-unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/alerts\/unsubscribe\/\?token=/);
      expect(m.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    }
    const ru = digests.find((m) => m.headers.to === 'search-ru@example.ru')!;
    expect(ru.headers.subject).toBe(CATALOGS.ru.alerts.mail.digestSubject);
    expect(ru.text).toContain(CATALOGS.ru.alerts.mail.fresh);
    const [newA, newB] = await t.services.catalogue.lotsByIds(
      fresh.map((f) => String(f.id)),
      'ru',
    );
    for (const lot of [newA!, newB!]) expect(ru.text).toContain(lotUrl(lot, 'ru'));
    expect(ru.text).toContain(
      `${formatRoubles(prices.dropped, 'ru')} вместо ${formatRoubles(oldPrices.dropped, 'ru')} (−${dropPercent(oldPrices.dropped, prices.dropped)}\u00a0%)`,
    );
    expect(ru.text).toContain(`(−${dropPercent(oldPrices.followed, prices.followed)}\u00a0%)`);
    expect(ru.text).not.toContain(lotUrl(booked!, 'ru'));
    const zh = digests.find((m) => m.headers.to === 'follow-zh@example.ru')!;
    expect(zh.headers.subject).toBe(CATALOGS.zh.alerts.mail.digestSubject);
    expect(zh.text).toContain(
      `${formatRoubles(prices.followed, 'zh')}，原价 ${formatRoubles(oldPrices.followed, 'zh')}（−${dropPercent(oldPrices.followed, prices.followed)}%）`,
    );
    expect(zh.text).toContain(lotUrl(followed!, 'zh'));
    const en = digests.find((m) => m.headers.to === 'booked-en@example.ru')!;
    expect(en.text).toContain(`: booked, ${lotUrl(booked!, 'en')}`);
    const outcomes = await t.services.database.db.select({ outcome: alertMessages.outcome }).from(alertMessages).where(eq(alertMessages.change, change));
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['empty', 'sent', 'sent', 'sent']);

    // Exactly once: enqueueing the change again adds nothing, another run sends nothing.
    expect(await enqueueAlertDigests(t.services.database.db, change)).toBe(0);
    await drain();
    expect(mails()).toHaveLength(8);

    // One-click unsubscribe (RFC 8058): the provider posts the header's URL, no cookie, no Origin.
    const oneClick = new URL(ru.headers['list-unsubscribe']!.slice(1, -1));
    const off = await t.app.inject({
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ status: 'unsubscribed' });
    const forged = await t.app.inject({
      method: 'POST',
      url: `/api/alerts/unsubscribe/?token=${oneClick.searchParams.get('token')!.slice(0, -2)}xx`,
      payload: '',
    });
    expect(forged.statusCode).toBe(400);

    // The next change (an import): the unsubscribed search hears nothing, the followed lot its new drop.
    const report = await importFeed(
      t.services.database,
      JSON.stringify([
        { id: Number(followed!.id), price: prices.followed - 100_000 },
        { id: Number(later!.id), price: later!.price - 200_000 },
      ]),
    );
    expect(report.changed).toBe(2);
    await drain();
    const next = mails().slice(8);
    expect(next.map((m) => m.headers.to)).toEqual(['follow-zh@example.ru']);
    expect(next[0]!.text).toContain(formatRoubles(prices.followed - 100_000, 'zh'));
  }, 120_000);
});
