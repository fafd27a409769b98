import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { FINISHES, LOT_TYPES } from '#core/catalogue/types.ts';
import { LOT_STATUS_VALUES as LOT_STATUSES } from '../schema.ts';
import type { Database, Executor } from '../../../db/client.ts';
import { lots, projects } from '../../../db/schema/index.ts';
import { parseCsv } from '../../../lib/csv.ts';
import { enqueueAlertDigests } from '../../alerts/index.ts';
import { lotsSoldByDeals } from '../../reservations/index.ts';
import { affectedRows } from './history.ts';
import { bumpCatalogueVersion, lockCatalogue } from './write.ts';

/**
 * Loads a price-and-availability feed as a developer's CRM exports it (JSON or CSV, daily): each row names a
 * lot (`id`, or `project` + `type` + `number`) and gives what changed: status, price, old price, finish,
 * measured areas. Every row is validated on its own; the valid ones are applied in one transaction (with
 * the catalogue version bumped, so every process rebuilds its lot index), the rest are reported with the
 * reason per field. The feed never creates or removes lots: their place on the floor plans is the
 * catalogue's, not the CRM's.
 */
export const FEED_COLUMNS = ['id', 'project', 'type', 'number', 'status', 'price', 'old_price', 'finish', 'area', 'living_area', 'kitchen_area'] as const;

export type RejectedRow = { row: number; lot: string | null; errors: Record<string, string[]> };
export type ImportReport = {
  format: 'json' | 'csv';
  total: number;
  accepted: number;
  changed: number;
  unchanged: number;
  rejected: RejectedRow[];
  ignoredColumns: string[];
  applied: boolean;
  version: number | null;
  /** Rows the import added to the lots' price and status history. */
  historyRows: number;
  /** Milliseconds spent writing the changes (the lots' updates and their history rows): what `npm run bench -- history` compares. */
  writeMs: number;
};
export type ImportOptions = {
  format?: 'json' | 'csv';
  dryRun?: boolean;
  allOrNothing?: boolean;
  /** Record the changed lots' prices and statuses in their history (ADR 019); off only to measure what it costs (npm run bench -- history). */
  recordHistory?: boolean;
};

/** CRMs say it their way: 'available', 'reserved', Russian words. */
const STATUS_ALIASES: Record<string, (typeof LOT_STATUSES)[number]> = {
  free: 'free',
  available: 'free',
  свободна: 'free',
  свободно: 'free',
  booked: 'booked',
  reserved: 'booked',
  бронь: 'booked',
  забронирована: 'booked',
  забронировано: 'booked',
  sold: 'sold',
  продана: 'sold',
  продано: 'sold',
};

const blank = (v: unknown) => v === undefined || (typeof v === 'string' && v.trim() === '');
/** '12 345 600', '12345600.00', 12345600; a decimal comma is read as a point. */
const numeric = (v: unknown) => (typeof v === 'string' ? Number(v.replace(/[\s\u00a0]/g, '').replace(',', '.')) : v);
const number = (max: number) =>
  z.preprocess(numeric, z.number({ error: 'Expected a number' }).positive('Must be above zero').max(max, `Must not exceed ${max}`).finite());
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (blank(v) ? undefined : v), schema.optional());
/** Empty means "no value": a blank old_price cell ends a discount. */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v), schema.nullable().optional());
/** A control character (a pasted cell's U+001F, a tab) is no part of a name or a number: refused, with its field named. */
const text = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v),
  z
    .string()
    .min(1)
    .max(64)
    .regex(/^\P{Cc}*$/u, 'Must not contain control characters'),
);

const rowSchema = z.object({
  id: optional(z.preprocess(numeric, z.number({ error: 'Expected a lot id' }).int('Expected a lot id').positive('Expected a lot id'))),
  project: optional(text),
  type: optional(
    z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(LOT_TYPES, { error: `Expected one of ${LOT_TYPES.join(', ')}` })),
  ),
  number: optional(text),
  status: optional(
    z.preprocess(
      (v) => (typeof v === 'string' ? (STATUS_ALIASES[v.trim().toLowerCase()] ?? v) : v),
      z.enum(LOT_STATUSES, { error: `Expected one of ${LOT_STATUSES.join(', ')}` }),
    ),
  ),
  price: optional(number(1e11)),
  old_price: clearable(number(1e11)),
  finish: optional(
    z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(FINISHES, { error: `Expected one of ${FINISHES.join(', ')}` })),
  ),
  area: optional(number(1e5)),
  living_area: clearable(number(1e5)),
  kitchen_area: clearable(number(1e5)),
});
type FeedRow = z.infer<typeof rowSchema>;

