import { eq, inArray, sql } from 'drizzle-orm';
import { AUCTION_CSV_COLUMNS, auctionInput, type AuctionInput } from '#core/auctions/schemas.ts';
import { parseCsv } from '../../lib/csv.ts';
import type { Db } from '../../db/client.ts';
import { auctions, lots } from '../../db/schema/index.ts';
import { auctionsOverlap, endAfterChange, termsMovedUnderBids, type FixedTerm } from './rules.ts';

/**
 * `npm run auctions:import`: the sales team's way to announce, move, close and cancel auctions in bulk (ADR 020;
 * the back office changes one at a time, by the same rules: server/modules/auctions/rules.ts). A JSON array (or `{"auctions": [...]}`) or a CSV with the columns of
 * `AUCTION_CSV_COLUMNS`; every row is checked (schema, the catalogue's lots, the auctions in the database and
 * in the same file), and all rows are written in one transaction, or none when one is rejected. `--dry-run`
 * checks everything and writes nothing. A row with an `id` updates that auction; once it has bids, its lot,
 * start price, step and start can no longer change.
 */
export type AuctionsFormat = 'json' | 'csv';
export type RejectedAuction = { row: number; id: number | null; errors: string[] };
export type AuctionsReport = {
  format: AuctionsFormat;
  total: number;
  inserted: number;
  updated: number;
  rejected: RejectedAuction[];
  applied: boolean;
  dryRun: boolean;
  ignoredColumns: string[];
};

type Row = { row: number; raw: unknown };

/** Rolls the transaction back on purpose (a dry run, or a rejected row). */
class Rollback extends Error {}

function rowsOf(content: string, format: AuctionsFormat): { rows: Row[]; ignoredColumns: string[] } {
  if (format === 'json') {
    const data = JSON.parse(content) as unknown;
    const list = Array.isArray(data) ? data : data && typeof data === 'object' ? (data as { auctions?: unknown }).auctions : undefined;
    if (!Array.isArray(list)) throw new Error('The JSON file must be an array of auctions or {"auctions": [...]}.');
    // A JSON row's number is its position in the list, from 1.
    return { rows: list.map((raw, i) => ({ row: i + 1, raw })), ignoredColumns: [] };
  }
  const { header, rows } = parseCsv(content);
  const known = new Set<string>(AUCTION_CSV_COLUMNS);
  const ignoredColumns = header.filter((h) => h && !known.has(h));
  if (!header.includes('lot')) throw new Error(`The CSV header must name the columns: ${AUCTION_CSV_COLUMNS.join(';')}.`);
  return {
    rows: rows.map((r) => {
      const raw: Record<string, string> = {};
      header.forEach((column, i) => {
        const value = (r.values[i] ?? '').trim();
        if (known.has(column) && value !== '') raw[column] = value.replace(/[\s\u00a0]/g, column.endsWith('_at') ? ' ' : '');
      });
      // The CSV's line, so the report points where the sales team looks.
      return { row: r.line, raw };
    }),
    ignoredColumns,
  };
}

const issuesOf = (error: { issues: { path: PropertyKey[]; message: string }[] }): string[] =>
  error.issues.map((i) => `${i.path.length ? i.path.map(String).join('.') : 'row'}: ${i.message}`);

const FIXED_WORDS: Record<FixedTerm, string> = { lot: 'lot', start_price: 'start price', min_step: 'step', starts_at: 'start' };

