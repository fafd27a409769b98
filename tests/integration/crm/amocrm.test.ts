import { randomUUID } from 'node:crypto';
import { and, eq, notExists } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auctions, crmAdapterStates, crmLinks, leadDeliveries, lots, reservations } from '#server/db/schema/index.ts';
import { createAmoCrmAdapter, type AmoCrmAdapter } from '#server/modules/crm/amocrm/adapter.ts';
import { amoSettings, type AmoSettings } from '#server/modules/crm/amocrm/config.ts';
import { createCrmOutboxes } from '#server/modules/crm/outbox.ts';
import { recordEvent } from '#server/modules/reservations/deals-stages.ts';
import { fanoutOf } from '#server/modules/reservations/index.ts';
import { pageApp, type TestApp } from '#tests/support/app.ts';
import { ENGINES } from '#tests/support/db.ts';
import { later, recordingLog } from '#tests/support/crm-log.ts';
import { startFakeAmoCrm, type FakeAmoCrm } from '#tests/support/fake-amocrm.ts';
import { insertDeal } from '../reservations/deal-fixtures.ts';

const TOKEN = 'amo-long-lived-token-0123456789abcdef';
const SECRET = 'amo-webhook-secret-0123456789abcdef';
const ID_FIELD = 1_000_001;
const RESERVATION_FIELD = 1_000_002;
const LOT_FIELD = 1_000_003;
const CONTRACT = 7_100_003;

/**
 * The amoCRM adapter against a loopback stand-in of amoCRM's API v4 (tests/support/fake-amocrm.ts), on both databases:
 * a lead with every fact as one complex deal, exactly once across a lost answer, the contact a manager already has, a
 * rate limit waited out, a refused token stopping the adapter without a retry storm, a paid reservation's deal and
 * notes, and amoCRM's status webhook moving the buyer's deal page, once.
 */