type Current = {
  id: number;
  projectId: number;
  type: string;
  number: string;
  status: string;
  price: number;
  oldPrice: number | null;
  finish: string;
  area: number;
  livingArea: number | null;
  kitchenArea: number | null;
};

export function readFeed(
  content: string,
  format?: 'json' | 'csv',
): { format: 'json' | 'csv'; rows: { row: number; data: Record<string, unknown> }[]; columns: string[] } {
  const detected = format ?? (/^\s*[[{]/.test(content.replace(/^\ufeff/, '')) ? 'json' : 'csv');
  if (detected === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(content.replace(/^\ufeff/, ''));
    } catch (error) {
      throw new Error(`The feed is not valid JSON: ${(error as Error).message}`);
    }
    const list = Array.isArray(parsed) ? parsed : ((parsed as { lots?: unknown; results?: unknown })?.lots ?? (parsed as { results?: unknown })?.results);
    if (!Array.isArray(list)) throw new Error('A JSON feed is an array of lots, or an object with a "lots" array.');
    const rows = list.map((data, i) => ({
      row: i + 1,
      data: data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : { __invalid: data },
    }));
    return { format: 'json', rows, columns: [...new Set(rows.flatMap((r) => Object.keys(r.data)))] };
  }
  const { header, rows } = parseCsv(content);
  if (!header.length) throw new Error('The CSV feed has no header line.');
  const columns = header.map((h) => h.toLowerCase());
  return {
    format: 'csv',
    columns,
    rows: rows.map((r) => ({ row: r.line, data: Object.fromEntries(columns.map((c, i) => [c, r.values[i] ?? ''])) })),
  };
}

async function loadCurrent(db: Executor) {
  const projectRows = await db.select({ id: projects.id, slug: projects.shortSlug }).from(projects);
  const lotRows: Current[] = await db
    .select({
      id: lots.id,
      projectId: lots.projectId,
      type: lots.type,
      number: lots.number,
      status: lots.status,
      price: lots.price,
      oldPrice: lots.oldPrice,
      finish: lots.finish,
      area: lots.area,
      livingArea: lots.livingArea,
      kitchenArea: lots.kitchenArea,
    })
    .from(lots);
  const projectId = new Map<string, number>();
  for (const p of projectRows) {
    projectId.set(String(p.id), p.id);
    projectId.set(p.slug, p.id);
  }
  return {
    projectId,
    byId: new Map(lotRows.map((l) => [l.id, l])),
    byKey: new Map(lotRows.map((l) => [`${l.projectId}:${l.type}:${l.number}`, l])),
    // Sold by an online deal whose contract is signed (ADR 034): the feed may not put them back on sale.
    soldOnline: await lotsSoldByDeals(db),
  };
}

type Update = Current & { pricePerM2: number };

/** Validates every row against the schema and the catalogue; returns the merged new values of valid ones. */
function validate(feed: ReturnType<typeof readFeed>, current: Awaited<ReturnType<typeof loadCurrent>>) {
  const rejected: RejectedRow[] = [];
  const updates = new Map<number, { row: number; next: Update; was: Current; changed: boolean }>();
  for (const { row, data } of feed.rows) {
    const errors: Record<string, string[]> = {};
    const fail = (field: string, message: string) => (errors[field] ??= []).push(message);
    const label = [data.project, data.type, data.number].every((v) => !blank(v))
      ? `${String(data.project)}/${String(data.type)}/${String(data.number)}`
      : blank(data.id)
        ? null
        : `id ${String(data.id)}`;
    if ('__invalid' in data) {
      rejected.push({ row, lot: null, errors: { non_field_errors: ['Expected an object'] } });
      continue;
    }
    const parsed = rowSchema.safeParse(data);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) fail(String(issue.path[0] ?? 'non_field_errors'), issue.message);
      rejected.push({ row, lot: label, errors });
      continue;
    }
    const r: FeedRow = parsed.data;
    let lot: Current | undefined;
    const hasKey = r.project !== undefined || r.type !== undefined || r.number !== undefined;
    if (hasKey) {
      for (const field of ['project', 'type', 'number'] as const) if (r[field] === undefined) fail(field, 'Required with project, type and number');
      const pid = r.project === undefined ? undefined : current.projectId.get(r.project);
      if (r.project !== undefined && pid === undefined) fail('project', `No project "${r.project}" (give its id or short slug)`);
      if (pid !== undefined && r.type && r.number) {
        lot = current.byKey.get(`${pid}:${r.type}:${r.number}`);
        if (!lot) fail('number', `No ${r.type} number ${r.number} in project ${r.project}`);
      }
    }
    if (r.id !== undefined) {
      const byId = current.byId.get(r.id);
      if (!byId) fail('id', `No lot with id ${r.id}`);
      else if (lot && lot.id !== byId.id) fail('id', `Lot ${r.id} is not ${r.project}/${r.type}/${r.number}`);
      lot ??= byId;
    } else if (!hasKey) fail('non_field_errors', 'Name the lot: id, or project, type and number');
    if (lot && r.status !== undefined && r.status !== 'sold' && current.soldOnline.has(lot.id))
      fail('status', 'Sold online: its deal’s contract is signed, so only "sold" is accepted while the deal stands (see the back office’s reservations)');
    const changes = ['status', 'price', 'old_price', 'finish', 'area', 'living_area', 'kitchen_area'] as const;
    if (!changes.some((c) => r[c] !== undefined)) fail('non_field_errors', `Nothing to update: give one of ${changes.join(', ')}`);
    if (lot && !Object.keys(errors).length) {
      const next: Update = {
        ...lot,
        status: r.status ?? lot.status,
        price: r.price === undefined ? lot.price : Math.round(r.price),
        oldPrice: r.old_price === undefined ? lot.oldPrice : r.old_price === null ? null : Math.round(r.old_price),
        finish: r.finish ?? lot.finish,
        area: r.area === undefined ? lot.area : Math.round(r.area * 100) / 100,
        livingArea: r.living_area === undefined ? lot.livingArea : r.living_area === null ? null : Math.round(r.living_area * 100) / 100,
        kitchenArea: r.kitchen_area === undefined ? lot.kitchenArea : r.kitchen_area === null ? null : Math.round(r.kitchen_area * 100) / 100,
        pricePerM2: 0,
      };
      next.pricePerM2 = Math.round(next.price / next.area);
      if (next.oldPrice !== null && next.oldPrice <= next.price) fail('old_price', `Must be above the price (${next.price}), or empty`);
      if ((next.livingArea ?? 0) + (next.kitchenArea ?? 0) > next.area) fail('area', 'Must not be below living_area + kitchen_area');
      const earlier = updates.get(lot.id);
      if (earlier) fail('non_field_errors', `The same lot as row ${earlier.row}`);
      if (!Object.keys(errors).length) {
        const changed = (['status', 'price', 'oldPrice', 'finish', 'area', 'livingArea', 'kitchenArea'] as const).some((k) => next[k] !== lot[k]);
        updates.set(lot.id, { row, next, was: lot, changed });
      }
    }
    if (Object.keys(errors).length) rejected.push({ row, lot: label, errors });
  }
  return { rejected, updates: [...updates.values()] };
}

