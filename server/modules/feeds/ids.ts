import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { PORTALS, type Portal } from '#core/feeds/portals.ts';
import { parseCsv } from '../../lib/csv.ts';
import { bumpCatalogueVersion } from '../catalogue/index.ts';
import type { Db } from '../../db/client.ts';
import { buildings, portalBuildingIds } from '../../db/schema/index.ts';

/**
 * `npm run feeds:ids`: each portal's ids of the catalogue's buildings, from a JSON file (`{"ids": [...]}` or an
 * array) or a CSV with the columns `portal;building;complex_id;house_id`. Every row is checked (the schema below,
 * the building against the catalogue, a (portal, building) listed once); all rows are written in one transaction,
 * or nothing when one is rejected, and the catalogue version moves so every feed is remade (ETags change).
 * `prune` also removes the ids of the named portals that the file does not list.
 */
const portalId = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
  .trim()
  .min(1, 'must not be empty')
  .max(64, 'must be at most 64 characters')
  .regex(/^[\w.:/-]+$/, 'letters, digits and . _ : / - only');

export const portalIdsRow = z.strictObject({
  portal: z.enum(PORTALS, { error: `must be one of ${PORTALS.join(', ')}` }),
  building: z.preprocess(
    (value) => (typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value),
    z.number({ error: 'must be a building id (a number)' }).int('must be a building id (a number)').positive('must be a building id (a number)'),
  ),
  complex_id: portalId,
  house_id: portalId.nullish(),
});
export type PortalIdsRow = z.infer<typeof portalIdsRow>;

export const IDS_CSV_COLUMNS = ['portal', 'building', 'complex_id', 'house_id'] as const;
export type IdsFormat = 'json' | 'csv';

export type RejectedIdsRow = { row: number; portal: string | null; building: string | null; errors: string[] };
export type IdsImportReport = {
  format: IdsFormat;
  total: number;
  inserted: number;
  updated: number;
  removed: number;
  rejected: RejectedIdsRow[];
  ignoredColumns: string[];
  dryRun: boolean;
  applied: boolean;
};

