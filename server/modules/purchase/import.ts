import { z } from 'zod';
import { offersFile } from '#core/purchase/schemas.ts';
import { parseCsv } from '../../lib/csv.ts';
import type { Db } from '../../db/client.ts';
import { writeOffers, type OffersInput, type OffersReport, type RejectedOffer } from './offers.ts';

/**
 * `npm run offers:import`: partner banks and finance programmes from a JSON file (`{"banks": [...],
 * "programmes": [...]}`, core/purchase/schemas.ts's snake_case shape) or a CSV of one programme per row, written
 * by writeOffers: every row checked, all applied in one transaction or nothing. The CSV names its columns like
 * the JSON fields; localized fields are `name_ru`, `name_en`, `name_zh` (and `conditions_*`), lists are values
 * separated by `|`, and a row may declare its bank inline (`bank_name_ru|en|zh`, `bank_logo`).
 */
export const CSV_COLUMNS = [
  'id',
  'kind',
  'bank',
  'mortgage_kind',
  'name_ru',
  'name_en',
  'name_zh',
  'conditions_ru',
  'conditions_en',
  'conditions_zh',
  'rate',
  'markup',
  'min_down_payment',
  'max_term_months',
  'until_completion',
  'max_loan',
  'projects',
  'lot_types',
  'lots',
  'valid_from',
  'valid_to',
  'position',
  'bank_name_ru',
  'bank_name_en',
  'bank_name_zh',
  'bank_logo',
] as const;
const NUMBERS = ['rate', 'markup', 'min_down_payment', 'max_term_months', 'max_loan', 'position'] as const;
const LISTS = ['projects', 'lot_types', 'lots'] as const;
const TEXTS = ['id', 'kind', 'bank', 'mortgage_kind', 'valid_from', 'valid_to'] as const;
const LOCALES = ['ru', 'en', 'zh'] as const;

export type OffersFormat = 'json' | 'csv';
export type OffersImportReport = OffersReport & { format: OffersFormat; ignoredColumns: string[]; dryRun: boolean };

/** '12 345,5' → 12345.5; anything that is not a number is left as text for the schema to name. */
function numberOf(value: string): number | string {
  const n = Number(value.replace(/[\s\u00a0]/g, '').replace(',', '.'));
  return Number.isFinite(n) ? n : value;
}

/** One CSV row as the JSON shape; blank cells are absent. */
function programmeOfRow(cells: Record<string, string>): { programme: Record<string, unknown>; bank: Record<string, unknown> | null } {
  const has = (c: string) => (cells[c] ?? '').trim() !== '';
  const cell = (c: string) => (cells[c] ?? '').trim();
  const p: Record<string, unknown> = {};
  for (const c of TEXTS) if (has(c)) p[c] = cell(c);
  for (const c of NUMBERS) if (has(c)) p[c] = numberOf(cell(c));
  // A yes/no cell: 1, true, yes, да (anything else is left as text for the schema to name).
  if (has('until_completion')) {
    const flag = cell('until_completion').toLowerCase();
    p.until_completion = ['1', 'true', 'yes', 'да'].includes(flag) ? true : ['0', 'false', 'no', 'нет'].includes(flag) ? false : flag;
  }
  for (const c of LISTS)
    if (has(c))
      p[c] = cell(c)
        .split('|')
        .map((v) => v.trim())
        .filter(Boolean);
  for (const field of ['name', 'conditions'] as const)
    if (LOCALES.some((l) => has(`${field}_${l}`)))
      p[field] = Object.fromEntries(LOCALES.filter((l) => has(`${field}_${l}`)).map((l) => [l, cell(`${field}_${l}`)]));
  let bank: Record<string, unknown> | null = null;
  if (LOCALES.some((l) => has(`bank_name_${l}`)) || has('bank_logo')) {
    bank = {
      id: has('bank') ? cell('bank') : undefined,
      name: Object.fromEntries(LOCALES.filter((l) => has(`bank_name_${l}`)).map((l) => [l, cell(`bank_name_${l}`)])),
    };
    if (has('bank_logo')) bank.logo = cell('bank_logo');
  }
  return { programme: p, bank };
}