const BATCH = 1000;

type Change = { next: Update; was: Current };

/**
 * Writes the changed lots, a VALUES batch per statement. With `change` (the catalogue version this import bumped)
 * the same statement records their history (ADR 019): a data-modifying CTE updates the lots and returns each one's
 * new price and status next to the ones it had (the import read them, under the catalogue's lock, so they are the
 * lot's current row, which is its last recorded history row), and the INSERT keeps the lots whose price or status
 * changed. No second read of the lots and no look-up of their last history row. Returns the history rows recorded.
 */
async function applyUpdates(db: Executor, updates: Change[], change: number | null): Promise<number> {
  let recorded = 0;
  for (let i = 0; i < updates.length; i += BATCH) {
    const values = sql.join(
      updates
        .slice(i, i + BATCH)
        .map(
          ({ next: u, was }) =>
            sql`(${u.id}::int, ${u.status}::text, ${u.price}::bigint, ${u.pricePerM2}::bigint, ${u.oldPrice}::bigint, ${u.finish}::text, ${u.area}::numeric, ${u.livingArea}::numeric, ${u.kitchenArea}::numeric, ${was.price}::bigint, ${was.status}::text)`,
        ),
      sql`, `,
    );
    const update = sql`
      update lots as l set status = v.status, price = v.price, price_per_m2 = v.ppm, old_price = v.old_price, finish = v.finish,
        area = v.area, living_area = v.living, kitchen_area = v.kitchen, updated_at = now()
      from (values ${values}) as v(id, status, price, ppm, old_price, finish, area, living, kitchen, was_price, was_status)
      where l.id = v.id`;
    if (change === null) {
      await db.execute(update);
      continue;
    }
    const result = await db.execute(sql`
      with u as (${update} returning l.id, l.price, l.status, v.was_price, v.was_status)
      insert into lot_history (lot_id, change, at, price, status, previous_price, previous_status)
      select u.id, ${change}::int, now(), u.price, u.status, u.was_price, u.was_status from u
      where u.price <> u.was_price or u.status <> u.was_status
      order by u.id`);
    recorded += affectedRows(result);
  }
  return recorded;
}

