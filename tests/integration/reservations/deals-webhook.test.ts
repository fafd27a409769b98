import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservationDeliveries, reservationEvents, reservations } from '#server/db/schema/index.ts';
import { signDealEvent } from '#server/modules/reservations/deals-webhook.ts';
import { testApp, type TestApp } from '#tests/support/app.ts';
import { ENGINES } from '#tests/support/db.ts';
import { insertDeal } from './deal-fixtures.ts';

const SECRET = 'deals-webhook-test-secret-0123456789abcdef';

/**
 * The CRM's deal stage webhook (`POST /api/deals/{id}/events/`, docs/guides/reservations.md "Deal tracker"): signed
 * over `X-Timestamp + "." + deal id + "." + raw body`, a timestamp within 5 minutes, idempotent by eventId, stages forward only,
 * each applied stage a timeline row queued for the CRM; not offered without its secret.
 */
describe.each(ENGINES)('the deal stage webhook (%s)', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp(engine, { DEALS_WEBHOOK_SECRET: SECRET, CRM_WEBHOOK_URL: 'http://127.0.0.1:9/crm' });
  }, 120_000);
  afterAll(async () => t?.dispose());

  const nowS = () => Math.floor(Date.now() / 1000);
  function send(id: string, body: unknown, opts: { secret?: string; timestamp?: number; signature?: string | null; raw?: string } = {}) {
    const raw = opts.raw ?? JSON.stringify(body);
    const timestamp = String(opts.timestamp ?? nowS());
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-timestamp': timestamp };
    const signature = opts.signature === undefined ? signDealEvent(opts.secret ?? SECRET, timestamp, id, raw) : opts.signature;
    if (signature !== null) headers['x-signature'] = signature;
    return t.app.inject({ method: 'POST', url: `/api/deals/${id}/events/`, headers, payload: raw });
  }
  const stageOf = async (id: string) => (await t.services.database.db.select().from(reservations).where(eq(reservations.id, id)))[0]!.dealStage;
  const eventsOf = (id: string) => t.services.database.db.select().from(reservationEvents).where(eq(reservationEvents.reservationId, id));

  it('applies a signed stage: the deal moves, a crm row of the timeline is written and queued for the CRM', async () => {
    const deal = await insertDeal(t);
    const res = await send(deal.id, { eventId: 'crm-1', stage: 'contract_prepared', at: '2026-11-29T10:00:00+03:00', note: 'Договор готов' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'applied', stage: 'contract_prepared' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await stageOf(deal.id)).toBe('contract_prepared');
    const [event] = await eventsOf(deal.id);
    expect(event).toMatchObject({
      kind: 'stage',
      stage: 'contract_prepared',
      source: 'crm',
      externalId: 'crm-1',
      data: { from: 'reserved', note: 'Договор готов' },
    });
    expect(event!.at.toISOString()).toBe('2026-11-29T07:00:00.000Z');
    const queued = await t.services.database.db.select().from(reservationDeliveries).where(eq(reservationDeliveries.eventId, event!.id));
    expect(queued.map((q) => q.channel)).toEqual(['crm']);
  });

  it('changes nothing on a replay of the same eventId (200), even with another stage', async () => {
    const deal = await insertDeal(t);
    const body = { eventId: 'crm-replay', stage: 'contract_signed', at: '2026-11-29T10:00:00Z' };
    expect((await send(deal.id, body)).json()).toEqual({ status: 'applied', stage: 'contract_signed' });
    const again = await send(deal.id, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ status: 'duplicate', stage: null });
    const other = await send(deal.id, { ...body, stage: 'keys' });
    expect(other.json()).toEqual({ status: 'duplicate', stage: null });
    expect(await stageOf(deal.id)).toBe('contract_signed');
    expect(await eventsOf(deal.id)).toHaveLength(1);
    // The same id on another deal is that deal's own event.
    const second = await insertDeal(t);
    expect((await send(second.id, body)).json()).toEqual({ status: 'applied', stage: 'contract_signed' });
  });

  it('refuses a stage that goes backwards with 409 naming the stage; the same stage again is unchanged', async () => {
    const deal = await insertDeal(t, { stage: 'registered' });
    const back = await send(deal.id, { eventId: 'crm-back', stage: 'contract_signed', at: '2026-11-29T10:00:00Z' });
    expect(back.statusCode).toBe(409);
    expect(Object.keys(back.json().errors)).toEqual(['stage']);
    const same = await send(deal.id, { eventId: 'crm-same', stage: 'registered', at: '2026-11-29T10:00:00Z' });
    expect(same.json()).toEqual({ status: 'unchanged', stage: 'registered' });
    expect(await stageOf(deal.id)).toBe('registered');
    expect(await eventsOf(deal.id)).toHaveLength(0);
    // An unpaid reservation has no stages.
    const held = await insertDeal(t, { state: 'held' });
    const early = await send(held.id, { eventId: 'crm-held', stage: 'contract_prepared', at: '2026-11-29T10:00:00Z' });
    expect(early.statusCode).toBe(409);
    expect(early.json().errors).toHaveProperty('stage');
  });

  it('answers 401 to a bad, missing or foreign signature and to a timestamp over 5 minutes away; nothing changes', async () => {
    const deal = await insertDeal(t);
    const body = { eventId: 'crm-forged', stage: 'keys', at: '2026-11-29T10:00:00Z' };
    const raw = JSON.stringify(body);
    const cases = [
      await send(deal.id, body, { signature: null }),
      await send(deal.id, body, { signature: 'sha256=zz' }),
      await send(deal.id, body, { secret: 'another-secret-of-at-least-32-characters' }),
      await send(deal.id, body, { signature: signDealEvent(SECRET, String(nowS()), deal.id, `${raw} `) }),
      await send(deal.id, body, { timestamp: nowS() - 6 * 60 }),
      await send(deal.id, body, { timestamp: nowS() + 6 * 60 }),
    ];
    for (const res of cases) {
      expect(res.statusCode, res.body).toBe(401);
      expect(res.json().detail).toMatch(/X-(Signature|Timestamp)/);
    }
    // A signature made for one timestamp does not hold for another (the timestamp is signed).
    const ts = nowS();
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${deal.id}/events/`,
      headers: { 'content-type': 'application/json', 'x-timestamp': String(ts - 1), 'x-signature': signDealEvent(SECRET, String(ts), deal.id, raw) },
      payload: raw,
    });
    expect(moved.statusCode).toBe(401);
    // A call signed for another deal is refused at this one's address (the deal's id is signed: the body names none).
    const other = await insertDeal(t);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${deal.id}/events/`,
      headers: { 'content-type': 'application/json', 'x-timestamp': String(ts), 'x-signature': signDealEvent(SECRET, String(ts), other.id, raw) },
      payload: raw,
    });
    expect(elsewhere.statusCode).toBe(401);
    expect(await stageOf(deal.id)).toBe('reserved');
    expect(await eventsOf(deal.id)).toHaveLength(0);
  });

  it('names the bad field with 400, answers 404 for an unknown deal, and reads no body over 16 KB', async () => {
    const deal = await insertDeal(t);
    const bad = async (body: unknown) => {
      const res = await send(deal.id, body);
      expect(res.statusCode, res.body).toBe(400);
      return Object.keys(res.json().errors).sort();
    };
    expect(await bad({ eventId: 'x', stage: 'moved_in', at: '2026-11-29T10:00:00Z' })).toEqual(['stage']);
    expect(await bad({ eventId: 'x', stage: 'keys', at: 'yesterday' })).toEqual(['at']);
    expect(await bad({ stage: 'keys', at: '2026-11-29T10:00:00Z' })).toEqual(['eventId']);
    expect(await bad({ eventId: 'x', stage: 'keys', at: '2026-11-29T10:00:00Z', amount: 1 })).toEqual(['amount']);
    const notJson = await send(deal.id, null, { raw: '{"eventId":' });
    expect(notJson.statusCode).toBe(400);
    const unknown = await send('00000000-0000-4000-8000-000000000000', { eventId: 'x', stage: 'keys', at: '2026-11-29T10:00:00Z' });
    expect(unknown.statusCode).toBe(404);
    expect((await send('not-a-deal', { eventId: 'x', stage: 'keys', at: '2026-11-29T10:00:00Z' })).statusCode).toBe(404);
    const huge = await send(deal.id, { eventId: 'x', stage: 'keys', at: '2026-11-29T10:00:00Z', note: 'я'.repeat(9000) });
    expect(huge.statusCode).toBe(413);
    expect(await stageOf(deal.id)).toBe('reserved');
  });

  it('is declared in the OpenAPI document with its body and answers', async () => {
    const doc = (await t.app.inject('/api/openapi.json')).json() as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const op = doc.paths['/api/deals/{id}/events/']?.post;
    expect(op).toBeDefined();
    expect(Object.keys(op!.responses).sort()).toEqual(['200', '400', '401', '404', '409', '413']);
  });
});

describe('the deal stage webhook without DEALS_WEBHOOK_SECRET', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp('pglite');
  }, 120_000);
  afterAll(async () => t?.dispose());

  it('is not offered: the API’s 404 for an unknown address, whatever is sent', async () => {
    const deal = await insertDeal(t);
    const raw = JSON.stringify({ eventId: 'x', stage: 'keys', at: '2026-11-29T10:00:00Z' });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/deals/${deal.id}/events/`,
      headers: { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signDealEvent('', timestamp, deal.id, raw) },
      payload: raw,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: `No API endpoint POST /api/deals/${deal.id}/events/` });
  });
});
