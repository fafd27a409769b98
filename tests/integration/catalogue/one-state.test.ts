import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRoubles, type AuctionView } from '#core/auctions/auction.ts';
import { catalogueFormat, lotAccessibleName } from '#core/catalogue/format.ts';
import type { Facets, LotCard, Page, ProjectCard } from '#core/catalogue/types.ts';
import { loadMessages, translator } from '#core/i18n/messages.ts';
import { auctions, lotHistory, lots } from '#server/db/schema/index.ts';
import { seedDemoAuctions } from '#server/modules/auctions/demo.ts';
import { settleEndedAuctions } from '#server/modules/catalogue/index.ts';
import { createLeadOutbox } from '#server/modules/leads/outbox.ts';
import { crmTransport } from '#server/modules/leads/delivery/crm.ts';
import { browserHeaders, pageApp, type TestApp } from '#tests/support/app.ts';
import type { Database } from '#server/db/client.ts';
import { fakeCrm, receivedByCrm } from '#tests/support/leads-fakes.ts';
import { noScriptVisitor, type NoScriptPage } from '#tests/support/no-script.ts';
import { readPdf } from '#tests/support/pdf.ts';
import { fetchVia } from '#tests/support/site.ts';

const SECRET = 'one-state-secret';
const silent = { info: () => {}, warn: () => {}, error: () => {} };
/** Prices as a reader copies them: every kind of space one plain space. */
const plain = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, ' ');
const roubles = (value: number) => plain(formatRoubles(value, 'ru'));

/**
 * A lot has one commercial state (DESIGN "A lot has one commercial state", issue #38 findings 1 and 2): decided once
 * in the catalogue's snapshot from the lot's row and its auction, and every surface that shows it says the same — the
 * filter's cards and counts, the lot page, its schema.org offer, the section's chessboard, the floor plan, the portal
 * feed, the lot's PDF sheet and the lead the CRM receives; and "for sale" counts the same lots everywhere.
 */
