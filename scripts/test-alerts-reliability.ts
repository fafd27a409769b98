/**
 * `npm run test:alerts-reliability`: alert digests under failure (ADR 021). A catalogue of LOTS lots (default
 * ~10k: the demo ×3) and SUBS confirmed subscriptions (default 1000: saved searches of varied filters and followed
 * lots, in ru/en/zh); one import changes every lot's price, which enqueues the digests in its transaction. A worker
 * process sends them to a fake SMTP receiver and is SIGKILLed mid-send, then restarted (its leases run out and the
 * rows come back). Then: every enqueued digest is delivered once in the database, the receiver holds exactly one
 * message per Message-ID for each sent digest, and raw redeliveries (a message accepted by SMTP just before the
 * kill, before its mark committed) are counted and printed, and may not exceed the messages in flight per kill. The
 * kill is sent as soon as the receiver has a third (two thirds) of the digests: right at an acceptance, so each
 * kill lands in or near the window a redelivery comes from (ADR 021).
 *
 * Runs on the embedded PGlite, and also on PostgreSQL when TEST_DATABASE_URL is set. Loopback only.
 * `--worker` (internal): the sending process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { generateCatalogue } from '../server/modules/catalogue/ingest/generate.ts';
import { importFeed } from '../server/modules/catalogue/ingest/import.ts';
import { writeCatalogue } from '../server/modules/catalogue/ingest/write.ts';
import { migrate, openDatabase } from '../server/db/client.ts';
import { alertMessages, alertSubscriptions, catalogueState, lots } from '../server/db/schema/index.ts';
import { createAlertOutbox, smtpAlertSender } from '../server/modules/alerts/outbox.ts';
import { alertTokens } from '../server/modules/alerts/tokens.ts';
import { createServices } from '../server/services.ts';
import { ENGINES, throwawayDatabase } from '../tests/support/throwaway-db.ts';
import { fakeSmtp } from '../tests/support/leads-fakes.ts';

const COPIES = Number(process.env.RELIABILITY_LOT_COPIES ?? 3);
const SUBS = Number(process.env.RELIABILITY_SUBSCRIPTIONS ?? 1000);
const LEASE_MS = 3000;
/** Messages in flight at once in the worker: the most a kill can make it send again. */
const CONCURRENCY = 4;
const DEADLINE_MS = Number(process.env.RELIABILITY_DEADLINE_MS ?? 600_000);
const SECRET = randomBytes(16).toString('hex');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const silent = { info: () => {}, warn: () => {}, error: (obj: object, msg: string) => console.error(msg, obj) };

/** The sending process: the alert outbox until nothing is due, then exit 0. */
async function worker(): Promise<void> {
  const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR! });
  const services = createServices(database, { warn: () => {} });
  const outbox = createAlertOutbox({
    db: database.db,
    alerts: services.alerts,
    sender: smtpAlertSender({ smtpUrl: process.env.SMTP_URL!, from: 'alerts@example.ru', timeoutMs: 10_000 }),
    site: { origin: 'https://www.example.ru', strategy: 'prefix_except_default', tokens: alertTokens(process.env.ALERTS_RELIABILITY_SECRET ?? SECRET) },
    log: silent,
    retryBaseMs: 50,
    retryMaxMs: 500,
    pollMs: 200,
    leaseMs: LEASE_MS,
    batch: 25,
    concurrency: CONCURRENCY,
  });
  for (;;) {
    const claimed = await outbox.runOnce();
    if (claimed) continue;
    const [left] = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(alertMessages)
      .where(isNull(alertMessages.deliveredAt));
    if (!Number(left?.n)) break;
    await sleep(200);
  }
  await outbox.stop();
  await services.events.close();
  await database.close();
  process.exit(0);
}

type Engine = { name: string; env: Record<string, string>; dataDir: string; cleanup: () => Promise<void> };

/** An empty database of its own on each engine (PostgreSQL when TEST_DATABASE_URL is set, alone with RELIABILITY_POSTGRES_ONLY). */
async function engines(): Promise<Engine[]> {
  const list: Engine[] = [];
  for (const name of ENGINES) {
    if (name === 'pglite' && process.env.RELIABILITY_POSTGRES_ONLY) continue;
    const made = await throwawayDatabase(name, { label: 'alerts-reliability' });
    list.push({ name, env: made.url ? { DATABASE_URL: made.url } : {}, dataDir: made.dataDir, cleanup: made.dispose });
  }
  return list;
}

const FILTERS = [
  'type=flat',
  'type=flat&rooms=1',
  'type=flat&rooms=2',
  'type=flat&rooms=3',
  'status=free',
  'type=parking',
  'type=flat&price_max=15000000',
  'rooms=0',
];

