import { eq } from 'drizzle-orm';
import { offerKind } from '#core/catalogue/offer.ts';
import { LOT_STATUSES, offeredPrice, type LotStatus, type OfferKind } from '#core/catalogue/types.ts';
import type { Executor } from '../../db/client.ts';
import { readLotAuctions } from '../auctions/index.ts';
import { commercialPremises, lots, projects } from '../../db/schema/index.ts';
import { applyAuctions } from './lot-state.ts';

/** How one lot is offered now: its commercial state, its offer kind and the price it is offered at (null: none). */
export type LotOffer = { status: LotStatus; offer: OfferKind; price: number | null };

/**
 * One lot's offer as the catalogue states it now, read from its row and its auction at this moment by the snapshot's
 * own rules (lot-state.ts `applyAuctions`, core `offerKind` and `offeredPrice`), for a reader of one lot outside the
 * snapshot (the CRM card, read at send time). An online reservation is not read: it never changes the price (a held
 * or reserved lot shows its list price), only the status word. Null when there is no such lot.
 */
export async function readLotOffer(db: Executor, lotId: number, now = new Date()): Promise<LotOffer | null> {
  const [row] = await db
    .select({ status: lots.status, price: lots.price, projectStatus: projects.status, advertisement: commercialPremises.advertisement })
    .from(lots)
    .innerJoin(projects, eq(projects.id, lots.projectId))
    .leftJoin(commercialPremises, eq(commercialPremises.lotId, lots.id))
    .where(eq(lots.id, lotId))
    .limit(1);
  if (!row) return null;
  const rows = await readLotAuctions(db, now, lotId);
  const table = { status: Uint8Array.of(LOT_STATUSES.indexOf(row.status)), auction: Int32Array.of(-1) };
  const decided = applyAuctions(table, new Map([[lotId, 0]]), rows, now.getTime());
  const status = LOT_STATUSES[table.status[0]!]!;
  const k = table.auction[0]!;
  const phase = k >= 0 ? decided.phases[k] : null;
  const auction = k >= 0 && (phase === 'announced' || phase === 'live') ? rows[k]! : null;
  return {
    status,
    offer: offerKind({ advertisement: row.advertisement, projectStatus: row.projectStatus }),
    price: offeredPrice({ status, price: row.price, auction }),
  };
}
