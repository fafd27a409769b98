import { randomUUID } from 'node:crypto';
import { and, eq, notExists } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auctions,
  commercialPremises,
  crmAdapterStates,
  crmLinks,
  leadDeliveries,
  lots,
  reservationDeliveries,
  reservations,
} from '#server/db/schema/index.ts';
import { CrmRateLimitError } from '#server/modules/crm/adapter.ts';
import { readLotFact } from '#server/modules/crm/facts.ts';
import { createBitrix24Adapter, reservationIdValue, type Bitrix24Adapter } from '#server/modules/crm/bitrix24/adapter.ts';
import { bitrix24Settings } from '#server/modules/crm/bitrix24/settings.ts';
import { startCrmAdapters } from '#server/modules/crm/index.ts';
import { createCrmOutboxes } from '#server/modules/crm/outbox.ts';
import { createLeadOutbox } from '#server/modules/leads/outbox.ts';
import { crmTransport } from '#server/modules/leads/delivery/crm.ts';
import { createReservationOutbox, reservationCrmTransport } from '#server/modules/reservations/crm.ts';
import { replayLeads } from '#server/modules/crm/replay.ts';
import { recordEvent } from '#server/modules/reservations/deals-stages.ts';
import { dealView } from '#server/modules/reservations/deals-view.ts';
import { fanoutOf, reservationCommitted } from '#server/modules/reservations/index.ts';
import { unclassifiedGauges } from '#server/http/metrics-merge.ts';
import { testApp, type TestApp } from '#tests/support/app.ts';
import { ENGINES } from '#tests/support/db.ts';
import { later, recordingLog } from '#tests/support/crm-log.ts';
import { startFakeBitrix24, type FakeBitrix24 } from '#tests/support/fake-bitrix24.ts';
import { insertDeal } from '../reservations/deal-fixtures.ts';

/**
 * The Bitrix24 adapter against a loopback stand-in of the portal's REST API (tests/support/fake-bitrix24.ts), on both
 * databases: a lead with every fact, deal mode with its contact found or made, exactly once across a lost answer, a rate
 * limit waited out, refused credentials stopping the adapter without a retry storm, a paid reservation's deal and
 * notes, the deal's stage coming back through ONCRMDEALUPDATE to the buyer's deal page, and the replay command.
 */
