import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { antibotHeaders } from '#core/http/antibot.ts';
import { loadConfig } from '#server/config.ts';
import { migrate, type Database } from '#server/db/client.ts';
import { reservationSettings, reservations } from '#server/db/schema/index.ts';
import { ENGINES, throwawayDatabase } from '#tests/support/throwaway-db.ts';
import { startFakeYooKassa } from '#tests/support/fake-yookassa.ts';
import { seededDataDir, startServer, type RunningServer } from '#tests/support/server.ts';
import { DEPOSIT_KOPECKS, SHOP } from './payment-app.ts';

const CSRF = 'k'.repeat(43);
const salt = loadConfig({ NODE_ENV: 'test' }).ANTIBOT_SALT;

async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function enableReservations(database: Database): Promise<void> {
  await database.db
    .insert(reservationSettings)
    .values({ projectId: null, enabled: true, depositKopecks: DEPOSIT_KOPECKS, periodDays: 7, refundWindowDays: 3 })
    .onConflictDoNothing();
}

async function kill(server: RunningServer): Promise<void> {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  const exited = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGKILL');
  await exited;
}

/**
 * A server process killed between the provider's success and its own write (issue #39): the notification came, the
 * payment's read-back was on its way, and the process died. The payment is applied by the restarted server's
 * reconciliation, which asks the provider about every payment still open.
 */
describe.each(ENGINES)('a payment that succeeded while the server was killed, on %s', (engine) => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  it("is applied by the restarted server's reconciliation", async () => {
    const fake = await startFakeYooKassa(SHOP);
    cleanup.push(() => fake.close());
    // A database of the test's own, kept across the kill: the seeded copy (embedded), or an empty one the server
    // seeds (PostgreSQL). The site-wide terms switch online reservation on before the server starts.
    const made = await throwawayDatabase(engine, { label: 'sigkill', template: engine === 'pglite' ? await seededDataDir() : undefined });
    cleanup.push(() => made.dispose());
    const setup = await made.open();
    try {
      if (engine === 'postgres') await migrate(setup);
      await enableReservations(setup);
    } finally {
      await setup.close();
    }
    const env = {
      YOOKASSA_SHOP_ID: SHOP.shopId,
      YOOKASSA_SECRET_KEY: SHOP.secretKey,
      YOOKASSA_API_URL: fake.url,
      YOOKASSA_TRUSTED_IPS: '127.0.0.1',
      YOOKASSA_TIMEOUT_MS: '60000',
      DATA_DIR: made.dataDir,
      ...(made.url ? { DATABASE_URL: made.url } : {}),
    };
    const first = await startServer({ ...env, LOG_LEVEL: 'warn' });
    cleanup.push(() => kill(first));

    const url = '/api/reservations/';
    const lotId = await firstFreeLot(first.url);
    const res = await fetch(first.url + url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: first.url, cookie: `csrftoken=${CSRF}`, 'x-csrftoken': CSRF, ...antibotHeaders(salt, '1', url) },
      body: JSON.stringify({ lotId, name: 'Анна', phone: '+7 916 700-00-01', email: 'anna@example.ru', consent: true }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const paymentId = [...fake.payments.values()].find((p) => p.metadata.reservationId === id)!.id;

    // The buyer pays; the provider notifies; the server reads the payment back — and is killed before it answers.
    await fake.succeed(paymentId);
    // Its one read-back gets no answer (the process is killed while it waits).
    fake.failNext('timeout', 1);
    const asked = fake.requests.length;
    void fake.notify(`${first.url}/api/payments/yookassa/`, 'payment.succeeded', paymentId).catch(() => {});
    await waitFor('the read-back', () => fake.requests.slice(asked).find((r) => r.method === 'GET' && r.path === `/v3/payments/${paymentId}`));
    await kill(first);

    // The next server on the same database: its reconciliation at start asks the provider and applies the payment.
    // Its log says when the reconciliation applied the payment (ids and statuses only).
    const second = await startServer({ ...env, LOG_LEVEL: 'info' });
    cleanup.push(() => second.stop());
    await waitFor('the reconciliation', () => (/"msg":"payment applied"/.test(second.output()) && /"source":"job"/.test(second.output()) ? true : undefined));
    await second.stop();
    const database = await made.open();
    try {
      const [row] = await database.db.select().from(reservations).where(eq(reservations.id, id));
      expect(row).toMatchObject({ state: 'reserved', paymentId, paymentStatus: 'succeeded' });
    } finally {
      await database.close();
    }
  }, 300_000);
});

/** A lot for sale (free), as the catalogue's API lists them. */
async function firstFreeLot(origin: string): Promise<number> {
  const res = await fetch(`${origin}/api/filter/?limit=1`);
  const body = (await res.json()) as { results: { id: number }[] };
  const lot = body.results[0];
  if (!lot) throw new Error('no free lot in the demo catalogue');
  return lot.id;
}
