import { sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client.ts';
import { lotHistory } from '../../../db/schema/index.ts';
import { enqueueAlertDigests } from '../../alerts/index.ts';

/**
 * Records every lot's price and status in `lot_history` (ADR 019), set-based in the caller's transaction: one
 * INSERT … SELECT compares each lot with its last recorded row (the `(lot_id, at)` key finds it) and adds a row only
 * where the price or the status differs, or where the lot has none yet. For the changes that rewrite the lots (a
 * regeneration, the demo seed); an import records its rows in its own update statements (import.ts). `change` is
 * the catalogue version of the change being made. Returns how many rows it recorded.
 */
export async function recordLotHistory(db: Executor, change: number): Promise<number> {
  const result = await db.execute(sql`
    insert into lot_history (lot_id, change, at, price, status, previous_price, previous_status)
    select l.id, ${change}::int, now(), l.price, l.status, last.price, last.status
    from lots l
    left join lateral (
      select h.price, h.status from lot_history h where h.lot_id = l.id order by h.at desc limit 1
    ) last on true
    where last.price is null or last.price <> l.price or last.status <> l.status`);
  const recorded = affectedRows(result);
  // The change's alert digests (ADR 021) are due in the same transaction: committed together, or not at all.
  if (recorded) await enqueueAlertDigests(db, change);
  return recorded;
}

/** Rows a statement wrote, as either driver reports it. */
export function affectedRows(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

/** Lots that have no history row yet (a catalogue written for the first time, or new lots of a regeneration). */
export async function lotsWithoutHistory(db: Executor): Promise<Set<number>> {
  const result = await db.execute<{ id: number }>(sql`select l.id from lots l where not exists (select 1 from lot_history h where h.lot_id = l.id)`);
  const rows = (Array.isArray(result) ? result : (result as { rows: { id: number }[] }).rows) as { id: number }[];
  return new Set(rows.map((r) => Number(r.id)));
}

export type HistoryRow = typeof lotHistory.$inferInsert;

/** Rows per INSERT (8 columns): well under PostgreSQL's bind-parameter limit. */
const BATCH = 4000;

/** Writes rows made elsewhere (the demo's past, server/modules/catalogue/ingest/demo-history.ts). */
export async function insertHistory(db: Executor, rows: readonly HistoryRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += BATCH) await db.insert(lotHistory).values(rows.slice(i, i + BATCH) as HistoryRow[]);
}