describe.each(ENGINES)('the Bitrix24 adapter (%s)', (engine) => {
  let t: TestApp;
  let fake: FakeBitrix24;
  let lotId: number;
  beforeAll(async () => {
    fake = await startFakeBitrix24();
    t = await testApp(
      engine,
      {
        BITRIX24_WEBHOOK_URL: fake.url,
        BITRIX24_OUTGOING_TOKEN: fake.applicationToken,
        BITRIX24_FIELDS: '{"lot.number":"UF_CRM_LOT","lot.priceRub":"UF_CRM_PRICE"}',
        // The generic webhook at an address nobody answers: its rows must not be touched by Bitrix24's loop.
        CRM_WEBHOOK_URL: 'http://127.0.0.1:9/crm',
        CAPTCHA_MODE: 'off',
        LEADS_IP_LIMIT: '1000',
        LEADS_PHONE_LIMIT: '1000',
      },
      { catalogue: true },
    );
    // A flat on sale at its list price (no auction): its price is the deal's amount.
    const [lot] = await t.services.database.db
      .select({ id: lots.id })
      .from(lots)
      .where(and(eq(lots.status, 'free'), eq(lots.type, 'flat'), notExists(t.services.database.db.select().from(auctions).where(eq(auctions.lotId, lots.id)))))
      .orderBy(lots.id)
      .limit(1);
    lotId = lot!.id;
  }, 120_000);
  afterAll(async () => {
    await t?.dispose();
    await fake?.close();
  });
  const db = () => t.services.database.db;

  function adapter(over: Partial<NonNullable<ReturnType<typeof bitrix24Settings>>> = {}): Bitrix24Adapter {
    // A generous timeout: no assertion may depend on a call's time (the stand-in's lost answers cut the connection at once).
    return createBitrix24Adapter({ ...bitrix24Settings(t.config)!, timeoutMs: 30_000, ...over });
  }
  function loops(a: Bitrix24Adapter, log = recordingLog()) {
    return createCrmOutboxes({
      db: db(),
      adapter: a,
      origin: t.config.siteOrigin,
      credentialsSetting: 'BITRIX24_WEBHOOK_URL',
      log,
      retryBaseMs: 20,
      retryMaxMs: 100,
      pollMs: 50,
      leaseMs: 5_000,
      probeMs: 600_000,
    });
  }

  let phoneSeq = 1_000_000;
  async function submit(over: Record<string, unknown> = {}) {
    const outcome = await t.services.leads.submit(
      'request',
      {
        name: 'Анна Петрова',
        phone: `+7916${String(phoneSeq++).padStart(7, '0')}`,
        email: `anna${phoneSeq}@example.ru`,
        consent: true,
        type: 'mortgage',
        comment: 'Позвоните после шести',
        page_url: '/projects/1',
        lot: String(lotId),
        utm_source: 'yandex',
        utm_medium: 'cpc',
        utm_campaign: 'autumn',
        referrer: 'https://ya.ru/',
        landing_page: '/?utm_source=yandex',
        analytics_client_id: '1732000000123456789',
        ...over,
      },
      { locale: 'ru', ip: '127.0.0.1', idempotencyKey: randomUUID(), source: 'api' },
    );
    if (outcome.type !== 'accepted') throw new Error(`not accepted: ${JSON.stringify(outcome)}`);
    return outcome.answer.id;
  }
  const rowOf = async (leadId: string, channel: 'bitrix24' | 'crm' = 'bitrix24') =>
    (
      await db()
        .select()
        .from(leadDeliveries)
        .where(and(eq(leadDeliveries.leadId, leadId), eq(leadDeliveries.channel, channel)))
    )[0]!;
  const byOurId = (id: string) => [...fake.leads.values(), ...fake.deals.values()].filter((e) => e.ORIGIN_ID === id);

  it('delivers a lead as a Bitrix24 lead with every fact, and only its own channel’s rows', async () => {
    const id = await submit();
    const job = loops(adapter());
    try {
      expect(await job.leads.runOnce()).toBe(1);
      const [lead] = byOurId(id);
      const [lot] = await db().select().from(lots).where(eq(lots.id, lotId));
      expect(lead).toMatchObject({
        TITLE: expect.stringContaining('Заявка с сайта: Ипотека и рассрочка'),
        NAME: 'Анна Петрова',
        PHONE: [{ VALUE: expect.stringMatching(/^\+7916\d{7}$/), VALUE_TYPE: 'WORK' }],
        EMAIL: [{ VALUE: expect.stringContaining('@example.ru'), VALUE_TYPE: 'WORK' }],
        SOURCE_ID: 'WEB',
        ORIGINATOR_ID: 'site',
        UTM_SOURCE: 'yandex',
        UTM_MEDIUM: 'cpc',
        UTM_CAMPAIGN: 'autumn',
        UF_CRM_LOT: lot!.number,
        UF_CRM_PRICE: lot!.price,
        OPPORTUNITY: lot!.price,
        CURRENCY_ID: 'RUB',
      });
      const comment = String(lead!.COMMENTS);
      for (const line of [
        `Номер заявки на сайте: ${id}`,
        `Лот: ${lot!.number}`,
        'Ссылка на лот: http://localhost:3000/',
        'utm_source: yandex',
        'Источник перехода: https://ya.ru/',
        'ClientID Яндекс Метрики: 1732000000123456789',
        'Комментарий: Позвоните после шести',
      ])
        expect(comment).toContain(line);
      expect((await rowOf(id)).deliveredAt).not.toBeNull();
      expect(await db().select().from(crmLinks).where(eq(crmLinks.localId, id))).toEqual([
        expect.objectContaining({ channel: 'bitrix24', kind: 'lead', externalId: String(lead!.ID) }),
      ]);
      // The generic webhook's row of the same lead is its own loop's: untouched.
      expect(await rowOf(id, 'crm')).toMatchObject({ attempts: 0, deliveredAt: null });
    } finally {
      await job.stop();
    }
  });

  it('in deal mode finds the contact by phone, then by e-mail, else makes one', async () => {
    const known = await submit();
    const job = loops(adapter({ mode: 'deal' }));
    try {
      // A contact the portal has under the same phone (written otherwise), and another under an e-mail.
      const byPhone = await submit({ phone: '+7 916 555-00-01' });
      fake.contacts.set(9_001, { ID: 9_001, NAME: 'Анна', PHONE: [{ VALUE: '+7 (916) 555-00-01' }] });
      const byEmail = await submit({ phone: '', channel: 'email', email: 'known@example.ru' });
      fake.contacts.set(9_002, { ID: 9_002, NAME: 'Анна', EMAIL: [{ VALUE: 'Known@Example.ru' }] });
      const contactsBefore = fake.contacts.size;
      await job.leads.runOnce();
      expect(byOurId(byPhone)[0]).toMatchObject({ CONTACT_ID: '9001', CATEGORY_ID: 0 });
      expect(byOurId(byEmail)[0]).toMatchObject({ CONTACT_ID: '9002' });
      // The first lead had no contact in the portal: one was made for it.
      expect(fake.contacts.size).toBe(contactsBefore + 1);
      expect(byOurId(known)[0]!.CONTACT_ID).not.toMatch(/^900[12]$/);
    } finally {
      await job.stop();
    }
  });

  it('finds the lead an attempt whose answer was lost made instead of adding it twice', async () => {
    const id = await submit();
    const job = loops(adapter());
    try {
      fake.failNext(1, 'lost');
      expect(await job.leads.runOnce()).toBe(1);
      expect(await rowOf(id)).toMatchObject({ deliveredAt: null, attempts: 1, lastError: expect.stringContaining('unreachable') });
      // The portal has it already: the answer was lost, not the lead.
      expect(byOurId(id)).toHaveLength(1);
      expect(await job.leads.runOnce(later(60_000))).toBe(1);
      expect(await rowOf(id)).toMatchObject({ attempts: 2, deliveredAt: expect.any(Date) });
      expect(byOurId(id)).toHaveLength(1);
      expect(fake.ourIds().get(id)).toBe(1);
    } finally {
      await job.stop();
    }
  });

  it('waits as long as QUERY_LIMIT_EXCEEDED asks before trying again', async () => {
    const id = await submit();
    const job = loops(adapter());
    try {
      fake.state.retryAfterS = 120;
      fake.failNext(1, 'rate');
      await job.leads.runOnce();
      const row = await rowOf(id);
      expect(row.deliveredAt).toBeNull();
      // The backoff alone is 20 ms; the portal asked for two minutes.
      expect(row.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(100_000);
      expect(await job.leads.runOnce(later(60_000))).toBe(0);
      expect(await job.leads.runOnce(later(130_000))).toBe(1);
      expect(byOurId(id)).toHaveLength(1);
    } finally {
      fake.state.retryAfterS = null;
      await job.stop();
    }
  });

  it('stops sending the rest of its batch once the portal asks to wait, and waits with both loops', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) ids.push(await submit());
    const real = adapter();
    // The first send is rate-limited; the three sent beside it answer only once the limit was heard.
    let sends = 0;
    let limited!: () => void;
    const heard = new Promise<void>((resolve) => (limited = resolve));
    const job = loops({
      ...real,
      async sendLead(facts, context) {
        sends++;
        if (sends === 1) {
          limited();
          throw new CrmRateLimitError('Bitrix24 crm.lead.add answered 503 QUERY_LIMIT_EXCEEDED', 120_000);
        }
        await heard;
        await new Promise((resolve) => setImmediate(resolve));
        return real.sendLead(facts, context);
      },
    });
    try {
      expect(await job.leads.runOnce()).toBe(10);
      // Four at once (the loop's concurrency), then nothing more: the other six go back unsent.
      expect(sends).toBe(4);
      const rows = await Promise.all(ids.map((id) => rowOf(id)));
      expect(rows.filter((r) => r.deliveredAt !== null)).toHaveLength(3);
      const waiting = rows.filter((r) => r.deliveredAt === null);
      expect(waiting.map((r) => r.attempts).sort()).toEqual([0, 0, 0, 0, 0, 0, 1]);
      for (const row of waiting) expect(row.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(100_000);
      // The whole adapter waits, its reservation loop too: nothing is claimed before the wait is over.
      expect(await job.leads.runOnce(later(60_000))).toBe(0);
      expect(await job.reservations.runOnce(later(60_000))).toBe(0);
      expect(await job.leads.runOnce(later(130_000))).toBe(7);
      for (const id of ids) expect(byOurId(id)).toHaveLength(1);
    } finally {
      await job.stop();
    }
  });

  it('takes ACCESS_DENIED on one deal as that delivery’s failure, not as refused credentials', async () => {
    const ids = [await submit(), await submit(), await submit()];
    const job = loops(adapter());
    try {
      fake.failNext(1, 'denied');
      expect(await job.leads.runOnce()).toBe(3);
      expect(job.leads.paused()).toBe(false);
      const rows = await Promise.all(ids.map((id) => rowOf(id)));
      expect(rows.filter((r) => r.deliveredAt !== null)).toHaveLength(2);
      expect(rows.find((r) => r.deliveredAt === null)).toMatchObject({ attempts: 1, lastError: expect.stringContaining('ACCESS_DENIED') });
      const [state] = await db().select().from(crmAdapterStates).where(eq(crmAdapterStates.channel, 'bitrix24'));
      expect(state?.pausedAt ?? null).toBeNull();
      expect(await job.leads.runOnce(later(60_000))).toBe(1);
      for (const id of ids) expect(byOurId(id)).toHaveLength(1);
    } finally {
      await job.stop();
    }
  });

  it('offers a lot at the price the site offers it: an auction’s bid or start price, a let lot’s rent never as the deal’s amount', async () => {
    const origin = t.config.siteOrigin;
    const [normal] = await db().select().from(lots).where(eq(lots.id, lotId));
    expect(await readLotFact(db(), lotId, origin)).toMatchObject({ priceRub: normal!.price, rent: false });
    const [other] = await db()
      .select()
      .from(lots)
      .where(and(eq(lots.status, 'free'), eq(lots.type, 'flat'), notExists(db().select().from(auctions).where(eq(auctions.lotId, lots.id)))))
      .orderBy(lots.id)
      .offset(5)
      .limit(1);
    const now = Date.now();
    const [auction] = await db()
      .insert(auctions)
      .values({
        lotId: other!.id,
        startPrice: 7_000_000,
        minStep: 50_000,
        startsAt: new Date(now - 3_600_000),
        plannedEndsAt: new Date(now + 86_400_000),
        endsAt: new Date(now + 86_400_000),
      })
      .returning();
    const job = loops(adapter());
    try {
      // Live without a bid: its start price; with one: the best bid — never the list price.
      expect(await readLotFact(db(), other!.id, origin)).toMatchObject({ priceRub: 7_000_000 });
      await db().update(auctions).set({ bestAmount: 7_250_000, bidCount: 1 }).where(eq(auctions.id, auction!.id));
      expect(await readLotFact(db(), other!.id, origin)).toMatchObject({ priceRub: 7_250_000 });
      const id = await submit({ lot: String(other!.id) });
      await job.leads.runOnce();
      expect(byOurId(id)[0]).toMatchObject({ OPPORTUNITY: 7_250_000, UF_CRM_PRICE: 7_250_000 });
    } finally {
      await db().delete(auctions).where(eq(auctions.id, auction!.id));
    }
    try {
      const [let_] = await db()
        .select({ id: lots.id, price: lots.price })
        .from(lots)
        .innerJoin(commercialPremises, eq(commercialPremises.lotId, lots.id))
        .where(and(eq(commercialPremises.advertisement, 'rent'), eq(lots.status, 'free')))
        .limit(1);
      // The demo catalogue lets some of its premises.
      if (!let_) throw new Error('the demo catalogue has no free premises let for rent');
      expect(await readLotFact(db(), let_.id, origin)).toMatchObject({ priceRub: let_.price, rent: true });
      const id = await submit({ lot: String(let_.id) });
      await job.leads.runOnce();
      const [card] = byOurId(id);
      expect(card).toMatchObject({ UF_CRM_PRICE: let_.price });
      expect(card!.OPPORTUNITY).toBeUndefined();
      expect(String(card!.COMMENTS)).toContain(`Аренда в месяц, ₽: ${let_.price}`);
    } finally {
      await job.stop();
    }
  });

  it('stops on an expired token with one error line naming the setting, keeps the leads queued, probes, and resumes', async () => {
    const ids = [await submit(), await submit(), await submit()];
    const log = recordingLog();
    const job = loops(adapter(), log);
    fake.expire();
    try {
      const callsBefore = fake.calls.length;
      await job.leads.runOnce();
      const errors = log.lines.filter((l) => l.level === 'error');
      expect(errors).toHaveLength(1);
      expect(errors[0]!.msg).toMatch(/bitrix24 refused our credentials: check BITRIX24_WEBHOOK_URL/);
      // No attempt is spent on a refusal; no personal data in any line.
      for (const id of ids) expect(await rowOf(id)).toMatchObject({ deliveredAt: null, attempts: 0, lastError: expect.stringContaining('expired_token') });
      expect(JSON.stringify(log.lines)).not.toMatch(/Анна|@example\.ru|\+7916|f4k3c0d3/);
      const [state] = await db().select().from(crmAdapterStates).where(eq(crmAdapterStates.channel, 'bitrix24'));
      expect(state!.pausedAt).not.toBeNull();
      // The back office's health view and /metrics say so.
      const health = (await t.services.crm.health()).find((h) => h.channel === 'bitrix24')!;
      expect(health).toMatchObject({ configured: true, pausedAt: expect.any(Date), lastError: expect.stringContaining('expired_token') });
      expect(health.failing.leads).toBeGreaterThanOrEqual(ids.length);
      const metrics = await t.app.inject('/metrics');
      expect(metrics.body).toContain('crm_adapter_paused{channel="bitrix24"} 1');
      expect(metrics.body).toMatch(/crm_deliveries_queued\{channel="bitrix24",kind="lead"\} [1-9]/);
      // Every gauge is known as a process's own or the shared database's, so several processes' answers merge right.
      expect(unclassifiedGauges(metrics.body)).toEqual([]);
      // Stopped: nothing is asked of the portal until the probe.
      const calls = fake.calls.length;
      expect(await job.leads.runOnce(later(60_000))).toBe(0);
      expect(await job.leads.runOnce(later(5 * 60_000))).toBe(0);
      expect(fake.calls.length).toBe(calls);
      expect(calls - callsBefore).toBeLessThanOrEqual(ids.length);
      // Still refused at the probe: one call, still stopped, no second error line.
      expect(await job.leads.runOnce(later(11 * 60_000))).toBe(1);
      expect(fake.calls.length).toBe(calls + 1);
      expect(log.lines.filter((l) => l.level === 'error')).toHaveLength(1);
      fake.renew();
      expect(await job.leads.runOnce(later(22 * 60_000))).toBe(1);
      expect(job.leads.paused()).toBe(false);
      const [resumed] = await db().select().from(crmAdapterStates).where(eq(crmAdapterStates.channel, 'bitrix24'));
      expect(resumed!.pausedAt).toBeNull();
      expect((await t.app.inject('/metrics')).body).toContain('crm_adapter_paused{channel="bitrix24"} 0');
      await job.leads.runOnce(later(30 * 60_000));
      for (const id of ids) expect(byOurId(id)).toHaveLength(1);
    } finally {
      fake.renew();
      await job.stop();
    }
  });

  it('makes a paid reservation one deal with each event a note; the deal’s stage comes back to the buyer’s deal page', async () => {
    const deal = await insertDeal(t, { lotId });
    const fanout = fanoutOf(t.config);
    expect(fanout.adapters).toEqual(['bitrix24']);
    await db().transaction((tx) => recordEvent(tx, fanout, { reservationId: deal.id, kind: 'paid', at: new Date(), source: 'provider' }));
    const job = loops(adapter());
    try {
      expect(await job.reservations.runOnce()).toBe(1);
      const made = [...fake.deals.values()].filter((d) => d.ORIGIN_ID === reservationIdValue(deal.id));
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ TITLE: expect.stringContaining('Бронирование с задатком'), OPPORTUNITY: 50_000, CURRENCY_ID: 'RUB' });
      const dealId = made[0]!.ID;
      await db().transaction((tx) =>
        recordEvent(tx, fanout, { reservationId: deal.id, kind: 'extended', at: new Date(), source: 'staff', data: { reason: 'x' } }),
      );
      expect(await job.reservations.runOnce()).toBe(1);
      expect([...fake.deals.values()].filter((d) => d.ORIGIN_ID === reservationIdValue(deal.id))).toHaveLength(1);
      expect(fake.comments.filter((c) => c.ENTITY_ID === dealId).map((c) => c.COMMENT.replace(/ \(.*\)$/, ''))).toEqual([
        expect.stringMatching(/^\[site-event-\d+\] Задаток оплачен$/),
        expect.stringMatching(/^\[site-event-\d+\] Бронирование продлено$/),
      ]);

      const post = (form: Record<string, string>) =>
        t.app.inject({
          method: 'POST',
          url: '/api/crm/bitrix24/events/',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: new URLSearchParams(form).toString(),
        });
      const event = (stage: string, token = fake.applicationToken) => {
        fake.deals.get(dealId)!.STAGE_ID = stage;
        return post({ event: 'ONCRMDEALUPDATE', 'data[FIELDS][ID]': String(dealId), ts: '1', 'auth[application_token]': token });
      };
      // A wrong or missing token changes nothing.
      const forged = await event('WON', 'not-the-portal-token-0123456789');
      expect(forged.statusCode).toBe(403);
      expect(Object.keys(forged.json().errors)).toEqual(['auth[application_token]']);
      const missing = await post({ event: 'ONCRMDEALUPDATE', 'data[FIELDS][ID]': String(dealId) });
      expect(missing.statusCode).toBe(401);
      const badId = await post({ event: 'ONCRMDEALUPDATE', 'data[FIELDS][ID]': 'x', 'auth[application_token]': fake.applicationToken });
      expect(badId.statusCode).toBe(400);
      expect(Object.keys(badId.json().errors)).toEqual(['data[FIELDS][ID]']);
      expect((await db().select().from(reservations).where(eq(reservations.id, deal.id)))[0]!.dealStage).toBe('reserved');
      // The right token: the deal is read back and its stage applied, once.
      const applied = await event('PREPARATION');
      expect(applied.statusCode, applied.body).toBe(200);
      expect(applied.json()).toEqual({ outcome: 'applied' });
      expect((await event('PREPARATION')).json()).toEqual({ outcome: 'duplicate' });
      const view = (await dealView(db(), deal.token))!;
      expect(view.stages.find((s) => s.stage === 'contract_prepared')).toMatchObject({ reached: true });
      // The stage is an event of the deal: it goes back to Bitrix24 as a note too (source crm).
      expect((await db().select().from(reservationDeliveries).where(eq(reservationDeliveries.channel, 'bitrix24'))).length).toBeGreaterThanOrEqual(3);
      expect((await post({ event: 'ONCRMLEADADD', 'auth[application_token]': fake.applicationToken })).json()).toEqual({ outcome: 'ignored' });
      // The same deal in another pipeline is another team's: its LOSE releases nothing.
      fake.deals.get(dealId)!.CATEGORY_ID = 3;
      expect((await event('C3:LOSE')).json()).toEqual({ outcome: 'not_found' });
      expect((await db().select().from(reservations).where(eq(reservations.id, deal.id)))[0]!.state).not.toBe('canceled');
      fake.deals.get(dealId)!.CATEGORY_ID = 0;
      // A lost deal releases the reservation: cancelled, the refund owed within the refund window.
      expect((await event('LOSE')).json()).toEqual({ outcome: 'released' });
      const [row] = await db().select().from(reservations).where(eq(reservations.id, deal.id));
      expect(row).toMatchObject({ state: 'canceled', cancelReason: 'crm', refundStatus: 'pending' });
      expect((await event('LOSE')).json()).toEqual({ outcome: 'duplicate' });
    } finally {
      await job.stop();
    }
  });

  it('runs in the background from the server’s jobs, beside the webhook’s loops, which leave its rows alone', async () => {
    const log = recordingLog();
    // The generic webhook's loops as the server runs them, their receiver down: they must not touch Bitrix24's rows.
    const webhook = { url: 'http://127.0.0.1:9/crm', secret: undefined, timeoutMs: 500 };
    const leadsLoop = createLeadOutbox({
      db: db(),
      transports: { crm: crmTransport(webhook) },
      channels: ['crm', 'email'],
      metrics: t.services.leads.metrics,
      log,
      retryBaseMs: 60_000,
      retryMaxMs: 60_000,
      pollMs: 50,
      leaseMs: 5_000,
    });
    const eventsLoop = createReservationOutbox({
      db: db(),
      crm: reservationCrmTransport(webhook),
      log,
      retryBaseMs: 60_000,
      retryMaxMs: 60_000,
      pollMs: 50,
      leaseMs: 5_000,
    });
    const crm = startCrmAdapters({
      // Generous timeout and lease: "each claimed once" must hold however slow a loaded machine is.
      config: { ...t.config, LEADS_POLL_MS: 50, CRM_TIMEOUT_MS: 30_000, LEADS_LEASE_MS: 120_000 },
      db: db(),
      log,
      onLeadCommitted: (wake) => t.services.leads.onCommitted(wake),
    });
    leadsLoop.start();
    eventsLoop.start();
    try {
      const id = await submit();
      const deal = await insertDeal(t);
      await db().transaction((tx) => recordEvent(tx, fanoutOf(t.config), { reservationId: deal.id, kind: 'paid', at: new Date(), source: 'provider' }));
      reservationCommitted(db());
      await expect.poll(() => byOurId(id).length, { timeout: 60_000 }).toBe(1);
      await expect.poll(() => [...fake.deals.values()].filter((d) => d.ORIGIN_ID === reservationIdValue(deal.id)).length, { timeout: 60_000 }).toBe(1);
      expect(await rowOf(id)).toMatchObject({ attempts: 1, deliveredAt: expect.any(Date) });
      const health = (await t.services.crm.health()).find((h) => h.channel === 'bitrix24')!;
      expect(health.configured).toBe(true);
      expect(health.pausedAt).toBeNull();
    } finally {
      await crm.stop();
      await leadsLoop.stop();
      await eventsLoop.stop();
    }
    // Bitrix24's rows were each claimed once, by its own loop: the webhook's loops never failed one of them.
    const rows = await db().select().from(reservationDeliveries).where(eq(reservationDeliveries.channel, 'bitrix24'));
    expect(rows.filter((r) => r.deliveredAt !== null).map((r) => r.attempts)).toEqual(rows.filter((r) => r.deliveredAt !== null).map(() => 1));
  });

  it('delivers every lead exactly once while a third of the calls lose their answer, fail or are rate-limited', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push(await submit());
    const job = loops(adapter());
    // A seeded draw: the same calls fail on every run.
    let seed = 7;
    fake.setFailureRate(0.33, () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    try {
      // Twenty passes of the loop under failures (each as late as any backoff or Retry-After), then the portal heals.
      for (let pass = 1; pass <= 20; pass++) await job.leads.runOnce(later(pass * 10 * 60_000));
      fake.setFailureRate(0);
      for (let pass = 21; pass <= 50 && (await job.leads.runOnce(later(pass * 10 * 60_000))) > 0; pass++);
      for (const id of ids) {
        expect(byOurId(id), id).toHaveLength(1);
        expect((await rowOf(id)).deliveredAt, id).not.toBeNull();
      }
      expect(fake.calls.some((c) => c.status === 0)).toBe(true);
    } finally {
      fake.setFailureRate(0);
      await job.stop();
    }
  });

  it('replays a range of days for one channel without adding any lead twice', async () => {
    const ids = [await submit(), await submit()];
    const job = loops(adapter());
    try {
      await job.leads.runOnce();
      for (const id of ids) expect(byOurId(id)).toHaveLength(1);
      // A lead the portal lost (deleted by hand): the replay brings it back, the others are found.
      const lost = byOurId(ids[0]!)[0]!;
      fake.leads.delete(lost.ID);
      const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
      const first = await replayLeads(db(), 'bitrix24', { from: today, to: today });
      expect(first.requeued).toBeGreaterThanOrEqual(2);
      for (let i = 0; i < 20 && (await job.leads.runOnce(later(60_000))) > 0; i++);
      const second = await replayLeads(db(), 'bitrix24', { from: today, to: today });
      expect(second.requeued).toBe(first.requeued);
      for (let i = 0; i < 20 && (await job.leads.runOnce(later(60_000))) > 0; i++);
      for (const id of ids) expect(byOurId(id)).toHaveLength(1);
      // Every lead the portal has, once.
      const origins = [...fake.leads.values()].map((l) => l.ORIGIN_ID);
      expect(new Set(origins).size).toBe(origins.length);
    } finally {
      await job.stop();
    }
  });
});
