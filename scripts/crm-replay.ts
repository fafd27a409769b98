/**
 * `npm run crm:replay -- --channel bitrix24 --from 2026-11-01 --to 2026-11-30`: queues the leads received in that
 * range of days (Moscow, both included) for one CRM adapter again (server/modules/crm/replay.ts). Safe to repeat: each
 * replayed delivery looks the lead up in the CRM by the site's id before adding it, so nothing is added twice. The
 * running server's adapter delivers them (its loop polls the queue); reads DATABASE_URL or the embedded database in
 * DATA_DIR (stop the server first: the embedded database takes one process at a time).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { replayArgs, replayLeads } from '../server/modules/crm/replay.ts';

async function main() {
  const { values } = parseArgs({ options: { channel: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' } } });
  const parsed = replayArgs.safeParse(values);
  if (!parsed.success) throw new Error(parsed.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`).join('\n'));
  const config = loadConfig();
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    const { queued, requeued } = await replayLeads(database.db, parsed.data.channel, parsed.data);
    console.error(`${parsed.data.channel}: ${queued} leads queued, ${requeued} queued again (${parsed.data.from} to ${parsed.data.to})`);
  } finally {
    await database.close();
  }
}

if (import.meta.main) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
