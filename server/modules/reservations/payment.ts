import { and, eq, gt, isNull } from 'drizzle-orm';
import { translatorOf } from '#core/i18n/all-catalogs.ts';
import { isLocale, type Locale } from '#core/i18n/locales.ts';
import { parseReservationRequest, type ReservationFieldErrors } from '#core/schemas/reservation.ts';
import { safeError } from '../../logger.ts';
import { kopecksToMoney, PaymentProviderError, type ProviderPayment } from '../payments/index.ts';
import { dealLink } from './deals-mail.ts';
import { dealTokenHash } from './deals-token.ts';
import { recordEvent, touched } from './deals-stages.ts';
import type { PaymentFlow } from './flow.ts';
import { createHold } from './holds.ts';
import { programmeOffered, type LotProgrammes } from './programmes.ts';
import { reservations, type ReservationRow } from './schema.ts';

/**
 * What starting a reservation came to:
 * - `started`: the hold is committed and the provider made the payment; send the buyer to `confirmationUrl`;
 * - `invalid`: a field is bad (400), the lot cannot be reserved now (409, `lotId`) or the buyer's phone or e-mail
 *   has its unpaid holds already (429, `phone` or `email`, until `retryAt`), codes for the visitor's words;
 * - `payment_failed`: the provider did not make the payment (it failed, refused or did not answer in time): the hold
 *   is canceled and the lot free again; `unavailable` says whether to come back later (503) or not (502).
 */
export type StartOutcome =
  | { type: 'started'; id: string; confirmationUrl: string; holdExpiresAt: Date; dealUrl: string }
  | { type: 'invalid'; status: 400 | 409; errors: ReservationFieldErrors }
  | { type: 'invalid'; status: 429; errors: ReservationFieldErrors; retryAt: Date }
  | { type: 'payment_failed'; unavailable: boolean };

/**
 * Starts an online reservation (issue #39, ADR 034): validates the form (a chosen programme must be offered for the
 * lot: programmes.ts), holds the lot (committed before the provider
 * is asked anything: one lot, one hold, decided by the database), then creates the deposit's payment with the
 * reservation's id as its Idempotence-Key, `capture: true`, a redirect to the provider's page and back to the deal
 * page, and `{ reservationId, lotId }` in its metadata. The amount and the terms are the settings' (copied on the
 * hold), never the request's. A provider that fails or does not answer cancels the hold: the lot is free at once and
 * the buyer may try again; a payment it made all the same is never shown to anyone and runs out unpaid.
 * The API (`POST /api/reservations/`) and the reserve page's action without JavaScript both call this.
 */
export async function startReservation(flow: PaymentFlow, input: unknown, meta: { locale: Locale; attemptKey?: string | null }): Promise<StartOutcome> {
  const parsed = parseReservationRequest(input);
  if (!parsed.ok) return { type: 'invalid', status: 400, errors: parsed.errors };
  const { lotId, name, phone, email, programmeId } = parsed.data;
  const locale = parsed.data.locale ?? meta.locale;
  // The programme must be one the lot page offers for this lot now (a lot the catalogue does not know is the hold's 409).
  // When the programmes cannot be read just now, nothing is held: the buyer is asked to come back (503), not shown an error.
  if (programmeId !== null) {
    let offered: Awaited<ReturnType<LotProgrammes>>;
    try {
      offered = flow.programmes ? await flow.programmes(lotId) : [];
    } catch (error) {
      flow.log.error({ lot: lotId, errorClass: safeError(error).type }, 'reservation refused: the finance programmes could not be read');
      return { type: 'payment_failed', unavailable: true };
    }
    if (!programmeOffered(programmeId, offered)) return { type: 'invalid', status: 400, errors: { programmeId: ['choice'] } };
  }
  const now = flow.now();
  const hold = await createHold(flow.db, {
    lotId,
    name,
    phone,
    email,
    programmeId,
    locale,
    consent: true,
    now,
    defaults: flow.defaults,
    dealToken: flow.dealToken,
    fanout: flow.fanout,
    attemptKey: meta.attemptKey ?? null,
  });
  if (!hold.ok) {
    flow.log.info({ lot: lotId, reason: hold.reason }, 'reservation refused');
    if (hold.reason === 'too_many_holds') return { type: 'invalid', status: 429, errors: { [hold.field]: ['tooManyHolds'] }, retryAt: hold.retryAt };
    return { type: 'invalid', status: 409, errors: { lotId: ['lotUnavailable'] } };
  }
  return payDeposit(flow, hold.reservation, hold.token, locale, true);
}

/**
 * A second post of the same reserve form's attempt (its `idempotency_key`: a double click, "back" and send again), on
 * whichever instance answers it: while the hold that attempt made on this lot lasts, the same payment page (the
 * provider answers the same Idempotence-Key with the same payment), not a refusal of the lot the hold keeps. Null when
 * the attempt holds nothing (then it is a new attempt).
 */
