import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import type { Locale } from '#core/i18n/locales.ts';
import type { Executor } from '../../db/client.ts';
import { lots } from '../../db/schema/index.ts';
import { envReservationDefaults, type ReservationDefaults } from './config.ts';
import { dealTokenHash, reservationByToken } from './deals-token.ts';
import { recordEvent, touched, type EventFanout, type Tx } from './deals-stages.ts';
import { lotOffered } from './offered.ts';
import { reservationEvents, reservations, type ReservationRow } from './schema.ts';
import { reservationSettingsFor } from './settings.ts';

export type HoldInput = {
  lotId: number;
  name: string;
  phone: string;
  email: string;
  /** The finance programme the buyer chose (checked by the caller: offered for the lot); none: in full, or later. */
  programmeId?: string | null;
  locale: Locale;
  consent: true;
  now?: Date;
  /** The terms' defaults (config.ts); the process environment's when absent. */
  defaults?: ReservationDefaults;
  /** Makes the deal token from the new reservation's id (deals-token.ts `dealLinkToken`); 32 random bytes when absent. */
  dealToken?: (reservationId: string) => string;
  /** Where the `ended` event of a reservation over that this hold finds on the lot goes (the CRM when configured). */
  fanout?: EventFanout;
  /** The reserve form's attempt (its idempotency key), kept on the hold: a repeated post finds it (`resumeReservation`). */
  attemptKey?: string | null;
};

export type HoldOutcome =
  | { ok: true; reservation: ReservationRow; token: string }
  | { ok: false; reason: 'lot_unavailable' | 'not_enabled' | 'lot_not_found' }
  /** The buyer's phone (or e-mail) has `holdsPerContact` unpaid holds already; the soonest of them runs out at `retryAt`. */
  | { ok: false; reason: 'too_many_holds'; field: 'phone' | 'email'; retryAt: Date };

/** The advisory lock classes of a contact's holds (the second key: the phone's or the e-mail's hash). */
const PHONE_HOLDS_LOCK = 3901;
const EMAIL_HOLDS_LOCK = 3902;

/**
 * Whether a buyer may hold one more lot: fewer than `limit` unexpired unpaid holds on their phone number (E.164, as
 * the form normalises it) and on their e-mail (case-insensitive). Counted in the database under an advisory lock per
 * phone and per e-mail (always in that order), so two instances cannot both let one too many through. Only holds
 * that run out by themselves count: a payment (→ reserved) or the hold's end frees the slot.
 */
