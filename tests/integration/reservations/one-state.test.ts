import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRoubles } from '#core/auctions/auction.ts';
import { catalogueFormat, lotAccessibleName } from '#core/catalogue/format.ts';
import type { LotCard, Page, ProjectCard } from '#core/catalogue/types.ts';
import { loadMessages, translator } from '#core/i18n/messages.ts';
import type { Database } from '#server/db/client.ts';
import { lotHistory, lots, reservations } from '#server/db/schema/index.ts';
import { bumpCatalogueVersion } from '#server/modules/catalogue/index.ts';
import { importFeed } from '#server/modules/catalogue/ingest/import.ts';
import { createLeadOutbox } from '#server/modules/leads/outbox.ts';
import { crmTransport } from '#server/modules/leads/delivery/crm.ts';
import { createHold, endReservations } from '#server/modules/reservations/index.ts';
import { dealView } from '#server/modules/reservations/deals-view.ts';
import { buyerMayCancel } from '#server/modules/reservations/cancel.ts';
import { signDealEvent } from '#server/modules/reservations/deals-webhook.ts';
import { pageApp, type TestApp } from '#tests/support/app.ts';
import { fakeCrm, receivedByCrm } from '#tests/support/leads-fakes.ts';
import { noScriptVisitor, type NoScriptPage } from '#tests/support/no-script.ts';
import { readPdf } from '#tests/support/pdf.ts';
import { fetchVia } from '#tests/support/site.ts';

const SECRET = 'reservation-one-state-secret';
const DEALS_SECRET = 'reservation-one-state-deals-secret-0123456789';
const silent = { info: () => {}, warn: () => {}, error: () => {} };
/** Text as a reader copies it: every kind of space one plain space. */
const plain = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ');
const DAY = 86_400_000;

/**
 * A lot reserved online has one state (issue #39, DESIGN "A lot has one commercial state"): decided in the catalogue's
 * snapshot from its reservation, and every surface says the same — the filter's cards and counts, the lot page and its
 * schema.org offer, the section's chessboard and the floor plan, the portal feed, the PDF sheet and the lead the CRM
 * receives; a hold shows as reserved without a date, a paid reservation «Забронирован до …»; once its end has passed
 * the lot is free again everywhere, before any job has written it.
 */