describe('one commercial state per lot', () => {
  let t: TestApp & { database: Database };
  let crm: Awaited<ReturnType<typeof fakeCrm>>;
  let visitor: ReturnType<typeof noScriptVisitor>;
  const media = mkdtempSync(join(tmpdir(), 'one-state-media-'));
  const json = async <T>(url: string): Promise<T> => {
    const res = await t.app.inject(url);
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
    return res.json<T>();
  };

  beforeAll(async () => {
    crm = await fakeCrm(SECRET);
    t = await pageApp('pglite', { CRM_WEBHOOK_URL: crm.url, CRM_WEBHOOK_SECRET: SECRET, CAPTCHA_MODE: 'off', LEADS_IP_LIMIT: '1000', MEDIA_DIR: media });
    // The demo's auctions, as a first start seeds them: live ones (with and without bids), an announced one and one
    // that ended three days ago with bids (sold, not yet settled: its lot's row still says free).
    await t.database.db.transaction((tx) => seedDemoAuctions(tx));
    await t.services.catalogue.refresh();
    visitor = noScriptVisitor(fetchVia(t.app));
  });
  afterAll(async () => {
    await visitor?.close();
    await t?.dispose();
    await crm?.close();
    rmSync(media, { recursive: true, force: true });
  });

  const informer = () => json<{ live: AuctionView[]; scheduled: AuctionView[]; ended: AuctionView[] }>('/api/auction_informer/?lang=ru');

  /** A request naming the lot, as its page's form sends it, delivered to the (fake) CRM: the lot's part of what the CRM got. */
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
    return { status: details.lot_status, price: details.lot_price, number: details.lot_number };
  }

  /**
   * What every surface says of one lot: its status (the state's word where a page shows words) and the price it is
   * offered at (null where none is shown). Each read as a client reads it: JSON, HTML without script, XML, PDF text.
   */
  async function surfaces(id: string) {
    const [lot] = await t.services.catalogue.lotsByIds([id], 'ru');
    if (!lot) throw new Error(`no lot ${id}`);
    const messages = await loadMessages('ru');
    const tr = translator(messages, 'ru');
    const format = catalogueFormat('ru', tr);
    const word = format.lotStatus(lot);

    // The filter: the lot is found under its status, and the default ("for sale") list has it only when it is free.
    const where = `project=${lot.projectId}&type=${lot.type}&floor_min=${lot.floor}&floor_max=${lot.floor}&limit=200&lang=ru`;
    const all = await json<Page<LotCard>>(`/api/filter/?${where}&status=free,booked,sold,auction`);
    const card = all.results.find((c) => c.id === id)!;
    const forSale = (await json<Page<LotCard>>(`/api/filter/?${where}`)).results.some((c) => c.id === id);
    const cardPrice = card.auction
      ? (card.auction.bestAmount ?? card.auction.startPrice)
      : card.status === 'free' || card.status === 'booked'
        ? card.price
        : null;

    // The lot page: its badge, the price its offer shows, and its schema.org offer.
    const page = await visitor.open(lot.url);
    expect(page.status).toBe(200);
    const aside = page.document.querySelector('aside[aria-labelledby="lot-title"]')!;
    const asideText = plain(aside.textContent ?? '');
    const listing = [...page.document.querySelectorAll('script[type="application/ld+json"]')]
      .flatMap((s) => {
        const data = JSON.parse(s.textContent ?? '{}') as { '@graph'?: unknown[] };
        return (data['@graph'] ?? [data]) as { '@type'?: string; offers?: { price: number; availability: string } }[];
      })
      .find((thing) => thing['@type'] === 'RealEstateListing');

    // The section's chessboard and the floor plan: the lot's name says its state, and its price only when it has one.
    const chess = await visitor.open(`/projects/${lot.projectId}/building/${lot.buildingId}/section/${lot.sectionId}`);
    const floor = await visitor.open(`/projects/${lot.projectId}/building/${lot.buildingId}/section/${lot.sectionId}/floor/${lot.floorId}`);
    const named = (p: NoScriptPage) => p.document.body.innerHTML.includes(lotAccessibleName(format, lot).replace(/&/g, '&amp;'));
    // The floor's list of lots beside its plan: the lot's row names its state, and its price only when it has a list price.
    const title = format.lotTitle(lot);
    const row = [...floor.document.querySelectorAll('li')].find((li) => li.textContent?.includes(title));
    const rowText = plain(row?.textContent ?? '');
    const floorSays = rowText.includes(word) && rowText.includes(plain(format.price(lot))) === (lot.status === 'free' || lot.status === 'booked');

    // The feed, the PDF sheet and the CRM.
    const feed = (await t.app.inject('/feeds/yandex.xml')).body;
    const sheetHref = page.document.querySelector('a[download]')?.getAttribute('href');
    const pdf = sheetHref ? plain(readPdf((await t.app.inject(sheetHref)).rawPayload).text) : '';
    return {
      lot,
      word,
      api: { status: card.status, price: cardPrice, forSale },
      page: { badge: asideText.includes(word), saysForSale: lot.status !== 'free' && asideText.includes(tr('catalogue.status.free')) },
      // What the page says of its price: its offer, and its title and description (what search results show).
      pagePrice: plain(`${asideText} ${page.document.title} ${page.document.querySelector('meta[name="description"]')?.getAttribute('content') ?? ''}`),
      jsonLd: listing?.offers,
      chess: named(chess),
      floor: floorSays,
      feed: feed.includes(`<offer internal-id="${id}">`),
      pdf,
      crm: await crmLot(lot),
    };
  }

  it('a lot sold at auction is sold on every surface, and a lot in an auction shows its auction, not a list price', async () => {
    const { live, ended } = await informer();
    // The auction that ended with bids: its lot is sold everywhere (its row is settled later; nothing waits for it).
    const sold = ended.find((a) => a.result === 'sold')!;
    expect(sold, 'the demo has an auction that ended sold').toBeDefined();
    const s = await surfaces(String(sold.lotId));
    expect(s.lot.status).toBe('sold');
    expect(s.api).toEqual({ status: 'sold', price: null, forSale: false });
    expect(s.page).toEqual({ badge: true, saysForSale: false });
    expect(s.pagePrice).not.toContain(roubles(s.lot.price));
    expect(s.jsonLd?.availability).toBe('https://schema.org/SoldOut');
    expect([s.chess, s.floor]).toEqual([true, true]);
    expect(s.feed).toBe(false);
    expect(s.pdf).toContain(s.word);
    expect(s.pdf).not.toContain(roubles(s.lot.price));
    expect(s.crm).toEqual({ status: 'sold', price: null, number: s.lot.number });

    // A live auction with bids: the best bid (and the start price, and the end) in place of the list price.
    const running = live.find((a) => a.bestAmount !== null)!;
    const r = await surfaces(String(running.lotId));
    const best = running.bestAmount!;
    expect(r.lot.status).toBe('auction');
    expect(r.lot.auction).toMatchObject({ id: running.id, phase: 'live', startPrice: running.startPrice, bestAmount: best, endsAt: running.endsAt });
    expect(r.api).toEqual({ status: 'auction', price: best, forSale: false });
    expect(r.page.badge).toBe(true);
    expect(r.page.saysForSale).toBe(false);
    expect(r.pagePrice).toContain(roubles(best));
    expect(r.pagePrice).toContain(roubles(running.startPrice));
    expect(r.pagePrice).not.toContain(roubles(r.lot.price));
    expect(r.jsonLd).toMatchObject({ price: best, availability: 'https://schema.org/InStock' });
    expect([r.chess, r.floor]).toEqual([true, true]);
    expect(r.feed).toBe(false);
    expect(r.pdf).toContain(roubles(best));
    expect(r.pdf).not.toContain(roubles(r.lot.price));
    expect(r.crm).toEqual({ status: 'auction', price: best, number: r.lot.number });

    // A bid: the lot's card, page, schema.org offer, PDF sheet (kept while the auctions it read are unchanged) and lead follow it as soon as the server hears of it (the lots'
    // states are decided again from the auctions, without reading the lots again).
    const amount = running.minimumBid;
    const bidUrl = `/api/auction/${running.id}/bid/`;
    const bid = await t.app.inject({
      method: 'POST',
      url: bidUrl,
      headers: browserHeaders(t.config, bidUrl),
      payload: { name: 'Борис', phone: '+7 917 555-01-09', consent: true, amount },
    });
    expect(bid.statusCode, bid.body).toBe(201);
    await t.services.versions.check();
    await expect.poll(async () => (await t.services.catalogue.lotsByIds([String(running.lotId)], 'ru'))[0]?.auction?.bestAmount).toBe(amount);
    const b = await surfaces(String(running.lotId));
    expect(b.api).toEqual({ status: 'auction', price: amount, forSale: false });
    expect(b.pagePrice).toContain(roubles(amount));
    expect(b.jsonLd).toMatchObject({ price: amount });
    expect(b.pdf).toContain(roubles(amount));
    expect(b.crm).toEqual({ status: 'auction', price: amount, number: b.lot.number });

    // A live auction without bids: its start price.
    const fresh = live.find((a) => a.bestAmount === null)!;
    const f = await surfaces(String(fresh.lotId));
    expect(f.api).toEqual({ status: 'auction', price: fresh.startPrice, forSale: false });
    expect(f.pagePrice).toContain(roubles(fresh.startPrice));
    expect(f.pagePrice).not.toContain(roubles(f.lot.price));
    expect(f.crm).toEqual({ status: 'auction', price: fresh.startPrice, number: f.lot.number });
  });

  it('an auction that ends sold makes its lot sold in the same transaction, and every surface follows', async () => {
    const running = (await informer()).live.find((a) => a.bestAmount !== null && a.lot?.type === 'flat')!;
    // Its end passes (as the clock would make it).
    await t.database.db.execute(
      sql`update auctions set ends_at = now() - interval '1 minute', planned_ends_at = now() - interval '1 minute' where id = ${running.id}`,
    );
    // The settling step: the auction's result and its lot's row in one transaction (and the lot's history row).
    expect(await settleEndedAuctions(t.database.db)).toBeGreaterThanOrEqual(1);
    const [auction] = await t.database.db.select().from(auctions).where(eq(auctions.id, running.id));
    const [row] = await t.database.db.select({ status: lots.status }).from(lots).where(eq(lots.id, running.lotId));
    expect([auction!.result, row!.status]).toEqual(['sold', 'sold']);
    const [last] = await t.database.db
      .select({ status: lotHistory.status })
      .from(lotHistory)
      .where(eq(lotHistory.lotId, running.lotId))
      .orderBy(desc(lotHistory.at))
      .limit(1);
    expect(last?.status).toBe('sold');
    // The server hears the change (its data versions) and reads the catalogue again.
    await t.services.versions.check();
    await t.services.catalogue.refresh();
    const s = await surfaces(String(running.lotId));
    expect(s.api).toEqual({ status: 'sold', price: null, forSale: false });
    expect(s.page).toEqual({ badge: true, saysForSale: false });
    expect(s.jsonLd?.availability).toBe('https://schema.org/SoldOut');
    expect([s.chess, s.floor, s.feed]).toEqual([true, true, false]);
    expect(s.pdf).toContain(s.word);
    expect(s.crm).toEqual({ status: 'sold', price: null, number: s.lot.number });
  });

  it('"for sale" counts the same free lots on the home card, the selector, the filter, its facets, collections and the project page', async () => {
    const projects = (await t.services.catalogue.projects('ru')).filter((p) => p.status !== 'presale');
    const home = await visitor.open('/');
    const messages = await loadMessages('ru');
    const tr = translator(messages, 'ru');
    const format = catalogueFormat('ru', tr);
    for (const project of projects) {
      const card = await json<ProjectCard>(`/api/project/${project.id}/?lang=ru`);
      const flats = card.lotsLeftByType.flat ?? 0;
      // The filter and its facets, by default: the lots for sale (free); booked ones only when asked for, and named so.
      const facets = await json<Facets>(`/api/filter/facets/?project=${project.id}&lang=ru`);
      expect(facets.count, project.name).toBe(card.lotsLeft);
      expect(facets.items.type!.choices!.flat ?? 0, project.name).toBe(flats);
      const list = await json<Page<LotCard>>(`/api/filter/?project=${project.id}&type=flat&limit=1&lang=ru`);
      expect(list.count, project.name).toBe(flats);
      const statuses = await json<Facets>(`/api/filter/facets/?project=${project.id}&type=flat&status=free,booked&lang=ru`);
      expect(statuses.items.status!.choices!.free, project.name).toBe(flats);
      // The home selector: the project's flats for sale.
      const selector = await json<{ count: number; projects: { value: string; count: number }[] }>(`/api/main_page_selector/?project=${project.id}&lang=ru`);
      expect(selector.count, project.name).toBe(flats);
      // The home page's project card: its flats chip and its "for sale" figure, as the visitor reads them.
      const article = [...home.document.querySelectorAll('article')].find((a) => a.querySelector('h3')?.textContent?.includes(project.name));
      const cardText = plain(article?.textContent ?? '');
      expect(cardText, project.name).toContain(`${tr('catalogue.lotTypePlural.flat')} ${plain(format.number(flats))}`);
      expect(cardText, project.name).toContain(plain(format.availability(card.lotsLeft, false, 'catalogue.plural.lots')));
      expect(cardText, project.name).toContain(`${tr('catalogue.status.booked')}: ${plain(format.number(card.lotsBooked))}`);
      // The project page's hero: the same lots for sale.
      const page = await visitor.open(card.url);
      expect(plain(page.main.getByText(tr('catalogue.status.booked'), { selector: 'dt' }).parentElement?.textContent ?? ''), project.name).toBe(
        `${tr('catalogue.status.booked')}${plain(format.number(card.lotsBooked))}`,
      );
      expect(plain(page.main.getByText(tr('catalogue.project.onSale')).parentElement?.textContent ?? ''), project.name).toContain(
        plain(format.availability(card.lotsLeft, false, 'catalogue.plural.lots')),
      );
    }
    // A collection counts its lots for sale the same way: the list's count is its lots', every one of them free.
    const collections = await json<Page<{ slug: string; count: number }>>('/api/custom_collect/?lang=ru');
    expect(collections.results.length).toBeGreaterThan(0);
    for (const summary of collections.results) {
      const detail = await json<{ lots: Page<LotCard> }>(`/api/custom_collect/${summary.slug}/?lang=ru&limit=200`);
      expect(detail.lots.count, summary.slug).toBe(summary.count);
      expect(
        detail.lots.results.every((lot) => lot.status === 'free' && lot.offer === 'sale'),
        summary.slug,
      ).toBe(true);
    }
  });
});
