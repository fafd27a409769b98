import { randomUUID } from 'node:crypto';
import { dealTokenHash, newDealToken } from '#server/modules/reservations/deals-token.ts';
import { reservations } from '#server/db/schema/index.ts';
import type { DealStage, ReservationState } from '#server/modules/reservations/index.ts';
import type { TestApp } from '#tests/support/app.ts';

/**
 * A reservation written straight into the test database (the deal tracker's tests start after the payment): paid
 * a day ago, reserved for a week, its buyer's token answered (only its hash is stored, as the service does).
 */
export async function insertDeal(
  t: TestApp,
  opts: { state?: ReservationState; stage?: DealStage; projectId?: number; lotId?: number; paymentId?: string | null; locale?: string } = {},
): Promise<{ id: string; token: string }> {
  const id = randomUUID();
  const token = newDealToken();
  const now = Date.now();
  const state = opts.state ?? 'reserved';
  const paid = state !== 'held' && state !== 'expired';
  await t.services.database.db.insert(reservations).values({
    id,
    lotId: opts.lotId ?? 900_000 + Math.floor(Math.random() * 99_999),
    projectId: opts.projectId ?? 1,
    state,
    dealStage: opts.stage ?? 'reserved',
    locale: opts.locale ?? 'ru',
    name: 'Анна Петрова',
    phone: '+79161234567',
    email: 'anna@example.ru',
    amountKopecks: 5_000_000,
    periodDays: 7,
    refundWindowDays: 3,
    holdExpiresAt: new Date(now - 86_400_000 + 15 * 60_000),
    paidAt: paid ? new Date(now - 86_400_000) : null,
    endsAt: paid ? new Date(now + 6 * 86_400_000) : null,
    paymentId: opts.paymentId === undefined ? (paid ? `pay-${id}` : null) : opts.paymentId,
    paymentStatus: paid ? 'succeeded' : 'pending',
    tokenHash: dealTokenHash(token),
  });
  return { id, token };
}
