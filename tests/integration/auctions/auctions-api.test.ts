import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatRoubles } from '#core/auctions/auction.ts';
import { seedDemoAuctions } from '#server/modules/auctions/demo.ts';
import { importAuctions } from '#server/modules/auctions/import.ts';
import type { Db } from '#server/db/client.ts';
import { auctionBids, auctions, leadDeliveries, leads, lots } from '#server/db/schema/index.ts';
import { crmPayload } from '#server/modules/leads/payload.ts';
import { ENGINES } from '#tests/support/db.ts';
import { browserHeaders, testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';

const MIN = 60_000;
let phoneSeq = 100;
/** A fresh valid phone per bid, so the per-phone budget stays out of the way. */
const freshPhone = () => `+7 917 444-${String(Math.floor(phoneSeq / 100) % 100).padStart(2, '0')}-${String(phoneSeq++ % 100).padStart(2, '0')}`;
const bidder = (amount: number | string, over: Record<string, unknown> = {}) => ({ name: 'Борис', phone: freshPhone(), consent: true, amount, ...over });
const iso = (t: number) => new Date(t).toISOString();

describe.each(ENGINES)('auctions on %s', (engine) => {
  let t: TestApp;
  let db: Db;
  let freeLots: number[];
  let lotIndex = 0;

  beforeAll(async () => {
    t = await testAppWithCatalogue(engine, { CRM_WEBHOOK_URL: 'http://127.0.0.1:9/crm', CAPTCHA_MODE: 'off', LEADS_IP_LIMIT: '1000' });
    db = t.services.database.db;
    freeLots = (await db.select({ id: lots.id }).from(lots).where(eq(lots.status, 'free')).orderBy(asc(lots.id)).limit(40)).map((l) => l.id);
  }, 180_000);
  afterAll(async () => t?.dispose());
  beforeEach(() => t.services.leads.resetLimits());

  /** A new auction on a lot of its own, through the import (the admin path). */
  async function announce(opts: { startsIn?: number; endsIn: number; startPrice?: number; step?: number; extend?: number }): Promise<number> {
    const now = Date.now();
    const row = {
      lot: freeLots[lotIndex++]!,
      start_price: opts.startPrice ?? 10_000_000,
      min_step: opts.step ?? 100_000,
      starts_at: iso(now + (opts.startsIn ?? -60 * MIN)),
      ends_at: iso(now + opts.endsIn),
      extend_minutes: opts.extend ?? 0,
    };
    const report = await importAuctions(db, JSON.stringify([row]));
    expect(report.rejected).toEqual([]);
    const [found] = await db.select({ id: auctions.id }).from(auctions).where(eq(auctions.lotId, row.lot));
    return found!.id;
  }

  const bid = (id: number, payload: Record<string, unknown>, headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') => {
    const url = `/api/auction/${id}/bid/`;
    return t.app.inject({ method: 'POST', url, remoteAddress, headers: { ...browserHeaders(t.config, url), ...headers }, payload });
  };

  it('keeps the lists while the data version stands, yet shows a bid at once and a change once the version moves', async () => {
    const ids = (lists: Awaited<ReturnType<typeof t.services.auctions.lists>>) => [...lists.live, ...lists.scheduled, ...lists.ended].map((v) => v.id);
    await t.services.versions.check();
    const first = await announce({ endsIn: 90 * MIN, startPrice: 5_000_000 });
    await t.services.versions.check();
    expect(ids(await t.services.auctions.lists('ru'))).toContain(first);
    // A bid taken here: the next read shows it, with no wait for the version.
    expect((await bid(first, bidder(5_000_000))).statusCode).toBe(201);
    expect((await t.services.auctions.lists('ru')).live.find((v) => v.id === first)).toMatchObject({ bidCount: 1, bestAmount: 5_000_000 });
    // A write elsewhere (the import): seen when the process learns the version…
    const second = await announce({ endsIn: 90 * MIN });
    await t.services.versions.check();
    expect(ids(await t.services.auctions.lists('ru'))).toContain(second);
    // …and in any case once the lists' window has moved a minute.
    const third = await announce({ endsIn: 90 * MIN });
    expect(ids(await t.services.auctions.lists('ru', new Date(Date.now() + 61_000)))).toContain(third);
  });

  it('decides 50 concurrent bids at one level in the database: exactly one accepted, one lead, one outbox row', async () => {
    const id = await announce({ endsIn: 60 * MIN });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => bid(id, bidder(10_000_000), {}, `10.50.${Math.floor(i / 200)}.${(i % 200) + 1}`)));
    const codes = answers.reduce<Record<number, number>>((acc, a) => ({ ...acc, [a.statusCode]: (acc[a.statusCode] ?? 0) + 1 }), {});
    expect(codes).toEqual({ 201: 1, 409: 49 });
    for (const refused of answers.filter((a) => a.statusCode === 409)) {
      const body = refused.json();
      expect(Object.keys(body.errors)).toEqual(['amount']);
      expect(body.errors.amount).toEqual([`Ставка должна быть не меньше ${formatRoubles(10_100_000, 'ru')}`]);
      expect(body.auction).toMatchObject({ bestAmount: 10_000_000, bidCount: 1, minimumBid: 10_100_000 });
    }
    const bids = await db.select().from(auctionBids).where(eq(auctionBids.auctionId, id));
    expect(bids).toHaveLength(1);
    const bidLeads = await db
      .select()
      .from(leads)
      .where(and(eq(leads.kind, 'auction_bid'), eq(leads.id, bids[0]!.leadId!)));
    expect(bidLeads).toHaveLength(1);
    expect(await db.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, bids[0]!.leadId!))).toHaveLength(1);
    // No lead was left behind by a refused bid: its lead rolled back with it.
    const all = await db.select({ id: leads.id, details: leads.details }).from(leads).where(eq(leads.kind, 'auction_bid'));
    expect(all.filter((l) => l.details.auction === id)).toHaveLength(1);
  });

  it('accepts increasing bids, each a lead to the CRM with the auction, lot and amount, and refuses one below the best plus the step naming amount', async () => {
    const id = await announce({ endsIn: 60 * MIN, startPrice: 5_000_000, step: 50_000 });
    const accepted: string[] = [];
    for (const amount of [5_000_000, 5_050_000, 5_200_000]) {
      const res = await bid(id, bidder(amount));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ status: 'accepted', title: 'Ставка принята', auction: { bestAmount: amount } });
      expect(res.json().message).toContain(formatRoubles(amount, 'ru'));
      accepted.push(res.json().id);
    }
    const low = await bid(id, bidder(5_249_999), { 'accept-language': 'en' });
    expect(low.statusCode).toBe(409);
    expect(low.json().errors).toEqual({ amount: [`The bid must be at least ${formatRoubles(5_250_000, 'en')}`] });
    const state = (await t.app.inject({ url: `/api/auction/${id}/` })).json();
    expect(state.auction).toMatchObject({ status: 'live', bestAmount: 5_200_000, bidCount: 3, minimumBid: 5_250_000 });

    const rows = await db.select().from(leads).where(inArray(leads.id, accepted));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.kind).toBe('auction_bid');
      const payload = crmPayload(row);
      expect(payload.details).toMatchObject({ auction: id, lot: expect.any(Number), amount: expect.any(Number) });
      expect(payload.context).toMatchObject({ lot: expect.stringMatching(/^\//), source: 'api' });
    }
    expect(rows.map((r) => r.details.amount).sort()).toEqual([5_000_000, 5_050_000, 5_200_000]);
    const outbox = await db.select().from(leadDeliveries).where(inArray(leadDeliveries.leadId, accepted));
    expect(outbox.map((o) => o.channel)).toEqual(['crm', 'crm', 'crm']);
  });

  it('refuses a first bid below the start price, a bad amount and a bid without consent, naming the field', async () => {
    const id = await announce({ endsIn: 60 * MIN, startPrice: 3_000_000 });
    const low = await bid(id, bidder(2_999_999), { 'accept-language': 'zh' });
    expect(low.statusCode).toBe(409);
    expect(low.json().errors).toEqual({ amount: [`出价不得低于${formatRoubles(3_000_000, 'zh')}`] });
    const bad = await bid(id, bidder('three million'));
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['amount']);
    const noConsent = await bid(id, bidder(3_000_000, { consent: false }));
    expect(noConsent.statusCode).toBe(400);
    expect(Object.keys(noConsent.json().errors)).toEqual(['consent']);
    expect(await db.select().from(auctionBids).where(eq(auctionBids.auctionId, id))).toHaveLength(0);
  });

  it('refuses bids before the start and after the end', async () => {
    const ended = await announce({ startsIn: -120 * MIN, endsIn: -1 * MIN });
    const late = await bid(ended, bidder(10_000_000), { 'accept-language': 'en' });
    expect(late.statusCode).toBe(409);
    expect(late.json().errors).toEqual({ amount: ['Bidding has already ended'] });
    const scheduled = await announce({ startsIn: 60 * MIN, endsIn: 120 * MIN });
    const early = await bid(scheduled, bidder(10_000_000));
    expect(early.statusCode).toBe(409);
    expect(early.json().errors).toEqual({ amount: ['Торги ещё не начались'] });
    expect(
      await db
        .select()
        .from(auctionBids)
        .where(inArray(auctionBids.auctionId, [ended, scheduled])),
    ).toHaveLength(0);
  });

  it('moves the end to now + N minutes for a bid in the last N minutes, and not for an earlier one', async () => {
    const id = await announce({ endsIn: 2 * MIN, extend: 10 });
    const before = Date.now();
    expect((await bid(id, bidder(10_000_000))).statusCode).toBe(201);
    const [row] = await db.select().from(auctions).where(eq(auctions.id, id));
    expect(row!.endsAt.getTime()).toBeGreaterThanOrEqual(before + 10 * MIN - 1000);
    expect(row!.endsAt.getTime()).toBeLessThanOrEqual(Date.now() + 10 * MIN);
    expect(row!.plannedEndsAt.getTime()).toBeLessThan(row!.endsAt.getTime());

    const far = await announce({ endsIn: 60 * MIN, extend: 10 });
    const [planned] = await db.select().from(auctions).where(eq(auctions.id, far));
    expect((await bid(far, bidder(10_000_000))).statusCode).toBe(201);
    const [after] = await db.select().from(auctions).where(eq(auctions.id, far));
    expect(after!.endsAt.getTime()).toBe(planned!.endsAt.getTime());
  });

  it('answers a repeated Idempotency-Key with the same bid, never a second one', async () => {
    const id = await announce({ endsIn: 60 * MIN });
    const key = randomUUID();
    const payload = bidder(10_000_000);
    const first = await bid(id, payload, { 'idempotency-key': key });
    const again = await bid(id, payload, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect(await db.select().from(auctionBids).where(eq(auctionBids.auctionId, id))).toHaveLength(1);
  });

  it('needs the CSRF and anti-bot headers like every API POST, and answers 404 for an unknown auction', async () => {
    const id = await announce({ endsIn: 60 * MIN });
    const bare = await t.app.inject({ method: 'POST', url: `/api/auction/${id}/bid/`, payload: bidder(10_000_000) });
    expect(bare.statusCode).toBe(403);
    expect((await bid(999_999, bidder(10_000_000))).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/auction/999999/' })).statusCode).toBe(404);
  });

  it('shows live, scheduled and ended auctions in the informer, at both addresses, without any personal data', async () => {
    await seedDemoAuctions(db);
    const res = await t.app.inject({ url: '/api/auction_informer/s?lang=en' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const other = (await t.app.inject({ url: '/api/auction_informer/?lang=en' })).json();
    expect({ ...other, now: body.now }).toEqual(body);
    expect(body.live.length).toBeGreaterThanOrEqual(3);
    expect(body.scheduled.length).toBeGreaterThanOrEqual(1);
    expect(body.ended.length).toBeGreaterThanOrEqual(1);
    expect(body.live.every((a: { status: string }) => a.status === 'live')).toBe(true);
    expect(body.ended.some((a: { result: string | null; bestAmount: number | null }) => a.result === 'sold' && a.bestAmount)).toBe(true);
    expect(body.live[0].lot).toMatchObject({ url: expect.stringMatching(/^\//), projectName: expect.any(String) });
    // Bidders made the bids above with names and phones: none of it, nor a lead id, is in the answer.
    const text = res.body;
    expect(text).not.toMatch(/Борис|\+?7917444|"phone"|"name"|"email"|leadId|lead_id/i);
    const leadIds = (await db.select({ id: leads.id }).from(leads)).map((l) => l.id);
    for (const leadId of leadIds) expect(text).not.toContain(leadId);
  });

  it('declares the auction calls in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    for (const path of ['/api/auction_informer/s', '/api/auction_informer/', '/api/auction/{id}/', '/api/auction/{id}/bid/'])
      expect(doc.paths[path], path).toBeDefined();
  });
});
