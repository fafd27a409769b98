import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { auctionBids, auctions, commercialPremises, lots } from '../../db/schema/index.ts';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/**
 * The demo's auctions (ADR 020), with times relative to the moment of seeding so a fresh demo always has some
 * running: three live ones (two with bids, one ending within hours, with extension), one scheduled, and one
 * ended with its result. Lots are free ones of the demo catalogue, picked deterministically by type. The
 * seeded bids have no lead: no visitor made them.
 */
type Plan = {
  type: 'flat' | 'parking' | 'commercial' | 'pantry';
  startsIn: number;
  endsIn: number;
  extend: number;
  bids: number;
  step: number;
  startShare: number;
};
const PLANS: Plan[] = [
  { type: 'commercial', startsIn: -2 * DAY, endsIn: 14 * DAY, extend: 10, bids: 3, step: 100_000, startShare: 0.9 },
  { type: 'flat', startsIn: -1 * DAY, endsIn: 26 * HOUR, extend: 10, bids: 2, step: 50_000, startShare: 0.92 },
  { type: 'parking', startsIn: -6 * HOUR, endsIn: 3 * DAY, extend: 5, bids: 0, step: 10_000, startShare: 0.85 },
  { type: 'flat', startsIn: 2 * DAY, endsIn: 5 * DAY, extend: 10, bids: 0, step: 50_000, startShare: 0.9 },
  { type: 'commercial', startsIn: -10 * DAY, endsIn: -3 * DAY, extend: 10, bids: 4, step: 100_000, startShare: 0.88 },
];

/** Start prices in round thousands below the list price. */
const roundDown = (value: number, to: number) => Math.max(to, Math.floor(value / to) * to);

export async function seedDemoAuctions(db: Executor, now = new Date()): Promise<number> {
  const picked = new Set<number>();
  let written = 0;
  for (const [i, plan] of PLANS.entries()) {
    // Every few lots of the kind, so the demo's auctions are spread over projects.
    const candidates = await db
      .select({ id: lots.id, price: lots.price })
      .from(lots)
      .where(
        and(
          eq(lots.type, plan.type),
          eq(lots.status, 'free'),
          sql`${lots.id} not in (select ${commercialPremises.lotId} from ${commercialPremises} where ${commercialPremises.advertisement} = 'rent')`,
        ),
      )
      .orderBy(asc(lots.id))
      .limit(200);
    const lot = candidates.filter((c) => !picked.has(c.id))[(i * 37) % Math.max(1, candidates.length - PLANS.length)];
    if (!lot) continue;
    picked.add(lot.id);
    const startPrice = roundDown(lot.price * plan.startShare, 10_000);
    const startsAt = new Date(now.getTime() + plan.startsIn);
    const endsAt = new Date(now.getTime() + plan.endsIn);
    // Each bid above the last by one or two steps.
    const amounts: number[] = [];
    for (let k = 0; k < plan.bids; k++) amounts.push(k === 0 ? startPrice : amounts[k - 1]! + plan.step * (k % 2 ? 2 : 1));
    const [row] = await db
      .insert(auctions)
      .values({
        lotId: lot.id,
        startPrice,
        minStep: plan.step,
        startsAt,
        endsAt,
        plannedEndsAt: endsAt,
        extendMinutes: plan.extend,
        bestAmount: amounts.at(-1) ?? null,
        bidCount: amounts.length,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: auctions.id });
    if (amounts.length) {
      const span = Math.min(now.getTime(), endsAt.getTime()) - startsAt.getTime();
      await db.insert(auctionBids).values(
        amounts.map((amount, k) => ({
          auctionId: row!.id,
          amount,
          at: new Date(startsAt.getTime() + (span * (k + 1)) / (amounts.length + 1)),
          leadId: null,
        })),
      );
    }
    written += 1;
  }
  return written;
}

/** Seeds the demo auctions once: when the table is empty and the catalogue has lots. */
export async function seedDemoAuctionsIfMissing(database: Database, now = new Date()): Promise<boolean> {
  const [{ n } = { n: 0 }] = await database.db.select({ n: sql<number>`count(*)::int` }).from(auctions);
  if (Number(n) > 0) return false;
  const [{ lotsCount } = { lotsCount: 0 }] = await database.db.select({ lotsCount: sql<number>`count(*)::int` }).from(lots);
  if (!Number(lotsCount)) return false;
  let written = 0;
  await database.db.transaction(async (tx) => {
    written = await seedDemoAuctions(tx, now);
  });
  return written > 0;
}