export async function resumeReservation(flow: PaymentFlow, attemptKey: string, lotId: number): Promise<StartOutcome | null> {
  const [row] = await flow.db
    .select()
    .from(reservations)
    .where(
      and(eq(reservations.attemptKey, attemptKey), eq(reservations.lotId, lotId), eq(reservations.state, 'held'), gt(reservations.holdExpiresAt, flow.now())),
    )
    .limit(1);
  const token = row ? flow.dealToken(row.id) : null;
  if (!row || !token || dealTokenHash(token) !== row.tokenHash) return null;
  return payDeposit(flow, row, token, isLocale(row.locale) ? row.locale : 'ru', false);
}

/** The deposit's payment of a hold (made, or the same one again for the same key); a failure cancels the hold when `release`. */
async function payDeposit(flow: PaymentFlow, reservation: ReservationRow, token: string, locale: Locale, release: boolean): Promise<StartOutcome> {
  // The deal page, where the provider sends the buyer back: it says "payment being confirmed" until it applies.
  const back = dealLink(flow.site, token, locale);
  let payment: ProviderPayment;
  try {
    payment = await flow.provider.createPayment({
      amount: kopecksToMoney(reservation.amountKopecks),
      description: await paymentDescription(flow, reservation.lotId, locale),
      returnUrl: back,
      metadata: { reservationId: reservation.id, lotId: String(reservation.lotId) },
      idempotenceKey: reservation.id,
    });
    if (!payment.confirmationUrl) throw new PaymentProviderError('server', 'the payment has no confirmation address');
  } catch (error) {
    const unavailable = !(error instanceof PaymentProviderError) || error.retryable;
    const detail = error instanceof PaymentProviderError ? { kind: error.kind, status: error.status, code: error.code } : { errorClass: safeError(error).type };
    flow.log.error(
      { reservation: reservation.id, lot: reservation.lotId, ...detail },
      release ? 'payment not created: the hold is canceled' : 'payment not read again',
    );
    if (release) await releaseHold(flow, reservation.id);
    return { type: 'payment_failed', unavailable };
  }
  await flow.db
    .update(reservations)
    .set({ paymentId: payment.id, paymentStatus: payment.status, ...touched() })
    .where(and(eq(reservations.id, reservation.id), isNull(reservations.paymentId)));
  flow.log.info({ reservation: reservation.id, lot: reservation.lotId, payment: payment.id }, 'reservation held, payment created');
  return { type: 'started', id: reservation.id, confirmationUrl: payment.confirmationUrl, holdExpiresAt: reservation.holdExpiresAt, dealUrl: back };
}

/** YooKassa's limit on a payment's description. */
const DESCRIPTION_MAX = 128;

/**
 * What the provider's payment page and the buyer's statement say the payment is, in the buyer's language and with the
 * lot as the site names it («Депозит за бронь: Липовый, 2-комнатная квартира № 22»), never the catalogue's internal
 * id. Without the lot's names (not wired, not found, or not readable now) the words alone.
 */
export async function paymentDescription(flow: Pick<PaymentFlow, 'lotNames' | 'log'>, lotId: number, locale: Locale): Promise<string> {
  const t = translatorOf(locale);
  let lot: string | null = null;
  try {
    lot = flow.lotNames ? await flow.lotNames(lotId, locale) : null;
  } catch (error) {
    flow.log.warn({ lot: lotId, errorClass: safeError(error).type }, "the lot's names could not be read for the payment's description");
  }
  if (!lot) return t('reservations.payment.descriptionPlain');
  const text = t('reservations.payment.description', { lot });
  return text.length <= DESCRIPTION_MAX ? text : `${text.slice(0, DESCRIPTION_MAX - 1)}…`;
}

/** Ends a hold whose payment could not be made: the lot is free again at once. */
async function releaseHold(flow: PaymentFlow, id: string): Promise<void> {
  const now = flow.now();
  try {
    await flow.db.transaction(async (tx) => {
      const released = await tx
        .update(reservations)
        .set({ state: 'canceled', canceledAt: now, cancelReason: 'payment_failed', ...touched() })
        .where(and(eq(reservations.id, id), eq(reservations.state, 'held')))
        .returning({ id: reservations.id });
      if (released.length)
        await recordEvent(tx, { crm: false }, { reservationId: id, kind: 'canceled', at: now, source: 'provider', data: { reason: 'payment_failed' } });
    });
    flow.changed();
  } catch (error) {
    // The hold runs out by itself (15 minutes) if this fails too.
    flow.log.error({ reservation: id, errorClass: safeError(error).type }, 'could not release the hold of a failed payment; it runs out by itself');
  }
}
