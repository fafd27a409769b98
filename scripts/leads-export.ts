/**
 * `npm run leads:export [-- --since 2026-01-01] [--kind request] [--out leads.csv]`: the leads as CSV
 * (UTF-8 with BOM, so spreadsheet programs read Cyrillic and Chinese correctly), oldest first, with the
 * delivery state of each. Reads DATABASE_URL or the embedded database in DATA_DIR (stop the server first:
 * the embedded database takes one process at a time).
 */
import { createWriteStream } from 'node:fs';
import { parseArgs } from 'node:util';
import { and, asc, eq, gte, inArray, type SQL } from 'drizzle-orm';
import { LEAD_KINDS } from '../core/validation/lead-forms.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { leadDeliveries, leads } from '../server/db/schema/index.ts';

const COLUMNS = [
  'id',
  'created_at',
  'kind',
  'topic',
  'locale',
  'name',
  'phone',
  'email',
  'newsletter',
  'consent_at',
  'details',
  'page_url',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'project',
  'lot',
  'promo',
  'source',
  'crm_delivered_at',
  'email_delivered_at',
  'delivery_attempts',
  'last_error',
] as const;

/** Free text from visitors can start with = + - @: quoted with a leading apostrophe so a spreadsheet never runs it as a formula. */
const FREE_TEXT = new Set([
  'name',
  'email',
  'details',
  'page_url',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_content',
  'utm_term',
  'lot',
  'promo',
  'last_error',
]);

export function csvCell(column: string, value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (FREE_TEXT.has(column) && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

async function main() {
  const { values } = parseArgs({ options: { since: { type: 'string' }, kind: { type: 'string' }, out: { type: 'string' } } });
  if (values.kind && !(LEAD_KINDS as readonly string[]).includes(values.kind)) throw new Error(`--kind must be one of ${LEAD_KINDS.join(', ')}`);
  const since = values.since ? new Date(values.since) : null;
  if (since && Number.isNaN(since.getTime())) throw new Error('--since must be a date, e.g. 2026-01-31');

  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  const out = values.out ? createWriteStream(values.out) : process.stdout;
  try {
    const where: SQL[] = [];
    if (since) where.push(gte(leads.createdAt, since));
    if (values.kind) where.push(eq(leads.kind, values.kind));
    const rows = await database.db
      .select()
      .from(leads)
      .where(where.length ? and(...where) : undefined)
      .orderBy(asc(leads.createdAt));
    const deliveries = rows.length
      ? await database.db
          .select()
          .from(leadDeliveries)
          .where(
            inArray(
              leadDeliveries.leadId,
              rows.map((r) => r.id),
            ),
          )
      : [];
    out.write(`\uFEFF${COLUMNS.join(',')}\r\n`);
    for (const lead of rows) {
      const own = deliveries.filter((d) => d.leadId === lead.id);
      const record: Record<(typeof COLUMNS)[number], unknown> = {
        id: lead.id,
        created_at: lead.createdAt,
        kind: lead.kind,
        topic: lead.topic,
        locale: lead.locale,
        name: lead.name,
        phone: lead.phone,
        email: lead.email,
        newsletter: lead.newsletter,
        consent_at: lead.consentAt,
        details: lead.details,
        page_url: lead.context.page_url,
        utm_source: lead.context.utm_source,
        utm_medium: lead.context.utm_medium,
        utm_campaign: lead.context.utm_campaign,
        utm_content: lead.context.utm_content,
        utm_term: lead.context.utm_term,
        project: lead.context.project,
        lot: lead.context.lot,
        promo: lead.context.promo,
        source: lead.context.source,
        crm_delivered_at: own.find((d) => d.channel === 'crm')?.deliveredAt,
        email_delivered_at: own.find((d) => d.channel === 'email')?.deliveredAt,
        delivery_attempts: own.reduce((n, d) => n + d.attempts, 0),
        last_error: own.map((d) => d.lastError).find(Boolean),
      };
      out.write(`${COLUMNS.map((c) => csvCell(c, record[c])).join(',')}\r\n`);
    }
    if (values.out) console.error(`${rows.length} leads written to ${values.out}`);
  } finally {
    if (out !== process.stdout) await new Promise<void>((resolve) => out.end(() => resolve()));
    await database.close();
  }
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
