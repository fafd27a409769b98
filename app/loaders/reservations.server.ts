import { data, redirect, type RouterContextProvider } from 'react-router';
import { isForSale, type LotCard, type LotDetail } from '#core/catalogue/types.ts';
import { CSRF_FORM_FIELD } from '#core/http/csrf.ts';
import { CATALOGS } from '#core/i18n/all-catalogs.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { pick } from '#core/schemas/localized.ts';
import { formDataToObject } from '#core/schemas/lead.ts';
import { financeDay, forLot, quote, schedule } from '#core/purchase/payments.ts';
import { IDEMPOTENCY_FIELD, IDEMPOTENCY_KEY_PATTERN } from '#core/validation/lead-forms.ts';
import { validationMessage } from '#core/validation/messages.ts';
import type { DealView as ServerDealView } from '#server/modules/reservations/deals-view.ts';
import type { ReserveFormResult } from '#app/components/reservations/reserve-form.tsx';
import type { DealFormResult } from '#app/components/reservations/deal-forms.tsx';
import type { DealSchedule, DealState, DealView, ReservationOffer, ReserveProgrammes } from '#app/components/reservations/types.ts';
import { appContext } from '#app/lib/context.server.ts';
import { requirePageFormOrigin } from '#app/lib/csrf.server.ts';
import { pictureSigner } from '#app/lib/images.server.ts';
import { reservationOffers } from './reservation-offers.server.ts';
import { programmeOptions } from './reserve-programmes.server.ts';

type Context = Readonly<RouterContextProvider>;

/**
 * The buyer's pages' server side (issue #39): the lot page's offer, the reserve form's action without JavaScript,
 * the deal page's view and its forms. Everything goes through `AppLoadValues.reservations` (the reservations module's
 * functions, the API's own), absent when online payments are not configured: then nothing is offered.
 */

/**
 * The reservation offer of a lot: only a free lot for sale, outside an auction, in a project that takes reservations.
 * The rule is reservation-offers.server.ts's, the one the list pages' card links follow too.
 */
export function reservationOffer(context: Context, lot: Pick<LotDetail, 'status' | 'offer' | 'auction' | 'projectId'>): Promise<ReservationOffer | null> {
  return reservationOffers(context)(lot);
}

/**
 * The finance programmes the reserve page offers to choose from: the ones the reservation's check accepts (the lot
 * page's rule, through the module), worded in the visitor's language with the monthly payment at the lot's price
 * (reserve-programmes.server.ts). None without a price.
 */
export async function reserveProgrammes(context: Context, lot: Pick<LotDetail, 'id' | 'price'>, locale: Locale): Promise<ReserveProgrammes | null> {
  const app = context.get(appContext);
  const port = app.reservations;
  if (!port || !/^\d+$/.test(lot.id) || !(lot.price > 0)) return null;
  // Without the finance programmes the form still reserves: the buyer pays in full or decides later.
  const [list, finance] = await Promise.all([port.programmes(Number(lot.id)), app.services.finance.data()]).catch(() => [[], null] as const);
  if (!list.length || !finance) return null;
  return { options: programmeOptions(list, Object.fromEntries(finance.banks.map((b) => [b.id, pick(b.name, locale)])), lot.price, locale) };
}

/** Each bad field's message in the visitor's language; a programme not offered for the lot says so in the form's own words. */
const fieldMessages = (errors: Record<string, readonly string[]>, locale: Locale) =>
  Object.fromEntries(
    Object.entries(errors).map(([field, codes]) => [
      field,
      field === 'programmeId' ? CATALOGS[locale].reservations.reserve.programmeInvalid : validationMessage(codes[0] ?? 'invalid', locale),
    ]),
  );

/**
 * The reserve form posted (with or without JavaScript: a plain form either way). Same origin or the form's token
 * (ADR 022), then the module's `startReservation`: 303 to the provider's payment page, or the form again with
 * messages in the visitor's language (400 fields, 409 the lot taken, 502/503 the provider).
 */
export async function reserveAction(request: Request, context: Context, lot: LotDetail, locale: Locale) {
  const app = context.get(appContext);
  const values = formDataToObject(await request.formData());
  requirePageFormOrigin(request, app, values[CSRF_FORM_FIELD]);
  delete values[CSRF_FORM_FIELD];
  const key = IDEMPOTENCY_KEY_PATTERN.test(values[IDEMPOTENCY_FIELD] ?? '') ? values[IDEMPOTENCY_FIELD]! : null;
  delete values[IDEMPOTENCY_FIELD];
  const shown = { ...values };
  const answer = (result: ReserveFormResult, status: number) => data({ result }, { status });
  const port = app.reservations;
  if (!port) return answer({ values: shown, errors: {}, problem: 'closed' }, 404);
  // A second post of the same attempt (a double click, "back" and send again) within its hold: the same payment page,
  // found in the database by the form's key (made when the page was rendered: it is `no-store`), on any instance.
  const again = key && /^\d+$/.test(lot.id) ? await port.resume(key, Number(lot.id)) : null;
  if (again?.type === 'started') throw redirect(again.confirmationUrl, 303);
  if (again?.type === 'payment_failed') return answer({ values: shown, errors: {}, problem: 'paymentFailed' }, again.unavailable ? 503 : 502);
  if (!(await reservationOffer(context, lot))) return answer({ values: shown, errors: {}, problem: isForSale(lot) ? 'closed' : 'unavailable' }, 409);
  const outcome = await port.start({ ...values, lotId: lot.id, locale }, locale, key);
  if (outcome.type === 'started') throw redirect(outcome.confirmationUrl, 303);
  if (outcome.type === 'payment_failed') return answer({ values: shown, errors: {}, problem: 'paymentFailed' }, outcome.unavailable ? 503 : 502);
  const { lotId, ...fields } = outcome.errors;
  if (lotId) return answer({ values: shown, errors: fieldMessages(fields, locale), problem: 'unavailable' }, 409);
  return answer({ values: shown, errors: fieldMessages(fields, locale) }, outcome.status);
}

