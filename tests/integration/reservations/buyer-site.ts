import { afterAll, beforeAll } from 'vitest';
import { reservationSettings } from '#server/db/schema/index.ts';
import { startFakeYooKassa, type FakeYooKassa } from '#tests/support/fake-yookassa.ts';
import { setupSiteApp, SITE } from '#tests/support/site.ts';

/**
 * The site as a buyer meets it with online payments on: the production build through inject(), YooKassa configured
 * against the loopback stand-in (tests/support/fake-yookassa.ts) started for this file. `name` makes the file's shop
 * key its own. `fake()` is the stand-in once the file's hooks have run.
 */
export function setupBuyerSite(name: string): { site: ReturnType<typeof setupSiteApp>; fake: () => FakeYooKassa } {
  const shop = { shopId: '123456', secretKey: `test_secret_key_of_the_${name}` };
  let started: FakeYooKassa | undefined;
  beforeAll(async () => {
    started = await startFakeYooKassa(shop);
  });
  afterAll(async () => started?.close());
  const site = setupSiteApp(() => ({
    YOOKASSA_SHOP_ID: shop.shopId,
    YOOKASSA_SECRET_KEY: shop.secretKey,
    YOOKASSA_API_URL: started!.url,
    YOOKASSA_TRUSTED_IPS: '127.0.0.1/32',
  }));
  return { site, fake: () => started! };
}

/**
 * Reservation on for the whole site (a 50 000 ₽ deposit, 7 days, 3 days to cancel), and the free flats outside an
 * auction, as the filter lists them: each test reserves its own.
 */
export async function openReservations(site: ReturnType<typeof setupSiteApp>): Promise<string[]> {
  await site
    .database()
    .db.insert(reservationSettings)
    .values({ projectId: null, enabled: true, depositKopecks: 5_000_000, periodDays: 7, refundWindowDays: 3 })
    .onConflictDoNothing();
  const found = (await (await site.fetch(`${SITE}/api/filter/?type=flat&status=free&limit=20`)).json()) as { results: { url: string; auction: unknown }[] };
  return found.results.filter((lot) => !lot.auction).map((lot) => lot.url);
}

/** A page's text with its no-break spaces (the formatters' group and unit separators) as plain ones. */
export const plain = (text: string | null | undefined): string => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');
