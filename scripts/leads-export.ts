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
import { leadCsvHeader, leadCsvRow } from '../server/modules/leads/csv.ts';

export { csvCell } from '../server/modules/leads/csv.ts';

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
    out.write(leadCsvHeader());
    for (const lead of rows)
      out.write(
        leadCsvRow(
          lead,
          deliveries.filter((d) => d.leadId === lead.id),
        ),
      );
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