/** The UI's state of a reservation: a hold waits for its payment; a hold canceled or run out unpaid is "expired". */
function stateOf(view: ServerDealView): DealState {
  switch (view.state) {
    case 'held':
      return 'pending';
    case 'canceled':
      return view.deposit.paidAt ? 'canceled' : 'expired';
    default:
      return view.state;
  }
}

/** The deal page's data for a token, or null (unknown or revoked token: the page is a 404 with no hint). */
export async function dealPage(context: Context, request: Request, token: string, locale: Locale): Promise<DealView | null> {
  const app = context.get(appContext);
  const port = app.reservations;
  if (!port) return null;
  const now = new Date();
  const view = await port.deal(token, locale, now);
  if (!view?.lot) return null;
  const { services } = app;
  const [lot] = await services.catalogue.lotsByIds([String(view.lot.id)], locale);
  if (!lot) return null;
  const sign = pictureSigner(context, request);
  const settings = await services.settings.get(locale).catch(() => null);
  const state = stateOf(view);
  const paid = view.deposit.paidAt !== null;
  return {
    state,
    lot: { ...lot, plan: sign(lot.plan, 'lotCard') },
    depositKopecks: view.deposit.kopecks,
    holdExpiresAt: view.holdExpiresAt,
    paidAt: view.deposit.paidAt,
    endsAt: view.endsAt,
    endedAt: state === 'ended' ? view.endsAt : view.canceledAt,
    stage: view.stage,
    stages: view.stages.map((s) => ({ stage: s.stage, at: s.reached ? (s.at ?? null) : null })),
    documents: view.documents.map((d) => ({ id: String(d.id), title: d.title, url: d.url, bytes: d.bytes, createdAt: d.createdAt })),
    schedule: await scheduleOf(context, view, lot, locale, now),
    manager: {
      name: view.manager?.name ?? null,
      phone: view.office?.phones[0] ?? settings?.phones[0]?.number ?? settings?.supportPhone ?? null,
      email: view.manager?.email ?? view.office?.email ?? settings?.email ?? null,
    },
    cancel: view.state === 'reserved' && view.refundUntil ? { deadline: view.refundUntil, open: now.getTime() < Date.parse(view.refundUntil) } : null,
    refund:
      view.state === 'canceled' && paid
        ? { amountKopecks: view.deposit.refundedKopecks || view.deposit.kopecks, done: view.deposit.refundStatus === 'succeeded' }
        : null,
    handover:
      view.handover.open || view.handover.booked
        ? { slots: view.handover.slots.map((slot) => ({ value: slot.value, at: slot.at })), booked: view.handover.booked?.at ?? null }
        : null,
  };
}

/**
 * The chosen programme's schedule at the lot's price (core/purchase), or null without a programme (or one no longer in
 * the database) or a price. The programme is read now, from the finance programmes every page quotes (its rate is
 * never copied onto the reservation), as it is offered for the lot (a plan "until completion" capped by it: `forLot`).
 */
async function scheduleOf(context: Context, view: ServerDealView, lot: LotCard, locale: Locale, now: Date): Promise<DealSchedule | null> {
  if (!view.programmeId) return null;
  const finance = await context
    .get(appContext)
    .services.finance.data()
    .catch(() => null);
  const found = finance?.programmes.find((p) => p.id === view.programmeId);
  const programme = found ? forLot(found, lot, financeDay(now)) : null;
  // A plan "until completion" of a building handed over has no month left: no schedule to draw.
  const q = programme && programme.maxTermMonths >= 1 ? quote(programme, lot.price) : null;
  if (!programme || !q) return null;
  return {
    programme: pick(programme.name, locale),
    kind: programme.kind,
    rate: programme.rate,
    markup: programme.markup,
    downPaymentKopecks: q.downPayment * 100,
    monthlyKopecks: q.monthlyKopecks,
    termMonths: q.termMonths,
    rows: schedule(programme, q).map((row) => ({ month: row.month, paymentKopecks: row.paymentKopecks, balanceKopecks: row.balanceKopecks })),
  };
}

/**
 * The deal page's forms (cancel with a refund, book the handover), posted to the page itself: the token in its
 * address proves the buyer. A change answers 303 to the page (a reload never posts again); a refusal shows the form again.
 */
export async function dealAction(request: Request, context: Context, token: string, locale: Locale, here: string) {
  const app = context.get(appContext);
  const values = formDataToObject(await request.formData());
  requirePageFormOrigin(request, app, values[CSRF_FORM_FIELD]);
  const port = app.reservations;
  if (!port) return data({ result: null }, { status: 404 });
  const answer = (result: DealFormResult, status: number) => data({ result }, { status });
  if (values.intent === 'cancel') {
    if (values.confirm !== 'on' && values.confirm !== 'true') return answer({ intent: 'cancel', error: 'confirmRequired' }, 400);
    const outcome = await port.cancel(token);
    if (outcome.type === 'not_found') return data({ result: null }, { status: 404 });
    if (outcome.type === 'closed') return answer({ intent: 'cancel', error: 'failed' }, 409);
    throw redirect(here, 303);
  }
  if (values.intent === 'handover') {
    const outcome = await port.bookHandover(token, values.slot ?? '', locale);
    if (outcome.ok) throw redirect(here, 303);
    if (outcome.reason === 'not_found') return data({ result: null }, { status: 404 });
    return answer({ intent: 'handover', error: 'failed' }, outcome.reason === 'invalid' ? 400 : 409);
  }
  return data({ result: null }, { status: 400 });
}