async function prepare(engine: Engine): Promise<{ lots: number; expected: number; change: number }> {
  const database = await openDatabase({ url: engine.env.DATABASE_URL, dataDir: engine.dataDir });
  await migrate(database);
  await writeCatalogue(database, generateCatalogue({ copies: COPIES }));
  const [{ version } = { version: 0 }] = await database.db.select({ version: catalogueState.version }).from(catalogueState);
  const all = await database.db.select({ id: lots.id, price: lots.price }).from(lots);
  const locales = ['ru', 'en', 'zh'] as const;
  const rows = Array.from({ length: SUBS }, (_, i) => {
    const follow = i % 10 >= 7;
    return {
      id: randomUUID(),
      kind: follow ? ('lot' as const) : ('search' as const),
      email: `subscriber-${i}@example.ru`,
      locale: locales[i % 3]!,
      query: follow ? null : FILTERS[i % FILTERS.length]!,
      lotId: follow ? all[(i * 37) % all.length]!.id : null,
      consentAt: new Date(),
      confirmedAt: new Date(),
      sinceChange: version,
    };
  });
  for (let i = 0; i < rows.length; i += 500) await database.db.insert(alertSubscriptions).values(rows.slice(i, i + 500));
  // One import changing every lot: a price drop of 1–5 % each.
  const feed = JSON.stringify(all.map((l, i) => ({ id: l.id, price: Math.round((l.price * (95 + (i % 5))) / 100 / 1000) * 1000 })));
  const started = Date.now();
  const report = await importFeed(database, feed);
  const importMs = Date.now() - started;
  const [{ n } = { n: 0 }] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(alertMessages)
    .where(and(eq(alertMessages.kind, 'digest'), eq(alertMessages.change, report.version!)));
  console.log(
    `  ${engine.name}: ${all.length} lots, ${SUBS} subscriptions; the import changed ${report.changed} lots in ${importMs} ms and enqueued ${n} digests`,
  );
  await database.close();
  return { lots: all.length, expected: Number(n), change: report.version! };
}

function startWorker(engine: Engine, smtpUrl: string): ChildProcess {
  return spawn(process.execPath, [process.argv[1]!, '--worker'], {
    env: { ...process.env, ...engine.env, DATA_DIR: engine.dataDir, SMTP_URL: smtpUrl, ALERTS_RELIABILITY_SECRET: SECRET },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

async function run(engine: Engine): Promise<boolean> {
  const { expected, change } = await prepare(engine);
  const smtp = await fakeSmtp();
  const deadline = Date.now() + DEADLINE_MS;
  const kills: number[] = [];
  // Two kills mid-send (at a third and at two thirds of the digests received), then a worker that finishes.
  for (const share of [1 / 3, 2 / 3]) {
    const child = startWorker(engine, smtp.url);
    while (smtp.messages.length < expected * share && child.exitCode === null && Date.now() < deadline) await sleep(5);
    child.kill('SIGKILL');
    await exited(child);
    kills.push(smtp.messages.length);
  }
  const last = startWorker(engine, smtp.url);
  const timer = setTimeout(() => last.kill('SIGKILL'), Math.max(1000, deadline - Date.now()));
  const code = await exited(last);
  clearTimeout(timer);

  const database = await openDatabase({ url: engine.env.DATABASE_URL, dataDir: engine.dataDir });
  const rows = await database.db
    .select({ outcome: alertMessages.outcome, delivered: alertMessages.deliveredAt, attempts: alertMessages.attempts })
    .from(alertMessages)
    .where(and(eq(alertMessages.kind, 'digest'), eq(alertMessages.change, change)));
  await database.close();
  await smtp.close();
  const ids = smtp.messages.map((m) => /^Message-ID:\s*(\S+)/im.exec(m)?.[1] ?? '');
  const unique = new Set(ids);
  const sent = rows.filter((r) => r.outcome === 'sent').length;
  const empty = rows.filter((r) => r.outcome === 'empty').length;
  const undelivered = rows.filter((r) => !r.delivered).length;
  const retried = rows.filter((r) => r.attempts > 1).length;
  const redeliveries = smtp.messages.length - unique.size;
  const ok =
    code === 0 && rows.length === expected && undelivered === 0 && unique.size === sent && !ids.includes('') && redeliveries <= kills.length * CONCURRENCY;
  console.log(
    `  ${engine.name}: ${expected} digests enqueued once (unique per subscription and change); killed (SIGKILL) after ${kills.join(' and ')} messages received; ` +
      `${sent} sent + ${empty} with nothing to say = ${rows.length} delivered, ${undelivered} left; the receiver holds ${unique.size} distinct messages ` +
      `(${redeliveries} raw redeliveries of a message accepted just before a kill, same Message-ID; at most ${CONCURRENCY} in flight per kill); ${retried} rows claimed again after a kill → ${ok ? 'OK' : 'FAILED'}`,
  );
  return ok;
}

async function main(): Promise<void> {
  let ok = true;
  for (const engine of await engines()) {
    try {
      ok = (await run(engine)) && ok;
    } finally {
      await engine.cleanup();
    }
  }
  process.exit(ok ? 0 : 1);
}

if (process.argv.includes('--worker')) await worker();
else await main();