describe('a lot reserved online, on every surface', () => {
  let t: TestApp & { database: Database };
  let crm: Awaited<ReturnType<typeof fakeCrm>>;
  let visitor: ReturnType<typeof noScriptVisitor>;
  const media = mkdtempSync(join(tmpdir(), 'reservation-one-state-media-'));
  const json = async <T>(url: string): Promise<T> => {
    const res = await t.app.inject(url);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return res.json<T>();
  };

  beforeAll(async () => {
    crm = await fakeCrm(SECRET);
    t = await pageApp('pglite', {
      CRM_WEBHOOK_URL: crm.url,
      CRM_WEBHOOK_SECRET: SECRET,
      CAPTCHA_MODE: 'off',
      LEADS_IP_LIMIT: '1000',
      MEDIA_DIR: media,
      DEALS_WEBHOOK_SECRET: DEALS_SECRET,
    });
    visitor = noScriptVisitor(fetchVia(t.app));
  });
  afterAll(async () => {
    await visitor?.close();
    await t?.dispose();
    await crm?.close();
    rmSync(media, { recursive: true, force: true });
  });

  /** A request naming the lot, delivered to the (fake) CRM: the lot's part of what the CRM got. */
  async function crmLot(lot: LotCard): Promise<Record<string, unknown>> {
    const outcome = await t.services.leads.submit(
      'request',
      {
        name: 'Анна',
        phone: `+7916${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
        consent: true,
        type: 'lot',
        project: lot.projectId,
        lot: lot.id,
      },
      { locale: 'ru', ip: '127.0.0.1', idempotencyKey: randomUUID(), source: 'api' },
    );
    if (outcome.type !== 'accepted') throw new Error(`not accepted: ${JSON.stringify(outcome)}`);
    const outbox = createLeadOutbox({
      db: t.database.db,
      transports: { crm: crmTransport({ url: crm.url, secret: SECRET, timeoutMs: 5000 }) },
      metrics: t.services.leads.metrics,
      log: silent,
      retryBaseMs: 20,
      retryMaxMs: 100,
      pollMs: 50,
      leaseMs: 5000,
    });
    const receipt = await receivedByCrm(crm, outcome.answer.id, () => outbox.runOnce());
    const details = receipt.body.details as Record<string, unknown>;
    return { status: details.lot_status, until: details.lot_reserved_until, number: details.lot_number };
  }

  /** What every surface says of one lot, each read as a client reads it: JSON, HTML without script, XML, PDF text. */
  async function surfaces(id: string) {
    // The server hears the change (its data versions) and decides the lots' states again.
    await t.services.versions.check();
    await t.services.catalogue.refresh();
    const [lot] = await t.services.catalogue.lotsByIds([id], 'ru');
    if (!lot) throw new Error(`no lot ${id}`);
    const tr = translator(await loadMessages('ru'), 'ru');
    const format = catalogueFormat('ru', tr);
    const word = format.lotStatus(lot);

    const where = `project=${lot.projectId}&type=${lot.type}&floor_min=${lot.floor}&floor_max=${lot.floor}&limit=200&lang=ru`;
    const all = await json<Page<LotCard>>(`/api/filter/?${where}&status=free,booked,sold,auction,reserved`);
    const card = all.results.find((c) => c.id === id);
    const forSale = (await json<Page<LotCard>>(`/api/filter/?${where}`)).results.some((c) => c.id === id);
    const underReserved = (await json<Page<LotCard>>(`/api/filter/?${where}&status=reserved`)).results.some((c) => c.id === id);
    const project = await json<ProjectCard>(`/api/project/${lot.projectId}/?lang=ru`);

    const page = await visitor.open(lot.url);
    expect(page.status).toBe(200);
    const aside = plain(page.document.querySelector('aside[aria-labelledby="lot-title"]')?.textContent ?? '');
    const listing = [...page.document.querySelectorAll('script[type="application/ld+json"]')]
      .flatMap((s) => {
        const data = JSON.parse(s.textContent ?? '{}') as { '@graph'?: unknown[] };
        return (data['@graph'] ?? [data]) as { '@type'?: string; offers?: { price: number; availability: string } }[];
      })
      .find((thing) => thing['@type'] === 'RealEstateListing');

    const chess = await visitor.open(`/projects/${lot.projectId}/building/${lot.buildingId}/section/${lot.sectionId}`);
    const floor = await visitor.open(`/projects/${lot.projectId}/building/${lot.buildingId}/section/${lot.sectionId}/floor/${lot.floorId}`);
    const named = (p: NoScriptPage) => plain(p.document.body.textContent ?? '').includes(plain(lotAccessibleName(format, lot)));
    const title = format.lotTitle(lot);
    const row = [...floor.document.querySelectorAll('li')].find((li) => li.textContent?.includes(title));

    const feed = (await t.app.inject('/feeds/yandex.xml')).body;
    const pageTitle = plain(page.document.title);
    const sheetHref = page.document.querySelector('a[download]')?.getAttribute('href');
    const pdf = sheetHref ? plain(readPdf((await t.app.inject(sheetHref)).rawPayload).text) : '';
    return {
      lot,
      word,
      api: { status: card?.status, reservedUntil: card?.reservedUntil, forSale, underReserved },
      counts: { left: project.lotsLeft, booked: project.lotsBooked },
      page: aside.includes(word),
      aside,
      availability: listing?.offers?.availability,
      // The lot page's title names the price only while the lot is offered or taken at it.
      titlePrice: pageTitle.includes(plain(format.price(lot))),
      chess: named(chess),
      floor: plain(row?.textContent ?? '').includes(word),
      feed: feed.includes(`<offer internal-id="${id}">`),
      // The sheet names a state other than free in its chip, and the price the lot is offered or taken at.
      pdf: { says: pdf.includes(plain(word)), price: pdf.includes(plain(format.price(lot))) },
      crm: await crmLot(lot),
    };
  }

  it('held, then reserved until its end, then free again once the end has passed', async () => {
    const [free] = (await json<Page<LotCard>>('/api/filter/?type=flat&limit=1&ordering=price&lang=ru')).results;
    expect(free?.status).toBe('free');
    const before = await surfaces(free!.id);
    expect(before.api).toEqual({ status: 'free', reservedUntil: null, forSale: true, underReserved: false });
    expect(before.availability).toBe('https://schema.org/InStock');
    expect([before.page, before.chess, before.floor, before.feed]).toEqual([true, true, true, true]);
    expect(before.pdf).toEqual({ says: false, price: true });

    // A buyer holds the lot while paying: reserved to the public, without a date; for sale nowhere.
    const hold = await createHold(t.database.db, {
      lotId: Number(free!.id),
      name: 'Анна',
      phone: '+79161234567',
      email: 'anna@example.com',
      locale: 'ru',
      consent: true,
    });
    if (!hold.ok) throw new Error(hold.reason);
    const held = await surfaces(free!.id);
    expect(held.lot.status).toBe('held');
    expect(held.word).toBe('Забронирован');
    expect(held.api).toEqual({ status: 'held', reservedUntil: null, forSale: false, underReserved: true });
    expect(held.counts).toEqual({ left: before.counts.left - 1, booked: before.counts.booked + 1 });
    expect(held.availability).toBe('https://schema.org/Reserved');
    expect([held.page, held.chess, held.floor, held.feed]).toEqual([true, true, true, false]);
    expect(held.pdf).toEqual({ says: true, price: true });
    expect(held.crm).toEqual({ status: 'held', until: null, number: held.lot.number });

    // The deposit is paid (as the payment flow writes it): reserved until the end of its period, said with the date.
    const paidAt = new Date();
    const endsAt = new Date(paidAt.getTime() + 7 * DAY);
    await t.database.db.update(reservations).set({ state: 'reserved', paidAt, endsAt }).where(eq(reservations.id, hold.reservation.id));
    const reserved = await surfaces(free!.id);
    const date = new Intl.DateTimeFormat('ru-RU', { day: 'numeric', month: 'long', timeZone: 'Europe/Moscow' }).format(endsAt);
    expect(reserved.word).toBe(`Забронирован до ${date}`);
    expect(reserved.aside).toContain(`Этот лот забронирован онлайн до ${date}.`);
    expect(held.aside).toContain('Этот лот сейчас бронируют онлайн.');
    expect(reserved.api).toEqual({ status: 'reserved', reservedUntil: endsAt.toISOString(), forSale: false, underReserved: true });
    expect(reserved.counts).toEqual(held.counts);
    expect(reserved.availability).toBe('https://schema.org/Reserved');
    expect([reserved.page, reserved.chess, reserved.floor, reserved.feed]).toEqual([true, true, true, false]);
    expect(reserved.pdf).toEqual({ says: true, price: true });
    expect(reserved.crm).toEqual({ status: 'reserved', until: endsAt.toISOString(), number: reserved.lot.number });
    // The price it is taken at stays on its page (a reservation may fall through).
    expect(plain(formatRoubles(reserved.lot.price, 'ru'))).toBe(plain(formatRoubles(free!.price, 'ru')));

    // Its end passes (as the clock would make it): free again everywhere before any job writes the reservation.
    await t.database.db
      .update(reservations)
      .set({ paidAt: sql`now() - interval '8 days'`, endsAt: sql`now() - interval '1 minute'` })
      .where(eq(reservations.id, hold.reservation.id));
    const after = await surfaces(free!.id);
    expect(after.api).toEqual(before.api);
    expect(after.aside).not.toContain('онлайн');
    expect(after.counts).toEqual(before.counts);
    expect(after.availability).toBe('https://schema.org/InStock');
    expect([after.page, after.chess, after.floor, after.feed]).toEqual([true, true, true, true]);
    expect(after.pdf).toEqual(before.pdf);
    expect(after.crm).toEqual({ status: 'free', until: null, number: after.lot.number });
    // The job then writes it ended; nothing a visitor sees moves.
    expect(await endReservations(t.database.db)).toBe(1);
    const [row] = await t.database.db.select({ state: reservations.state }).from(reservations).where(eq(reservations.id, hold.reservation.id));
    expect(row?.state).toBe('ended');
    expect((await surfaces(free!.id)).api).toEqual(before.api);
  });

  /** The CRM's signed stage event (`POST /api/deals/{id}/events/`), as the deal tracker's webhook takes it. */
  async function stage(id: string, eventId: string, to: string) {
    const raw = JSON.stringify({ eventId, stage: to, at: new Date().toISOString() });
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers = { 'content-type': 'application/json', 'x-timestamp': timestamp, 'x-signature': signDealEvent(DEALS_SECRET, timestamp, id, raw) };
    const res = await t.app.inject({ method: 'POST', url: `/api/deals/${id}/events/`, headers, payload: raw });
    return { status: res.statusCode, body: res.json<{ status: string; stage: string | null }>() };
  }

  it('a signed contract sells the lot on every surface at once; the keys complete the deal and the lot stays sold', async () => {
    const [free] = (await json<Page<LotCard>>('/api/filter/?type=flat&limit=1&ordering=-price&lang=ru')).results;
    const before = await surfaces(free!.id);
    expect(before.api.status).toBe('free');
    const hold = await createHold(t.database.db, {
      lotId: Number(free!.id),
      name: 'Борис',
      phone: '+79161234500',
      email: 'boris@example.com',
      locale: 'ru',
      consent: true,
    });
    if (!hold.ok) throw new Error(hold.reason);
    const id = hold.reservation.id;
    await t.database.db
      .update(reservations)
      .set({ state: 'reserved', paidAt: new Date(), endsAt: new Date(Date.now() + 7 * DAY) })
      .where(eq(reservations.id, id));
    expect((await stage(id, 'crm-prepared', 'contract_prepared')).body).toEqual({ status: 'applied', stage: 'contract_prepared' });
    expect((await surfaces(free!.id)).api.status).toBe('reserved');

    // The contract is signed: the lot's row is sold, with its history row, in the stage's own transaction.
    expect(await stage(id, 'crm-signed', 'contract_signed')).toEqual({ status: 200, body: { status: 'applied', stage: 'contract_signed' } });
    const [row] = await t.database.db
      .select({ status: lots.status })
      .from(lots)
      .where(eq(lots.id, Number(free!.id)));
    const [last] = await t.database.db
      .select({ status: lotHistory.status })
      .from(lotHistory)
      .where(eq(lotHistory.lotId, Number(free!.id)))
      .orderBy(desc(lotHistory.at))
      .limit(1);
    expect([row?.status, last?.status]).toEqual(['sold', 'sold']);
    const sold = await surfaces(free!.id);
    expect(sold.lot.status).toBe('sold');
    expect(sold.word).toMatch(/^Продан/);
    expect(sold.api).toEqual({ status: 'sold', reservedUntil: null, forSale: false, underReserved: false });
    expect(sold.counts).toEqual({ left: before.counts.left - 1, booked: before.counts.booked });
    expect(sold.availability).toBe('https://schema.org/SoldOut');
    expect([sold.page, sold.chess, sold.floor, sold.feed, sold.titlePrice]).toEqual([true, true, true, false, false]);
    expect(sold.aside).not.toContain('онлайн');
    expect(sold.pdf).toEqual({ says: true, price: false });
    expect(sold.crm).toEqual({ status: 'sold', until: null, number: sold.lot.number });
    // A signed contract is no longer the buyer's to cancel: the deal page offers no refund, and the cancel is refused.
    const [signed] = await t.database.db.select().from(reservations).where(eq(reservations.id, id));
    expect(buyerMayCancel(signed!, new Date())).toBe(false);
    expect((await dealView(t.database.db, hold.token))?.refundUntil).toBeNull();

    // Registered, then the keys: the reservation is completed and the lot stays sold everywhere.
    expect((await stage(id, 'crm-registered', 'registered')).body.status).toBe('applied');
    expect((await stage(id, 'crm-keys', 'keys')).body).toEqual({ status: 'applied', stage: 'keys' });
    const [done] = await t.database.db.select().from(reservations).where(eq(reservations.id, id));
    expect([done?.state, done?.dealStage]).toEqual(['completed', 'keys']);
    // A later event of the finished deal changes nothing; an earlier stage is refused.
    expect((await stage(id, 'crm-keys-again', 'keys')).body).toEqual({ status: 'unchanged', stage: 'keys' });
    expect((await stage(id, 'crm-late', 'registered')).status).toBe(409);
    const completed = await surfaces(free!.id);
    expect({ ...completed, crm: { ...completed.crm, number: null } }).toEqual({ ...sold, crm: { ...sold.crm, number: null } });
    // The buyer's deal page still has the deal, every stage reached (deals-buyer.test.ts: its documents and handover).
    const deal = await dealView(t.database.db, hold.token);
    expect([deal?.state, deal?.stages.every((s) => s.reached)]).toEqual(['completed', true]);

    // The import cannot put the lot back on sale while the deal stands: the row is refused, naming its status.
    const report = await importFeed(t.database, JSON.stringify([{ id: Number(free!.id), status: 'free' }]));
    expect(report.rejected.map((r) => Object.keys(r.errors))).toEqual([['status']]);
    // Nor can a catalogue written again (its row says free): the completed deal still makes the lot sold, and no one may hold it.
    await t.database.db
      .update(lots)
      .set({ status: 'free' })
      .where(eq(lots.id, Number(free!.id)));
    await bumpCatalogueVersion(t.database.db);
    expect((await surfaces(free!.id)).api).toEqual(sold.api);
    const again = await createHold(t.database.db, {
      lotId: Number(free!.id),
      name: 'Вера',
      phone: '+79161234501',
      email: 'vera@example.com',
      locale: 'ru',
      consent: true,
    });
    expect(again).toEqual({ ok: false, reason: 'lot_unavailable' });
  });
});