/** Validates and applies a feed; a dry run (or all-or-nothing with a bad row) applies nothing. */
export async function importFeed(database: Database, content: string, opts: ImportOptions = {}): Promise<ImportReport> {
  const feed = readFeed(content, opts.format);
  const ignoredColumns = feed.columns.filter((c) => !(FEED_COLUMNS as readonly string[]).includes(c));
  return database.db.transaction(async (tx) => {
    // Taken before the lots are read: no other catalogue change can write them between this read and the updates,
    // so the values read are the ones the history's `previous_*` name.
    await lockCatalogue(tx);
    const { rejected, updates } = validate(feed, await loadCurrent(tx));
    const changed = updates.filter((u) => u.changed);
    const apply = !opts.dryRun && !(opts.allOrNothing && rejected.length > 0);
    let version: number | null = null;
    let historyRows = 0;
    let writeMs = 0;
    if (apply && changed.length) {
      const started = performance.now();
      version = await bumpCatalogueVersion(tx);
      const history = opts.recordHistory !== false;
      // Only lots whose price or status changed get a row (a finish or an area is no history).
      historyRows = await applyUpdates(tx, changed, history ? version : null);
      // The change's alert digests (ADR 021) are due in the same transaction: committed together, or not at all.
      if (historyRows) await enqueueAlertDigests(tx, version);
      writeMs = performance.now() - started;
    }
    return {
      format: feed.format,
      total: feed.rows.length,
      accepted: updates.length,
      changed: changed.length,
      unchanged: updates.length - changed.length,
      rejected,
      ignoredColumns,
      applied: apply,
      version,
      historyRows,
      writeMs,
    };
  });
}

/** The report as a person reads it: totals first, then each rejected row with its reasons. */
export function formatReport(report: ImportReport, limit = 50): string {
  const lines = [
    `${report.total} rows (${report.format}): ${report.accepted} valid (${report.changed} changed, ${report.unchanged} unchanged), ${report.rejected.length} rejected.`,
    report.applied ? (report.changed ? `Applied in one transaction; catalogue version ${report.version}.` : 'Nothing to change.') : 'Nothing applied.',
  ];
  if (report.ignoredColumns.length) lines.push(`Ignored columns: ${report.ignoredColumns.join(', ')} (known: ${FEED_COLUMNS.join(', ')}).`);
  for (const r of report.rejected.slice(0, limit)) {
    const reasons = Object.entries(r.errors).map(([field, messages]) => `${field}: ${messages.join('; ')}`);
    lines.push(`  row ${r.row}${r.lot ? ` (${r.lot})` : ''}: ${reasons.join(' | ')}`);
  }
  if (report.rejected.length > limit) lines.push(`  … and ${report.rejected.length - limit} more rejected rows.`);
  return lines.join('\n');
}
