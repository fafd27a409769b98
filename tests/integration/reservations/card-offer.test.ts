import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { LotCard, LotStatus, Page } from '#core/catalogue/types.ts';
import ru from '#core/i18n/catalogs/ru/index.ts';
import { reservations, reservationSettings } from '#server/db/schema/index.ts';
import { createHold } from '#server/modules/reservations/index.ts';
import { SITE } from '#tests/support/site.ts';
import { setupBuyerSite } from './buyer-site.ts';

/**
 * "Reserve online" on the lot cards of the list pages (issue #39), on the production build with YooKassa pointed at
 * its loopback stand-in: /filter (every state listed) and a project page show the link on exactly the cards whose
 * lot page offers reservation — never on a held, reserved, booked, sold or auction lot — and a kept /filter page
 * follows the project's reservation being turned off (the settings move the `content` data version the page recorded).
 * The card in a DOM: app/components/reservations/card-reserve.dom.test.tsx.
 */
const { site } = setupBuyerSite('card_offer');

const ACTION = ru.reservations.offer.action;
const EVERY_STATE = 'status=free,booked,sold,auction,reserved';
/** The filter page listing lots in every state but an auction (the cheapest flats first), and the same query of the API. */
const QUERY = `type=flat&${EVERY_STATE}&ordering=price&limit=48`;
/** The lots in an auction (the demo has a few, none among the cheapest flats). */
const AUCTIONS = 'status=auction';
const DAY = 86_400_000;

const html = async (path: string) => {
  const res = await site.fetch(`${SITE}${path}`, { headers: { accept: 'text/html' } });
  expect(res.status, path).toBe(200);
  return { cache: res.headers.get('x-cache'), body: await res.text() };
};

/** The lots whose card on the page links to their reserve page, by lot URL; each link's words and name checked. */
function cardLinks(body: string): string[] {
  const found: string[] = [];
  const names = new Set<string>();
  for (const m of body.matchAll(/<a [^>]*href="([^"]+)\/reserve"[^>]*>([^<]*)<span class="sr-only">([^<]*)<\/span><\/a>/g)) {
    const [, url, words, hidden] = m as unknown as [string, string, string, string];
    expect(words).toBe(ACTION);
    // Named by the lot: each card's name is its own.
    expect(hidden).toMatch(/^ \S/);
    names.add(words + hidden);
    found.push(url);
  }
  expect(names.size).toBe(found.length);
  return found.sort();
}

/** Whether the lot's own page offers online reservation (its offer panel). */
const pageOffers = async (url: string) => (await html(url)).body.includes('data-reserve-offer');

/** The lots the lot page offers reservation for, of `lots`. */
async function offeredOf(lots: Pick<LotCard, 'url'>[]): Promise<string[]> {
  const offered: string[] = [];
  for (const lot of lots) if (await pageOffers(lot.url)) offered.push(lot.url);
  return offered.sort();
}

const api = async (query: string) => (await (await site.fetch(`${SITE}/api/filter/?${query}`)).json()) as Page<LotCard>;

let listed: LotCard[] = [];
let auctions: LotCard[] = [];
beforeAll(async () => {
  const db = site.database().db;
  // The two cheapest free flats outside an auction: one held by a buyer paying now, one reserved (paid).
  const free = (await api(QUERY)).results.filter((lot) => lot.status === 'free' && lot.offer === 'sale' && !lot.auction);
  const holds = [];
  for (const [index, lot] of free.slice(0, 2).entries()) {
    const hold = await createHold(db, {
      lotId: Number(lot.id),
      name: 'Анна',
      phone: `+7916123456${index}`,
      email: `card-${index}@example.ru`,
      locale: 'ru',
      consent: true,
    });
    if (!hold.ok) throw new Error(hold.reason);
    holds.push(hold.reservation.id);
  }
  const paidAt = new Date();
  await db
    .update(reservations)
    .set({ state: 'reserved', paidAt, endsAt: new Date(paidAt.getTime() + 7 * DAY) })
    .where(eq(reservations.id, holds[1]!));
  await site.services().versions.check();
  // The lot index made again from the new version (the first answer after the check may still be the last one's).
  await vi.waitFor(async () => expect((await api(QUERY)).results.filter((lot) => lot.status === 'held' || lot.status === 'reserved')).toHaveLength(2), {
    timeout: 20_000,
    interval: 100,
  });
  listed = (await api(QUERY)).results;
  auctions = (await api(AUCTIONS)).results;
});