/** Reads an ids file into raw rows with their line (CSV) or position (JSON, from 1). Throws when it is neither. */
export function readPortalIds(content: string, format?: IdsFormat): { format: IdsFormat; rows: { row: number; raw: unknown }[]; ignoredColumns: string[] } {
  const text = content.replace(/^\ufeff/, '');
  const detected = format ?? (/^\s*[[{]/.test(text) ? 'json' : 'csv');
  if (detected === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new Error(`The file is not valid JSON: ${(error as Error).message}`);
    }
    const list = Array.isArray(parsed) ? parsed : parsed && typeof parsed === 'object' ? (parsed as { ids?: unknown }).ids : undefined;
    if (!Array.isArray(list)) throw new Error('An ids file is a JSON array of rows, or {"ids": [...]}.');
    return { format: 'json', rows: list.map((raw, i) => ({ row: i + 1, raw })), ignoredColumns: [] };
  }
  const { header, rows } = parseCsv(text);
  const columns = header.map((h) => h.trim().toLowerCase());
  const missing = IDS_CSV_COLUMNS.filter((c) => c !== 'house_id' && !columns.includes(c));
  if (missing.length) throw new Error(`The CSV file has no ${missing.map((c) => `"${c}"`).join(', ')} column (columns: ${IDS_CSV_COLUMNS.join(', ')}).`);
  const known = new Set<string>(IDS_CSV_COLUMNS);
  return {
    format: 'csv',
    rows: rows
      .filter((r) => r.values.some((v) => v.trim() !== ''))
      .map((r) => {
        const raw: Record<string, string> = {};
        columns.forEach((c, i) => {
          const value = (r.values[i] ?? '').trim();
          if (known.has(c) && value !== '') raw[c] = value;
        });
        return { row: r.line, raw };
      }),
    ignoredColumns: columns.filter((c) => !known.has(c)),
  };
}

const field = (raw: unknown, name: string): string | null => {
  const value = raw && typeof raw === 'object' ? (raw as Record<string, unknown>)[name] : undefined;
  return value === undefined || value === null ? null : String(value);
};

/** Checks every row and writes them all in one transaction, or nothing. */
export async function writePortalIds(
  db: Db,
  rows: { row: number; raw: unknown }[],
  opts: { dryRun?: boolean; prune?: boolean } = {},
): Promise<Omit<IdsImportReport, 'format' | 'ignoredColumns'>> {
  const rejected: RejectedIdsRow[] = [];
  const good: (PortalIdsRow & { row: number })[] = [];
  const seen = new Map<string, number>();
  const known = new Set((await db.select({ id: buildings.id }).from(buildings)).map((b) => b.id));
  for (const { row, raw } of rows) {
    const parsed = portalIdsRow.safeParse(raw);
    const reject = (errors: string[]) => rejected.push({ row, portal: field(raw, 'portal'), building: field(raw, 'building'), errors });
    if (!parsed.success) {
      reject(parsed.error.issues.map((i) => `${i.path.length ? i.path.join('.') : 'row'}: ${i.message}`));
      continue;
    }
    const key = `${parsed.data.portal}/${parsed.data.building}`;
    if (!known.has(parsed.data.building)) reject([`building: no building ${parsed.data.building} in the catalogue`]);
    else if (seen.has(key)) reject([`building: ${parsed.data.portal} ids of building ${parsed.data.building} already given on row ${seen.get(key)}`]);
    else {
      seen.set(key, row);
      good.push({ ...parsed.data, row });
    }
  }
  const existing = await db.select({ portal: portalBuildingIds.portal, buildingId: portalBuildingIds.buildingId }).from(portalBuildingIds);
  const present = new Set(existing.map((e) => `${e.portal}/${e.buildingId}`));
  const inserted = good.filter((g) => !present.has(`${g.portal}/${g.building}`)).length;
  const portals = [...new Set(good.map((g) => g.portal))] as Portal[];
  const removed = opts.prune ? existing.filter((e) => portals.includes(e.portal) && !seen.has(`${e.portal}/${e.buildingId}`)).length : 0;
  const report = { total: rows.length, inserted, updated: good.length - inserted, removed, rejected, dryRun: opts.dryRun === true, applied: false };
  if (rejected.length || opts.dryRun || !rows.length) return report;
  await db.transaction(async (t) => {
    for (const g of good)
      await t
        .insert(portalBuildingIds)
        .values({ portal: g.portal, buildingId: g.building, complexId: g.complex_id, houseId: g.house_id ?? null })
        .onConflictDoUpdate({
          target: [portalBuildingIds.portal, portalBuildingIds.buildingId],
          set: { complexId: g.complex_id, houseId: g.house_id ?? null, updatedAt: sql`now()` },
        });
    if (opts.prune)
      for (const portal of portals) {
        const keep = good.filter((g) => g.portal === portal).map((g) => g.building);
        await t.delete(portalBuildingIds).where(and(eq(portalBuildingIds.portal, portal), notInArray(portalBuildingIds.buildingId, keep)));
      }
    // The feeds are remade per catalogue version: the new ids reach every portal's feed (and its ETag) at once.
    await bumpCatalogueVersion(t);
  });
  return { ...report, applied: true };
}

export async function importPortalIds(
  db: Db,
  content: string,
  opts: { format?: IdsFormat | undefined; dryRun?: boolean | undefined; prune?: boolean | undefined } = {},
): Promise<IdsImportReport> {
  const { format, rows, ignoredColumns } = readPortalIds(content, opts.format);
  const report = await writePortalIds(db, rows, { dryRun: opts.dryRun === true, prune: opts.prune === true });
  return { ...report, format, ignoredColumns };
}

export function formatIdsReport(report: IdsImportReport, limit = 50): string {
  const where = report.format === 'csv' ? 'line' : 'row';
  const lines = [`${report.total} rows of portal ids (${report.format}): ${report.rejected.length} rejected.`];
  const counts = `${report.inserted} new, ${report.updated} updated${report.removed ? `, ${report.removed} removed` : ''}`;
  if (report.applied) lines.push(`Applied in one transaction: ${counts}. Every feed is remade with the new ids.`);
  else if (report.rejected.length) lines.push('Nothing applied: fix the rejected rows and run the import again.');
  else lines.push(`Dry run or empty file, nothing applied; would write ${counts}.`);
  if (report.ignoredColumns.length) lines.push(`Ignored columns: ${report.ignoredColumns.join(', ')} (known: ${IDS_CSV_COLUMNS.join(', ')}).`);
  for (const r of report.rejected.slice(0, limit))
    lines.push(`  ${where} ${r.row}${r.portal || r.building ? ` (${[r.portal, r.building].filter(Boolean).join(' ')})` : ''}: ${r.errors.join(' | ')}`);
  if (report.rejected.length > limit) lines.push(`  … and ${report.rejected.length - limit} more rejected rows.`);
  return lines.join('\n');
}

/** The ids recorded for some buildings (tests, the check). */
export async function portalIdsOf(db: Db, buildingIds: number[]) {
  return buildingIds.length ? db.select().from(portalBuildingIds).where(inArray(portalBuildingIds.buildingId, buildingIds)) : [];
}
