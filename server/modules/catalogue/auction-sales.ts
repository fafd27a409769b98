import { and, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client.ts';
import { lots } from '../../db/schema/index.ts';
import { enqueueAlertDigests } from '../alerts/index.ts';
import { endAuctions } from '../auctions/index.ts';
import { affectedRows } from './ingest/history.ts';
import { bumpCatalogueVersion, lockCatalogue } from './ingest/write.ts';

/**
 * Lots sold by their auction or by an online deal's signed contract (DESIGN "A lot has one commercial state", ADR
 * 034): marked sold in the caller's transaction, the one that ended the auction, set its result or moved the deal's
 * stage, with their history row (ADR 019) and a new catalogue version, so the sale shows everywhere at once. Lots
 * already sold are left as they are. Returns how many lots it marked.
 */
export async function sellLots(tx: Executor, lotIds: readonly number[]): Promise<number> {
  const ids = [...new Set(lotIds)];
  if (!ids.length) return 0;
  await lockCatalogue(tx);
  const sold = await tx
    .update(lots)
    .set({ status: 'sold', updatedAt: sql`now()` })
    .where(and(inArray(lots.id, ids), ne(lots.status, 'sold')))
    .returning({ id: lots.id });
  if (!sold.length) return 0;
  const change = await bumpCatalogueVersion(tx);
  const recorded = await tx.execute(sql`
    insert into lot_history (lot_id, change, at, price, status, previous_price, previous_status)
    select l.id, ${change}::int, now(), l.price, l.status, last.price, last.status
    from lots l
    left join lateral (select h.price, h.status from lot_history h where h.lot_id = l.id order by h.at desc limit 1) last on true
    where l.id in (${sql.join(
      sold.map((row) => sql`${row.id}`),
      sql`, `,
    )})`);
  if (affectedRows(recorded)) await enqueueAlertDigests(tx, change);
  return sold.length;
}

/**
 * Ends every auction whose end has passed (auctions' `endAuctions`) and marks the lots sold by them, in one
 * transaction. The server runs it every minute (server/jobs/index.ts); until it has run, the snapshot already reads an
 * ended auction with a bid as its lot's sale (lot-state.ts), so no surface waits for it. Returns the lots sold.
 */
export async function settleEndedAuctions(db: Db, now = new Date()): Promise<number> {
  return db.transaction(async (tx) =>
    sellLots(
      tx,
      (await endAuctions(tx, now)).map((row) => row.lotId),
    ),
  );
}

/** What a deal's stage needs of the catalogue (reservations' `LotSale`): its lock and the sale of lots. */
export const lotSale = { lockCatalogue, sellLots };