describe('“Reserve online” on the lot cards', () => {
  it('/filter shows it on exactly the cards whose lot page offers it, in no other state', async () => {
    const states = new Set<LotStatus>([...listed, ...auctions].map((lot) => lot.status));
    // The pages list a lot in each state, so the rule is seen to leave each of them out.
    for (const state of ['free', 'held', 'reserved', 'booked', 'sold', 'auction'] as const) expect(states, state).toContain(state);
    expect(auctions.length).toBeGreaterThan(0);
    expect(cardLinks((await html(`/filter?${AUCTIONS}`)).body)).toEqual(await offeredOf(auctions));
    expect(await offeredOf(auctions)).toEqual([]);
    const { body } = await html(`/filter?${QUERY}`);
    const links = cardLinks(body);
    expect(links).toEqual(await offeredOf(listed));
    expect(links.length).toBeGreaterThan(0);
    const byUrl = new Map(listed.map((lot) => [lot.url, lot]));
    for (const url of links) expect(byUrl.get(url)).toMatchObject({ status: 'free', offer: 'sale', auction: null });

    // The list view's rows: the same lots.
    expect(cardLinks((await html(`/filter?${QUERY}&layout=list`)).body)).toEqual(links);
  });

  it('a project page shows it on exactly its cards whose lot page offers it', async () => {
    const project = listed.find((lot) => lot.status === 'free')!.projectId;
    const { body } = await html(`/projects/${project}`);
    // Its lots' section: each card's title links to its lot.
    const section = /<section id="lots"[\s\S]*?<\/section>/.exec(body)![0];
    const cards = [...section.matchAll(/<h3[^>]*><a [^>]*href="([^"]+)"/g)].map((m) => m[1]!);
    expect(cards.length).toBeGreaterThan(0);
    const links = cardLinks(body);
    expect(links).toEqual(await offeredOf(cards.map((url) => ({ url }))));
    expect(links.length).toBeGreaterThan(0);
  });

  it('goes from a kept /filter page and the project’s page once the project’s reservation is turned off', async () => {
    const db = site.database().db;
    const project = listed.find((lot) => lot.status === 'free')!.projectId;
    const ofProject = new Set(listed.filter((lot) => lot.projectId === project).map((lot) => lot.url));
    const path = `/filter?${QUERY}`;
    await html(path);
    const kept = await html(path);
    expect(kept.cache).toBe('HIT');
    expect(cardLinks(kept.body).filter((url) => ofProject.has(url)).length).toBeGreaterThan(0);

    await db.insert(reservationSettings).values({ projectId: Number(project), enabled: false, depositKopecks: 5_000_000, periodDays: 7, refundWindowDays: 3 });
    try {
      // The server's check of the data versions, done now: well within the kept page's freshness, only the version
      // can have made it again.
      await site.services().versions.check();
      await expect.poll(async () => cardLinks((await html(path)).body).filter((url) => ofProject.has(url)), { timeout: 20_000, interval: 100 }).toEqual([]);
      const { body } = await html(path);
      // The other projects' cards keep theirs, and every card still says what its page says.
      expect(cardLinks(body)).toEqual(await offeredOf(listed));
      expect(cardLinks((await html(`/projects/${project}`)).body)).toEqual([]);
    } finally {
      await db.delete(reservationSettings).where(eq(reservationSettings.projectId, Number(project)));
    }
  });
});