async function contactOverLimit(
  tx: Tx,
  contact: { phone: string; email: string },
  now: Date,
  limit: number,
): Promise<{ field: 'phone' | 'email'; retryAt: Date } | null> {
  const email = contact.email.trim().toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(${PHONE_HOLDS_LOCK}, hashtext(${contact.phone}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(${EMAIL_HOLDS_LOCK}, hashtext(${email}))`);
  const [counts] = await tx
    .select({
      phone: sql<number>`(count(*) filter (where ${reservations.phone} = ${contact.phone}))::int`,
      email: sql<number>`(count(*) filter (where lower(${reservations.email}) = ${email}))::int`,
      soonest: sql<number | null>`(extract(epoch from min(${reservations.holdExpiresAt})) * 1000)::float8`,
    })
    .from(reservations)
    .where(
      and(
        eq(reservations.state, 'held'),
        gt(reservations.holdExpiresAt, now),
        or(eq(reservations.phone, contact.phone), sql`lower(${reservations.email}) = ${email}`),
      ),
    );
  const field = Number(counts?.phone ?? 0) >= limit ? 'phone' : Number(counts?.email ?? 0) >= limit ? 'email' : null;
  return field ? { field, retryAt: new Date(Number(counts?.soonest ?? now.getTime())) } : null;
}

/** PostgreSQL's error code, as both drivers report it (drizzle wraps the driver's error in `cause`). */
function sqlState(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return null;
}

/**
 * Holds a free lot for a buyer who is about to pay its deposit (docs/guides/reservations.md), in one transaction: the
 * lot's row is locked (`SELECT … FOR UPDATE`: concurrent holds of one lot queue there), this lot's holds that ran
 * out are expired and its reservations over are ended, the lot must be offered (its row free, no auction has it:
 * offered.ts) and reservation enabled for its project; then the hold is inserted with the terms of the settings (the
 * terms the buyer sees). The partial unique index on the lot's active reservations is the last word: a second hold
 * is a unique violation, answered `lot_unavailable`. A buyer whose phone or e-mail has `holdsPerContact` unpaid holds
 * already is refused (`too_many_holds`: contactOverLimit). The buyer's token is returned once and only its SHA-256 is
 * kept.
 */
export async function createHold(db: Executor, input: HoldInput): Promise<HoldOutcome> {
  const now = input.now ?? new Date();
  const defaults = input.defaults ?? envReservationDefaults();
  const id = randomUUID();
  const token = input.dealToken ? input.dealToken(id) : randomBytes(32).toString('base64url');
  try {
    return await db.transaction(async (tx): Promise<HoldOutcome> => {
      const [lot] = await tx.select({ id: lots.id, projectId: lots.projectId }).from(lots).where(eq(lots.id, input.lotId)).for('update');
      if (!lot) return { ok: false, reason: 'lot_not_found' };
      await expireLotHolds(tx, now, lot.id);
      await endLotReservations(tx, now, input.fanout ?? { crm: false }, lot.id);
      const [active] = await tx
        .select({ id: reservations.id })
        .from(reservations)
        .where(and(eq(reservations.lotId, lot.id), inArray(reservations.state, ['held', 'reserved'])))
        .limit(1);
      if (active || !(await lotOffered(tx, lot.id, now))) return { ok: false, reason: 'lot_unavailable' };
      const terms = await reservationSettingsFor(tx, lot.projectId, defaults);
      if (!terms.enabled) return { ok: false, reason: 'not_enabled' };
      const over = await contactOverLimit(tx, input, now, defaults.holdsPerContact);
      if (over) return { ok: false, reason: 'too_many_holds', ...over };
      // The key is an attempt's: an earlier hold of the same attempt that ended gives it up to this one.
      if (input.attemptKey)
        await tx
          .update(reservations)
          .set({ attemptKey: null, ...touched() })
          .where(eq(reservations.attemptKey, input.attemptKey));
      const [reservation] = await tx
        .insert(reservations)
        .values({
          id,
          lotId: lot.id,
          projectId: lot.projectId,
          state: 'held',
          locale: input.locale,
          name: input.name,
          phone: input.phone,
          email: input.email,
          programmeId: input.programmeId ?? null,
          amountKopecks: terms.depositKopecks,
          periodDays: terms.periodDays,
          refundWindowDays: terms.refundWindowDays,
          holdExpiresAt: new Date(now.getTime() + defaults.holdMinutes * 60_000),
          tokenHash: dealTokenHash(token),
          attemptKey: input.attemptKey ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await tx.insert(reservationEvents).values({ reservationId: id, kind: 'held', at: now, source: 'buyer' });
      return { ok: true, reservation: reservation!, token };
    });
  } catch (error) {
    // Another transaction's hold of the lot committed between the check and the insert: the index decided.
    if (sqlState(error) === '23505') return { ok: false, reason: 'lot_unavailable' };
    throw error;
  }
}

/** Holds unpaid at their end, of one lot or of all: `expired`, each with its timeline row (no CRM event: never paid). */
async function expireLotHolds(tx: Tx, now: Date, lotId?: number): Promise<number> {
  const expired = await tx
    .update(reservations)
    .set({ state: 'expired', ...touched() })
    .where(and(eq(reservations.state, 'held'), lte(reservations.holdExpiresAt, now), lotId === undefined ? undefined : eq(reservations.lotId, lotId)))
    .returning({ id: reservations.id });
  if (expired.length)
    await tx.insert(reservationEvents).values(expired.map((row) => ({ reservationId: row.id, kind: 'expired', at: now, source: 'job' as const })));
  return expired.length;
}

/**
 * Paid reservations whose period is over while the deal is still at its first stage: `ended`, the lot free again,
 * each with an `ended` timeline row that goes to the CRM. A deal past its first stage (a contract prepared) keeps its
 * lot after `ends_at`: the sales team ends it (or the catalogue's import books or sells the lot).
 */
async function endLotReservations(tx: Tx, now: Date, fanout: EventFanout, lotId?: number): Promise<number> {
  const over = await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.state, 'reserved'),
        eq(reservations.dealStage, 'reserved'),
        lte(reservations.endsAt, now),
        lotId === undefined ? undefined : eq(reservations.lotId, lotId),
      ),
    )
    .orderBy(asc(reservations.id))
    .for('update');
  if (!over.length) return 0;
  const ids = over.map((row) => row.id);
  await tx
    .update(reservations)
    .set({ state: 'ended', ...touched() })
    .where(and(inArray(reservations.id, ids), eq(reservations.state, 'reserved')));
  for (const id of ids) await recordEvent(tx, fanout, { reservationId: id, kind: 'ended', at: now, source: 'job' });
  return ids.length;
}

/** The job's step: every hold that ran out is expired (the catalogue already shows its lot free: lot-states.ts). */
export async function expireHolds(db: Executor, now: Date = new Date()): Promise<number> {
  return db.transaction((tx) => expireLotHolds(tx, now));
}

/** The job's step: every paid reservation over (still at its first stage) is ended and the CRM told (with `fanout.crm`). */
export async function endReservations(db: Executor, now: Date = new Date(), fanout: EventFanout = { crm: false }): Promise<number> {
  return db.transaction((tx) => endLotReservations(tx, now, fanout));
}

/**
 * The reservation a buyer's deal token opens; null for a malformed, unknown or revoked token. Looked up by the
 * token's SHA-256 (unique), then compared in constant time.
 */
export async function findByToken(db: Pick<Executor, 'select'>, token: string): Promise<ReservationRow | null> {
  const row = await reservationByToken(db, token);
  if (!row) return null;
  const want = Buffer.from(dealTokenHash(token), 'hex');
  const have = Buffer.from(row.tokenHash, 'hex');
  return want.length === have.length && timingSafeEqual(want, have) ? row : null;
}

/** Whether a reservation row holds its lot at `now`, as the catalogue decides it (lot-states.ts). */
export const holdsLot = (row: Pick<ReservationRow, 'state' | 'holdExpiresAt' | 'endsAt' | 'dealStage'>, now: Date): boolean =>
  (row.state === 'held' && row.holdExpiresAt > now) ||
  (row.state === 'reserved' && (row.dealStage !== 'reserved' || (row.endsAt !== null && row.endsAt > now)));