/** Reads an offers file: JSON (`{banks, programmes}`) or CSV (one programme per row). Throws when it is neither. */
export function readOffers(content: string, format?: OffersFormat): { format: OffersFormat; input: OffersInput; ignoredColumns: string[] } {
  const text = content.replace(/^\ufeff/, '');
  const detected = format ?? (/^\s*[[{]/.test(text) ? 'json' : 'csv');
  if (detected === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new Error(`The file is not valid JSON: ${(error as Error).message}`);
    }
    const file = offersFile.safeParse(parsed);
    if (!file.success) throw new Error(`An offers file is {"banks": [...], "programmes": [...]}: ${z.prettifyError(file.error).replaceAll('\n', ' ')}`);
    return { format: 'json', input: { banks: file.data.banks ?? [], programmes: file.data.programmes }, ignoredColumns: [] };
  }
  const { header, rows } = parseCsv(text);
  if (!header.length) throw new Error('The CSV file has no header line.');
  const columns = header.map((h) => h.toLowerCase());
  if (!columns.includes('id')) throw new Error(`The CSV file has no "id" column (columns: ${CSV_COLUMNS.join(', ')}).`);
  const known = new Set<string>(CSV_COLUMNS);
  const input: Required<Pick<OffersInput, 'banks' | 'programmes'>> & { rows: { banks: number[]; programmes: number[] } } = {
    banks: [],
    programmes: [],
    rows: { banks: [], programmes: [] },
  };
  // A bank declared identically on several rows is one bank; declared differently, the second is reported as listed twice.
  const declared = new Set<string>();
  for (const r of rows) {
    const cells = Object.fromEntries(columns.map((c, i) => [c, r.values[i] ?? '']));
    const { programme, bank } = programmeOfRow(cells);
    input.programmes.push(programme);
    input.rows.programmes.push(r.line);
    const key = bank && JSON.stringify(bank);
    if (bank && key && !declared.has(key)) {
      declared.add(key);
      input.banks.push(bank);
      input.rows.banks.push(r.line);
    }
  }
  return { format: 'csv', input, ignoredColumns: columns.filter((c) => !known.has(c)) };
}

/** A rejected record's fields named as the CSV names its columns (`name.ru` → `name_ru`; a bank's `logo` → `bank_logo`). */
function inCsvTerms(r: RejectedOffer): RejectedOffer {
  const rename = (field: string) => {
    const [head, sub] = field.split('.');
    const column = sub && (head === 'name' || head === 'conditions') && /^(ru|en|zh)$/.test(sub) ? `${head}_${sub}` : (head ?? field);
    if (r.record !== 'bank') return column;
    return column === 'id' ? 'bank' : `bank_${column}`;
  };
  return {
    ...r,
    errors: r.errors.map((e) => {
      const at = e.indexOf(': ');
      return at < 0 || e.slice(0, at) === 'row' ? e : `${rename(e.slice(0, at))}${e.slice(at)}`;
    }),
  };
}

export async function importOffers(
  db: Db,
  content: string,
  opts: { format?: OffersFormat | undefined; dryRun?: boolean | undefined; prune?: boolean | undefined } = {},
): Promise<OffersImportReport> {
  const { format, input, ignoredColumns } = readOffers(content, opts.format);
  const report = await writeOffers(db, input, { dryRun: opts.dryRun === true, prune: opts.prune === true });
  return { ...report, rejected: format === 'csv' ? report.rejected.map(inCsvTerms) : report.rejected, format, ignoredColumns, dryRun: opts.dryRun === true };
}

export function formatOffersReport(report: OffersImportReport, limit = 50): string {
  const { banks: b, programmes: p } = report;
  const lines = [`${p.total} programmes and ${b.total} banks (${report.format}): ${report.rejected.length} rejected.`];
  const counts = `programmes ${p.inserted} new, ${p.updated} updated${report.applied ? `, ${p.removed} removed` : ''}; banks ${b.inserted} new, ${b.updated} updated`;
  if (report.applied) lines.push(`Applied in one transaction: ${counts}.`);
  else if (report.rejected.length) lines.push('Nothing applied: fix the rejected rows and run the import again.');
  else lines.push(`Dry run, nothing applied; would write ${counts}.`);
  if (report.ignoredColumns.length) lines.push(`Ignored columns: ${report.ignoredColumns.join(', ')} (known: ${CSV_COLUMNS.join(', ')}).`);
  for (const r of report.rejected.slice(0, limit)) lines.push(`  ${r.record} row ${r.row}${r.id ? ` (${r.id})` : ''}: ${r.errors.join(' | ')}`);
  if (report.rejected.length > limit) lines.push(`  … and ${report.rejected.length - limit} more rejected rows.`);
  return lines.join('\n');
}