describe.each(ENGINES)('the amoCRM adapter (%s)', (engine) => {
  let t: TestApp;
  let fake: FakeAmoCrm;
  let lotId: number;
  beforeAll(async () => {
    fake = await startFakeAmoCrm({ token: TOKEN, leadFieldIds: [ID_FIELD, RESERVATION_FIELD, LOT_FIELD] });
    t = await pageApp(engine, {
      AMOCRM_BASE_URL: fake.url,
      AMOCRM_TOKEN: TOKEN,
      AMOCRM_ID_FIELD_ID: String(ID_FIELD),
      AMOCRM_RESERVATION_FIELD_ID: String(RESERVATION_FIELD),
      AMOCRM_PIPELINE_ID: String(fake.pipelineId),
      AMOCRM_STATUS_ID: String(fake.statusIds[0]),
      AMOCRM_FIELDS: JSON.stringify({ 'lot.number': LOT_FIELD }),
      AMOCRM_STATUSES: JSON.stringify({ [fake.statusIds[1]!]: 'reserved', [CONTRACT]: 'contract_prepared', 142: 'contract_signed' }),
      AMOCRM_WEBHOOK_SECRET: SECRET,
      AMOCRM_SUBDOMAIN: fake.subdomain,
      // The generic webhook at an address nobody answers: its rows must not be touched by amoCRM's loop.
      CRM_WEBHOOK_URL: 'http://127.0.0.1:9/crm',
      // Online payments on (the buyer's deal page is offered only then); the provider is never called here.
      YOOKASSA_SHOP_ID: '654321',
      YOOKASSA_SECRET_KEY: 'test_amocrm-stand-in-key-0123456789',
      YOOKASSA_API_URL: 'http://127.0.0.1:9/v3',
      CAPTCHA_MODE: 'off',
      LEADS_IP_LIMIT: '1000',
      LEADS_PHONE_LIMIT: '1000',
    });
    // A flat on sale at its list price (no auction): its price is the deal's budget.
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

  function adapter(over: Partial<AmoSettings> = {}): AmoCrmAdapter {
    // A generous timeout: no assertion may depend on a call's time (the stand-in's lost answers cut the connection at once).
    return createAmoCrmAdapter({ ...amoSettings(t.config)!, timeoutMs: 30_000, ...over });
  }
  function loops(a: AmoCrmAdapter, log = recordingLog()) {
    return createCrmOutboxes({
      db: db(),
      adapter: a,
      origin: t.config.siteOrigin,
      credentialsSetting: 'AMOCRM_TOKEN',
      log,
      retryBaseMs: 20,
      retryMaxMs: 100,
      pollMs: 50,
      leaseMs: 5_000,
      probeMs: 600_000,
    });
  }

  let phoneSeq = 2_000_000;
  async function submit(over: Record<string, unknown> = {}) {
    phoneSeq++;
    const outcome = await t.services.leads.submit(
      'request',
      {
        name: 'Анна Петрова',
        phone: `+7916${String(phoneSeq).padStart(7, '0')}`,
        email: `anna${phoneSeq}@example.ru`,
        consent: true,
        type: 'mortgage',
        comment: 'Позвоните после шести',
        page_url: '/projects/1',
        lot: String(lotId),
        utm_source: 'yandex',
        utm_medium: 'cpc',
        utm_campaign: 'autumn',
        utm_content: 'banner',
        utm_term: 'квартира',
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
  const rowOf = async (leadId: string, channel: 'amocrm' | 'crm' = 'amocrm') =>
    (
      await db()
        .select()
        .from(leadDeliveries)
        .where(and(eq(leadDeliveries.leadId, leadId), eq(leadDeliveries.channel, channel)))
    )[0]!;
  const dealsOf = (id: string, field = ID_FIELD) => (fake.leadsByOurId(field).get(id) ?? []).map((dealId) => fake.leads.get(dealId)!);
  const value = (
    deal: { custom_fields_values: { field_id: number; field_code: string | null; values: { value: unknown }[] }[] | null },
    key: number | string,
  ) => deal.custom_fields_values?.find((f) => (typeof key === 'number' ? f.field_id === key : f.field_code === key))?.values[0]?.value;

  it('delivers a lead as one complex deal with its contact, every fact in its fields and note, and only its own rows', async () => {
    const id = await submit();
    const job = loops(adapter());
    try {
      expect(await job.leads.runOnce()).toBe(1);
      const [deal] = dealsOf(id);
      const [lot] = await db().select().from(lots).where(eq(lots.id, lotId));
      expect(deal).toMatchObject({
        name: expect.stringContaining('Заявка с сайта: Ипотека и рассрочка'),
        price: lot!.price,
        pipeline_id: fake.pipelineId,
        status_id: fake.statusIds[0],
      });
      expect(value(deal!, LOT_FIELD)).toBe(lot!.number);
      for (const [code, expected] of [
        ['UTM_SOURCE', 'yandex'],
        ['UTM_MEDIUM', 'cpc'],
        ['UTM_CAMPAIGN', 'autumn'],
        ['UTM_CONTENT', 'banner'],
        ['UTM_TERM', 'квартира'],
        ['REFERRER', 'https://ya.ru/'],
        ['_YM_UID', '1732000000123456789'],
      ] as const)
        expect(value(deal!, code), code).toBe(expected);
      const contact = fake.contacts.get(deal!.contactId!)!;
      expect(contact.name).toBe('Анна Петрова');
      expect(value(contact, 'PHONE')).toMatch(/^\+7916\d{7}$/);
      expect(value(contact, 'EMAIL')).toMatch(/@example\.ru$/);
      const [note] = fake.notes.filter((n) => n.entity_id === deal!.id);
      for (const line of [
        `Номер заявки на сайте: ${id}`,
        `Лот: ${lot!.number}`,
        'Ссылка на лот: http://localhost:3000/',
        'Страница заявки: http://localhost:3000/projects/1',
        'Источник перехода: https://ya.ru/',
        'Комментарий: Позвоните после шести',
        'Согласие на обработку ПДн: ',
      ])
        expect(note!.params.text).toContain(line);
      expect((await rowOf(id)).deliveredAt).not.toBeNull();
      expect(await db().select().from(crmLinks).where(eq(crmLinks.localId, id))).toEqual([
        expect.objectContaining({ channel: 'amocrm', kind: 'lead', externalId: String(deal!.id) }),
      ]);
      // The generic webhook's row of the same lead is its own loop's: untouched.
      expect(await rowOf(id, 'crm')).toMatchObject({ attempts: 0, deliveredAt: null });
    } finally {
      await job.stop();
    }
  });

  it('finds the deal an attempt whose answer was lost made instead of adding it twice', async () => {
    const id = await submit();
    const job = loops(adapter());
    try {
      fake.failNext('reset', 1, '/api/v4/leads/complex');
      expect(await job.leads.runOnce()).toBe(1);
      expect(await rowOf(id)).toMatchObject({ deliveredAt: null, attempts: 1, lastError: expect.stringContaining('connection failed') });
      // amoCRM has it already: the answer was lost, not the deal.
      expect(dealsOf(id)).toHaveLength(1);
      expect(await job.leads.runOnce(later(60_000))).toBe(1);
      expect(await rowOf(id)).toMatchObject({ attempts: 2, deliveredAt: expect.any(Date) });
      expect(dealsOf(id)).toHaveLength(1);
      expect(fake.notes.filter((n) => n.entity_id === dealsOf(id)[0]!.id)).toHaveLength(1);
      expect(fake.count(ID_FIELD).duplicated).toEqual([]);
    } finally {
      await job.stop();
    }
  });

  it('attaches the contact a manager already has, by phone or by e-mail, and makes one otherwise', async () => {
    const job = loops(adapter());
    try {
      const byPhone = await submit({ phone: '+7 916 555-00-02' });
      const known = fake.addContact('Анна', '8 (916) 555-00-02', null);
      const byEmail = await submit({ phone: '', channel: 'email', email: 'known.amo@example.ru' });
      const knownByEmail = fake.addContact('Анна', null, 'Known.Amo@Example.ru');
      const fresh = await submit();
      const before = fake.contacts.size;
      await job.leads.runOnce();
      expect(dealsOf(byPhone)[0]!.contactId).toBe(known);
      expect(dealsOf(byEmail)[0]!.contactId).toBe(knownByEmail);
      expect(fake.contacts.size).toBe(before + 1);
      expect([known, knownByEmail]).not.toContain(dealsOf(fresh)[0]!.contactId);
    } finally {
      await job.stop();
    }
  });

  it('waits as long as a 429 asks before trying again', async () => {
    const id = await submit();
    const job = loops(adapter());
    try {
      fake.setRetryAfter(120);
      fake.failNext('429');
      await job.leads.runOnce();
      const row = await rowOf(id);
      expect(row.deliveredAt).toBeNull();
      // The backoff alone is 20 ms; amoCRM asked for two minutes.
      expect(row.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(100_000);
      expect(await job.leads.runOnce(later(60_000))).toBe(0);
      expect(await job.leads.runOnce(later(130_000))).toBe(1);
      expect(dealsOf(id)).toHaveLength(1);
    } finally {
      fake.setRetryAfter(null);
      await job.stop();
    }
  });

  it('stops on a refused token with one error line naming AMOCRM_TOKEN, keeps the leads queued, probes, and resumes', async () => {
    const ids = [await submit(), await submit(), await submit()];
    const log = recordingLog();
    const job = loops(adapter(), log);
    fake.expireToken();
    try {
      const callsBefore = fake.requests.length;
      await job.leads.runOnce();
      const errors = log.lines.filter((l) => l.level === 'error');
      expect(errors).toHaveLength(1);
      expect(errors[0]!.msg).toMatch(/amocrm refused our credentials: check AMOCRM_TOKEN/);
      // No attempt is spent on a refusal; no personal data, and not the token, in any line.
      for (const id of ids) expect(await rowOf(id)).toMatchObject({ deliveredAt: null, attempts: 0, lastError: expect.stringContaining('AMOCRM_TOKEN') });
      expect(JSON.stringify(log.lines)).not.toMatch(/Анна|@example\.ru|\+7916|amo-long-lived-token/);
      const [state] = await db().select().from(crmAdapterStates).where(eq(crmAdapterStates.channel, 'amocrm'));
      expect(state!.pausedAt).not.toBeNull();
      // Stopped: nothing is asked of amoCRM until the probe.
      const calls = fake.requests.length;
      expect(await job.leads.runOnce(later(60_000))).toBe(0);
      expect(await job.leads.runOnce(later(5 * 60_000))).toBe(0);
      expect(fake.requests.length).toBe(calls);
      expect(calls - callsBefore).toBeLessThanOrEqual(ids.length * 3);
      // Still refused at the probe: still stopped, no second error line.
      expect(await job.leads.runOnce(later(11 * 60_000))).toBe(1);
      expect(log.lines.filter((l) => l.level === 'error')).toHaveLength(1);
      fake.renewToken();
      expect(await job.leads.runOnce(later(22 * 60_000))).toBe(1);
      expect(job.leads.paused()).toBe(false);
      const [resumed] = await db().select().from(crmAdapterStates).where(eq(crmAdapterStates.channel, 'amocrm'));
      expect(resumed!.pausedAt).toBeNull();
      await job.leads.runOnce(later(30 * 60_000));
      for (const id of ids) expect(dealsOf(id)).toHaveLength(1);
    } finally {
      fake.renewToken();
      await job.stop();
    }
  });

  it("makes a paid reservation one deal with each event a note; amoCRM's status webhook moves the buyer's deal page, once", async () => {
    const deal = await insertDeal(t, { lotId });
    const fanout = fanoutOf(t.config);
    expect(fanout.adapters).toEqual(['amocrm']);
    await db().transaction((tx) => recordEvent(tx, fanout, { reservationId: deal.id, kind: 'paid', at: new Date(), source: 'provider' }));
    const job = loops(adapter());
    try {
      expect(await job.reservations.runOnce()).toBe(1);
      const made = dealsOf(deal.id, RESERVATION_FIELD);
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ name: expect.stringContaining('Бронирование с задатком'), status_id: fake.statusIds[1] });
      const dealId = made[0]!.id;
      await db().transaction((tx) =>
        recordEvent(tx, fanout, { reservationId: deal.id, kind: 'extended', at: new Date(), source: 'staff', data: { reason: 'x' } }),
      );
      expect(await job.reservations.runOnce()).toBe(1);
      expect(dealsOf(deal.id, RESERVATION_FIELD)).toHaveLength(1);
      expect(fake.notes.filter((n) => n.entity_id === dealId).map((n) => n.params.text.split('\n')[0])).toEqual([
        `Номер заявки на сайте: ${deal.id}`,
        'Задаток оплачен',
        'Бронирование продлено',
      ]);

      const inject = (body: string, secret = SECRET) =>
        t.app.inject({
          method: 'POST',
          url: `/api/crm/amocrm/events/${secret}/`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: body,
        });
      const stageOf = async () => (await db().select().from(reservations).where(eq(reservations.id, deal.id)))[0]!.dealStage;
      // A wrong secret is an unknown address, and changes nothing.
      const moved = fake.moveLead(dealId, CONTRACT);
      const forged = await inject(moved, 'not-the-secret-0123456789abcdef');
      expect(forged.statusCode).toBe(404);
      expect(forged.body).not.toContain(SECRET);
      expect(await stageOf()).toBe('reserved');
      // Another account, or a form that is not amoCRM's: refused, naming the field.
      const other = await inject(fake.moveLead(dealId, CONTRACT, 'someone-else'));
      expect(other.statusCode).toBe(403);
      expect(Object.keys(other.json().errors)).toEqual(['account[subdomain]']);
      const bad = await inject(`leads[status][0][id]=x&account[subdomain]=${fake.subdomain}`);
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors)).toEqual(['leads[status][0][id]']);
      expect(await stageOf()).toBe('reserved');
      // The right secret: the deal is read back (the form's own status is not believed) and applied, once.
      const applied = await inject(moved);
      expect(applied.statusCode, applied.body).toBe(200);
      expect(applied.json()).toEqual({ deals: [{ id: dealId, outcome: 'applied' }] });
      expect((await inject(moved)).json()).toEqual({ deals: [{ id: dealId, outcome: 'duplicate' }] });
      expect(await stageOf()).toBe('contract_prepared');
      const page = await t.app.inject({ method: 'GET', url: `/deal/${deal.token}`, headers: { accept: 'text/html' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toMatch(/aria-current="step" data-stage="contract_prepared"/);
      // A form claiming closed-won for a deal amoCRM still has at the contract stage changes nothing more.
      const claimed = moved.replace(`status_id%5D=${CONTRACT}`, 'status_id%5D=142');
      expect((await inject(claimed)).json()).toEqual({ deals: [{ id: dealId, outcome: 'duplicate' }] });
      // Lost in another pipeline (143 is every pipeline's): another team's deal, nothing released.
      fake.leads.get(dealId)!.pipeline_id = fake.pipelineId + 1;
      expect((await inject(fake.moveLead(dealId, 143))).json()).toEqual({ deals: [{ id: dealId, outcome: 'not_found' }] });
      expect((await db().select().from(reservations).where(eq(reservations.id, deal.id)))[0]!.state).not.toBe('canceled');
      fake.leads.get(dealId)!.pipeline_id = fake.pipelineId;
      // Lost in amoCRM: the reservation is released, once.
      const lost = fake.moveLead(dealId, 143);
      expect((await inject(lost)).json()).toEqual({ deals: [{ id: dealId, outcome: 'released' }] });
      expect((await db().select().from(reservations).where(eq(reservations.id, deal.id)))[0]).toMatchObject({ state: 'canceled', cancelReason: 'crm' });
      expect((await inject(lost)).json()).toEqual({ deals: [{ id: dealId, outcome: 'duplicate' }] });
    } finally {
      await job.stop();
    }
  });
});
