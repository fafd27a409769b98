import { and, eq, sql } from 'drizzle-orm';
import { auctions, lots, reservationEvents, reservationSettings, reservations } from '#server/db/schema/index.ts';
import type { Engine } from '#tests/support/db.ts';
import { browserHeaders, testAppWithCatalogue, type TestApp } from '#tests/support/app.ts';
import { startFakeYooKassa } from '#tests/support/fake-yookassa.ts';
import { paymentFlowFor, type PaymentFlow } from '#server/modules/reservations/flow.ts';

export const SHOP = { shopId: '123456', secretKey: 'test_secret_key_of_the_payment_tests' };
/** The deposit the site's settings ask (kopecks): what every payment must be, whatever a request says. */
export const DEPOSIT_KOPECKS = 5_000_000;
export const silent = { info: () => {}, warn: () => {}, error: () => {} };

export type PaymentApp = TestApp & { fake: Awaited<ReturnType<typeof startFakeYooKassa>>; flow: PaymentFlow };

/**
 * The app with the demo catalogue and online payments pointed at the loopback stand-in of YooKassa, notifications
 * believed from loopback only, and the site-wide reservation terms on (50 000 ₽ for 7 days, 3 days to cancel).
 * `flow` is the payment flow as the server makes it, for the jobs' functions (reconciliation, refunds).
 */
export async function paymentApp(engine: Engine, env: Record<string, string> = {}): Promise<PaymentApp> {
  const fake = await startFakeYooKassa(SHOP);
  const t = await testAppWithCatalogue(engine, {
    YOOKASSA_SHOP_ID: SHOP.shopId,
    YOOKASSA_SECRET_KEY: SHOP.secretKey,
    YOOKASSA_API_URL: fake.url,
    YOOKASSA_TRUSTED_IPS: '127.0.0.1/32',
    YOOKASSA_TIMEOUT_MS: '500',
    ...env,
  });
  const db = t.services.database.db;
  await db
    .insert(reservationSettings)
    .values({ projectId: null, enabled: true, depositKopecks: DEPOSIT_KOPECKS, periodDays: 7, refundWindowDays: 3 })
    .onConflictDoNothing();
  const flow = paymentFlowFor(t.config, { db, log: silent })!;
  return {
    ...t,
    fake,
    flow,
    dispose: async () => {
      await t.dispose();
      await fake.close();
    },
  };
}

/** Free lots of the demo catalogue (of `type`, priced, when given), outside any auction and any reservation (a test takes its own). */
export async function freeLots(t: TestApp, count: number, type?: 'flat' | 'parking' | 'pantry' | 'commercial'): Promise<number[]> {
  const rows = await t.services.database.db
    .select({ id: lots.id })
    .from(lots)
    .where(
      and(
        eq(lots.status, 'free'),
        type ? and(eq(lots.type, type), sql`${lots.price} > 0`) : undefined,
        sql`not exists (select 1 from ${auctions} where ${auctions.lotId} = ${lots.id})`,
        sql`not exists (select 1 from ${reservations} where ${reservations.lotId} = ${lots.id})`,
      ),
    )
    .orderBy(lots.id)
    .limit(count);
  return rows.map((r) => r.id);
}

let phoneSeq = 100;
/** A buyer of `lotId`: each one's phone and e-mail their own (a contact may hold only two lots unpaid at a time). */
export const buyer = (lotId: number, over: Record<string, unknown> = {}) => ({
  lotId,
  name: 'Анна',
  email: `anna.${phoneSeq}@example.ru`,
  phone: `+7 916 700-${String(Math.floor(phoneSeq / 100) % 100).padStart(2, '0')}-${String(phoneSeq++ % 100).padStart(2, '0')}`,
  consent: true,
  ...over,
});

/** A browser's POST (CSRF cookie and header, anti-bot token), from `ip`. */
export const post = (t: TestApp, url: string, payload: unknown, opts: { ip?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...browserHeaders(t.config, url), ...opts.headers },
    payload: payload as Record<string, unknown>,
    remoteAddress: opts.ip ?? '127.0.0.1',
  });

/** YooKassa's notification of `event` for `id`, posted as its servers do (no cookie, no token), from `ip`. */
export const notify = (t: TestApp, event: string, id: string, ip = '127.0.0.1', object: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/payments/yookassa/',
    headers: { 'content-type': 'application/json' },
    payload: { type: 'notification', event, object: { id, status: event.split('.')[1], ...object } },
    remoteAddress: ip,
  });

export async function reservationRow(t: TestApp, id: string) {
  const [row] = await t.services.database.db.select().from(reservations).where(eq(reservations.id, id));
  if (!row) throw new Error(`no reservation ${id}`);
  return row;
}

export async function eventsOf(t: TestApp, id: string) {
  return t.services.database.db.select().from(reservationEvents).where(eq(reservationEvents.reservationId, id)).orderBy(reservationEvents.id);
}

/** The deal token in a deal page's address (the return URL the payment was made with). */
export const tokenOf = (dealUrl: string) => dealUrl.split('/deal/')[1]!;