export async function writeAuctions(db: Db, rows: Row[], opts: { dryRun?: boolean; now?: Date } = {}) {
  const now = opts.now ?? new Date();
  const rejected: RejectedAuction[] = [];
  const good: { row: number; input: AuctionInput }[] = [];
  const seen = new Set<number>();
  for (const { row, raw } of rows) {
    const parsed = auctionInput.safeParse(raw);
    const rawId = raw && typeof raw === 'object' ? Number((raw as { id?: unknown }).id) : NaN;
    if (!parsed.success) rejected.push({ row, id: Number.isInteger(rawId) && rawId > 0 ? rawId : null, errors: issuesOf(parsed.error) });
    else if (parsed.data.id !== undefined && seen.has(parsed.data.id)) rejected.push({ row, id: parsed.data.id, errors: ['id: listed twice in the file.'] });
    else {
      if (parsed.data.id !== undefined) seen.add(parsed.data.id);
      good.push({ row, input: parsed.data });
    }
  }
  const counts = { inserted: 0, updated: 0 };
  try {
    await db.transaction(async (tx) => {
      // Checked inside the transaction that writes: a lot removed or an auction bid on meanwhile cannot slip through.
      const lotIds = [...new Set(good.map((g) => g.input.lot))];
      const knownLots = new Set(lotIds.length ? (await tx.select({ id: lots.id }).from(lots).where(inArray(lots.id, lotIds))).map((l) => l.id) : []);
      const existing = lotIds.length ? await tx.select().from(auctions).where(inArray(auctions.lotId, lotIds)).for('update') : [];
      const ids = good.flatMap((g) => (g.input.id !== undefined ? [g.input.id] : []));
      const byId = new Map((ids.length ? await tx.select().from(auctions).where(inArray(auctions.id, ids)).for('update') : []).map((a) => [a.id, a]));
      const planned: { id: number | undefined; lot: number; startsAt: Date; endsAt: Date; row: number }[] = [];
      for (const { row, input } of good) {
        const errors: string[] = [];
        if (!knownLots.has(input.lot)) errors.push(`lot: the catalogue has no lot ${input.lot}.`);
        const current = input.id !== undefined ? byId.get(input.id) : undefined;
        if (input.id !== undefined && !current) errors.push(`id: there is no auction ${input.id}; leave id empty to announce a new one.`);
        if (current)
          for (const term of termsMovedUnderBids(current, input)) errors.push(`${term}: the auction has bids; its ${FIXED_WORDS[term]} cannot change.`);
        if (input.result !== 'cancelled') {
          const window = { startsAt: input.starts_at, endsAt: input.ends_at };
          const clash =
            existing.find((a) => a.lotId === input.lot && a.id !== input.id && a.result !== 'cancelled' && auctionsOverlap(a, window)) ??
            planned.find((p) => p.lot === input.lot && auctionsOverlap(p, window));
          if (clash) errors.push(`lot: lot ${input.lot} already has an auction at that time (${'row' in clash ? `row ${clash.row}` : `auction ${clash.id}`}).`);
          planned.push({ id: input.id, lot: input.lot, ...window, row });
        }
        if (errors.length) {
          rejected.push({ row, id: input.id ?? null, errors });
          continue;
        }
        const values = {
          lotId: input.lot,
          startPrice: input.start_price,
          minStep: input.min_step,
          startsAt: input.starts_at,
          plannedEndsAt: input.ends_at,
          extendMinutes: input.extend_minutes,
          result: input.result,
          updatedAt: now,
        };
        if (current) {
          const endsAt = endAfterChange(current, input.ends_at);
          await tx
            .update(auctions)
            .set({ ...values, endsAt })
            .where(eq(auctions.id, current.id));
          counts.updated += 1;
        } else {
          await tx.insert(auctions).values({ ...values, endsAt: input.ends_at, createdAt: now });
          counts.inserted += 1;
        }
      }
      if (rejected.length || opts.dryRun) throw new Rollback();
      // A serial id written by hand elsewhere must not collide with the next announcement.
      await tx.execute(sql`select setval(pg_get_serial_sequence('auctions', 'id'), greatest((select max(id) from auctions), 1))`);
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  rejected.sort((a, b) => a.row - b.row);
  const applied = !rejected.length && !opts.dryRun;
  return { total: rows.length, inserted: counts.inserted, updated: counts.updated, rejected, applied };
}

export async function importAuctions(
  db: Db,
  content: string,
  opts: { format?: AuctionsFormat | undefined; dryRun?: boolean; now?: Date } = {},
): Promise<AuctionsReport> {
  const format = opts.format ?? (content.trimStart().startsWith('[') || content.trimStart().startsWith('{') ? 'json' : 'csv');
  const { rows, ignoredColumns } = rowsOf(content, format);
  const result = await writeAuctions(db, rows, opts);
  return { format, ...result, dryRun: Boolean(opts.dryRun), ignoredColumns };
}

export function formatAuctionsReport(report: AuctionsReport): string {
  const lines = [
    `${report.total} auction row(s) read (${report.format})${report.dryRun ? ', dry run' : ''}.`,
    ...(report.ignoredColumns.length ? [`Ignored columns: ${report.ignoredColumns.join(', ')}.`] : []),
    ...report.rejected.flatMap((r) => r.errors.map((e) => `${report.format === 'csv' ? 'line' : 'row'} ${r.row}${r.id ? ` (auction ${r.id})` : ''}: ${e}`)),
  ];
  if (report.rejected.length) lines.push(`${report.rejected.length} row(s) rejected: nothing was written.`);
  else if (report.dryRun) lines.push(`Would insert ${report.inserted} and update ${report.updated}; nothing was written.`);
  else lines.push(`Inserted ${report.inserted}, updated ${report.updated}.`);
  return lines.join('\n');
}
