import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { lotState, offeredPrice, type LotCard } from '#core/catalogue/types.ts';
import type { Locale } from '#core/i18n/locales.ts';
import {
  FINANCE_FIELDS,
  HONEYPOT_FIELD,
  IDEMPOTENCY_FIELD,
  IDEMPOTENCY_KEY_PATTERN,
  POW_FIELD,
  parseLead,
  type FieldErrors,
  type LeadKind,
} from '#core/schemas/lead.ts';
import { financeDay, forLot, quote } from '#core/purchase/payments.ts';
import { DEFAULT_TERMS, type FinanceProgramme } from '#core/purchase/types.ts';
import { pick, type Localized } from '#core/schemas/localized.ts';
import { analyticsClientId, readVisitorId } from '#core/tracking/visitor.ts';
import type { Db } from '../../db/client.ts';
import { isDatabaseUnavailable } from '../../db/faults.ts';
import { leadDeliveries, leads } from './schema.ts';
import { safeError } from '../../logger.ts';
import { answerFor, BOOKING_KINDS, type LeadAnswer } from './answers.ts';
import type { Booking, ChosenSlot } from './booking.ts';
import type { Budgets, LeadState } from './budgets.ts';
import type { Captcha } from './captcha.ts';
import type { LeadMetrics } from './metrics.ts';
import type { LeadRow } from './payload.ts';
import type { BookingKind } from './schedule.ts';
import { ClaimRefused, DuplicateKeyError, LeadStoreError, lockBudgets, SlotTakenError, sqlState, stableJson, type Tx } from './store.ts';

export type LeadLogger = { warn: (obj: object, msg: string) => void; info?: (obj: object, msg: string) => void; error?: (obj: object, msg: string) => void };

export type SubmitMeta = {
  /** The page's language: the answer's and the CRM's. */
  locale: Locale;
  /** Client address, for the per-IP limit and the proof-of-work decision. Never stored. */
  ip: string;
  /** `Idempotency-Key` header; the body's `idempotency_key` field is the fallback. */
  idempotencyKey?: string | null;
  source: 'api' | 'form';
  /** The request's `Cookie` header: the visitor id and the analytics client id are read from it. Never stored. */
  cookies?: string | null | undefined;
  now?: Date;
  /** Details the caller adds from the validated form (an auction bid's auction, lot and amount), stored with the lead. */
  details?: (data: Record<string, unknown>) => Record<string, string | number | boolean | null>;
  /**
   * The kind's own step inside the lead's transaction, after the lead row is inserted (an auction bid takes its
   * level, ADR 020). Throwing `ClaimRefused` rolls the lead back and answers 409 naming the field.
   */
  claim?: (tx: Tx, lead: { id: string; data: Record<string, unknown>; locale: Locale }, now: Date) => Promise<void>;
};

export type SubmitOutcome =
  | { type: 'accepted'; status: 201; replayed: boolean; answer: LeadAnswer }
  | { type: 'invalid'; status: 400 | 409; errors: FieldErrors; captchaRequired?: boolean; params?: Record<string, string | number> }
  | { type: 'conflict'; status: 422 }
  | { type: 'limited'; status: 429; retryAfterS: number };

type Data = Record<string, unknown> & { name: string; phone: string | null; email: string | null; newsletter: boolean };

/** The catalogue's lots by id (the catalogue service's `lotsByIds` in Russian, the sales team's language). */
export type LotLookup = (ids: string[]) => Promise<LotCard[]>;

/** A project a lead can name: from the catalogue (presale interest, broker tours). */
export type DirectoryProject = { id: number; name: Localized; presale: boolean };

/**
 * A request's calculation as the server computes it: the figures the page sent are the visitor's choice (price,
 * down payment, term), the payment is core's quote under the named programme, and the programme is named in the
 * sales team's words. A programme the database cannot give now (withdrawn meanwhile, or the database down) leaves
 * the figures as sent: the request itself must never be lost over it.
 */
async function recompute(
  context: Record<string, string | number | null>,
  programmes: () => Promise<FinanceProgramme[]>,
  lot: LotCard | undefined,
  now: Date,
): Promise<void> {
  const { programme: id, price, down_payment: down, term_months: term } = context;
  if (typeof id !== 'string' || typeof price !== 'number' || price <= 0) return;
  let found: FinanceProgramme | undefined;
  try {
    found = (await programmes()).find((p) => p.id === id);
  } catch {
    return;
  }
  if (!found) return;
  // For a named lot, the programme as offered for it: a plan "until completion" ends with its building's completion.
  if (lot) found = forLot(found, { completion: lot.completion }, financeDay(now));
  const q = quote(found, price, {
    downPaymentPercent: typeof down === 'number' ? (down / price) * 100 : DEFAULT_TERMS.downPaymentPercent,
    termMonths: typeof term === 'number' ? term : DEFAULT_TERMS.termMonths,
  });
  if (!q) return;
  Object.assign(context, { programme_name: pick(found.name, 'ru'), down_payment: q.downPayment, term_months: q.termMonths, monthly_payment: q.monthly });
}

/** The lot a lead names, from the catalogue; none for no lot, an unknown one, or the catalogue not answering. */
async function namedLot(id: unknown, lots: LotLookup): Promise<LotCard | undefined> {
  if (typeof id !== 'string' || !/^\d+$/.test(id)) return undefined;
  try {
    return (await lots([id]))[0];
  } catch {
    // The lead is never lost over it: the lot's id stays in its context.
    return undefined;
  }
}

/**
 * The lot a lead names, as the catalogue states it now (its one commercial state: DESIGN "A lot has one commercial
 * state"): its number, state, and the price it is offered at — the list price, or its auction's best bid or start
 * price; none once sold. The sales team reads the lot's state in the lead, not the one the visitor's page showed.
 */
function lotDetails(card: LotCard | undefined): Record<string, string | number | null> {
  if (!card) return {};
  return {
    lot_number: card.number,
    lot_status: lotState(card),
    lot_price: offeredPrice(card),
    lot_auction: card.auction ? card.auction.url : null,
    // Reserved online with a deposit: until when (a hold, `held`, has no end to say: its buyer is paying now).
    lot_reserved_until: card.reservedUntil,
  };
}

/** Kind-specific columns; booking kinds also get the slot they take. */
async function describe(
  booking: Booking,
  projects: () => Promise<DirectoryProject[]>,
  programmes: () => Promise<FinanceProgramme[]>,
  lots: LotLookup,
  kind: LeadKind,
  data: Data,
  locale: Locale,
  now: Date,
) {
  const str = (v: unknown) => (v === undefined ? null : (v as string | number | null));
  const context: Record<string, string | number | null> = {};
  // Where the request came from, and a purchase page's calculation (requests only: no other form has those fields).
  for (const k of [
    'page_url',
    'utm_source',
    'utm_medium',
    'utm_campaign',
    'utm_content',
    'utm_term',
    'landing_page',
    'referrer',
    'analytics_client_id',
    'project',
    'lot',
    'promo',
    ...FINANCE_FIELDS,
  ] as const) {
    if (data[k] !== null && data[k] !== undefined) context[k] = str(data[k]);
  }
  const details: Record<string, string | number | boolean | null> = {};
  let topic: string | null = null;
  let chosen: ChosenSlot | null = null;
  const errors: FieldErrors = {};

  if (kind === 'subscription') topic = String(data.topic);
  if (kind === 'request') {
    const lot = await namedLot(data.lot, lots);
    await recompute(context, programmes, lot, now);
    topic = String(data.type);
    Object.assign(details, { type: str(data.type), channel: str(data.channel), comment: str(data.comment) }, lotDetails(lot));
  }
  if (kind === 'landing') Object.assign(details, { landing: str(data.landing), language: str(data.language), comment: str(data.comment) });
  if (kind === 'presale_interest') {
    const project = (await projects()).find((p) => p.id === data.project);
    if (!project) errors.project = ['choice'];
    else Object.assign(details, { project: project.id, project_name: pick(project.name, locale) });
  }
  if (BOOKING_KINDS.has(kind)) {
    const slot = await booking.choose(kind as BookingKind, data, locale, now);
    chosen = slot.chosen;
    Object.assign(details, slot.details);
    Object.assign(errors, slot.errors);
    if (kind === 'broker_tour') details.agency = str(data.agency);
    if (kind === 'partner_meeting') {
      topic = String(data.topic);
      Object.assign(details, { company: str(data.company), comment: str(data.comment) });
    }
    if (kind === 'meeting') details.comment = str(data.comment);
  }
  return { topic, details, context, chosen, errors };
}

/**
 * What the server itself knows of the visitor, from the request's cookies: `visitor_id` (cookie `vid`: the
 * experiments report joins leads on it, so it is never taken from the body), and the analytics counter's client
 * id when the form did not send one (a post without JavaScript).
 */
function visitorContext(cookies: string | null | undefined, context: Record<string, string | number | null>): Record<string, string> {
  const out: Record<string, string> = {};
  const visitor = readVisitorId(cookies);
  if (visitor) out.visitor_id = visitor;
  if (context.analytics_client_id === undefined) {
    const clientId = analyticsClientId(cookies);
    if (clientId) out.analytics_client_id = clientId;
  }
  return out;
}

export type SubmitParts = {
  db: Db;
  log: LeadLogger;
  state: LeadState;
  budgets: Budgets;
  booking: Booking;
  captcha: Captcha;
  metrics: LeadMetrics;
  /** The catalogue's projects. */
  projects: () => Promise<DirectoryProject[]>;
  /** The finance programmes: a request's calculation is quoted again under the one it names. */
  programmes?: () => Promise<FinanceProgramme[]>;
  /** The catalogue's lots by id: a request that names a lot carries the lot's state as the catalogue has it. */
  lots?: LotLookup;
  /** Called after each commit (the outbox job starts delivering). */
  committed: () => void;
};

/**
 * Validates, defends and commits one lead (ADR 006). The answer "accepted" is given only after the lead and its
 * outbox rows are committed; a repeated key gives the same answer without a second row.
 */
export function createSubmit({
  db,
  log,
  state,
  budgets,
  booking,
  captcha,
  metrics,
  projects,
  programmes = async () => [],
  lots = async () => [],
  committed,
}: SubmitParts) {
  const faulted = new Set<string>();

  async function findByKey(key: string): Promise<LeadRow | undefined> {
    const [row] = await db.select().from(leads).where(eq(leads.idempotencyKey, key)).limit(1);
    return row;
  }

  function replay(existing: LeadRow, hash: string): SubmitOutcome {
    if (existing.requestHash !== hash) {
      metrics.rejected.inc({ reason: 'conflict' });
      return { type: 'conflict', status: 422 };
    }
    metrics.replayed.inc({ kind: existing.kind });
    return { type: 'accepted', status: 201, replayed: true, answer: answerFor(existing) };
  }

  return async function submit(kind: LeadKind, input: unknown, meta: SubmitMeta): Promise<SubmitOutcome> {
    const now = meta.now ?? new Date();
    const body = input && typeof input === 'object' && !Array.isArray(input) ? (input as Record<string, unknown>) : {};

    const honeypot = body[HONEYPOT_FIELD];
    if (typeof honeypot === 'string' && honeypot.trim()) {
      // Bots are told "accepted" so they do not learn to leave the trap alone; nothing is stored.
      metrics.rejected.inc({ reason: 'spam' });
      log.warn({ kind, source: meta.source }, 'lead refused: honeypot filled');
      return { type: 'accepted', status: 201, replayed: false, answer: answerFor({ id: randomUUID(), kind, locale: meta.locale, details: {} }) };
    }

    const parsed = parseLead(kind, body);
    const headerKey = meta.idempotencyKey?.trim() || null;
    if (headerKey && !IDEMPOTENCY_KEY_PATTERN.test(headerKey)) {
      const errors = parsed.ok ? {} : parsed.errors;
      errors[IDEMPOTENCY_FIELD] = ['invalid'];
      metrics.rejected.inc({ reason: 'invalid' });
      return { type: 'invalid', status: 400, errors };
    }
    if (!parsed.ok) {
      metrics.rejected.inc({ reason: 'invalid' });
      return { type: 'invalid', status: 400, errors: parsed.errors };
    }
    const data = parsed.lead.data as unknown as Data;
    const key = headerKey ?? (data[IDEMPOTENCY_FIELD] as string | null) ?? null;
    const { [IDEMPOTENCY_FIELD]: _key, [POW_FIELD]: pow, [HONEYPOT_FIELD]: _trap, ...content } = data;
    const hash = createHash('sha256')
      .update(stableJson({ kind, ...content }))
      .digest('hex');

    const id = randomUUID();
    const client = budgets.clientKey(meta.ip);
    /** A database failure: logged with the lead id and the error's class only, rethrown without the query's values. */
    const storeFailed = (error: unknown): never => {
      const classes: string[] = [];
      for (let e: unknown = error, depth = 0; e !== undefined && depth < 4; e = e instanceof Error ? e.cause : undefined, depth++)
        classes.push(safeError(e).type);
      const errorClass = classes.join('/');
      const code = sqlState(error);
      const unavailable = isDatabaseUnavailable(error);
      const entry = { lead: id, kind, source: meta.source, errorClass, ...(code ? { sqlState: code } : {}), unavailable };
      if (log.error) log.error(entry, 'lead not stored: database error');
      else log.warn(entry, 'lead not stored: database error');
      throw new LeadStoreError(id, errorClass, code, unavailable);
    };

    if (key) {
      const existing = await findByKey(key).catch(storeFailed);
      if (existing) return replay(existing, hash);
    }

    const locale = kind === 'landing' ? (data.language as Locale) : meta.locale;
    const described = await describe(booking, projects, programmes, lots, kind, data, locale, now);
    if (meta.details) Object.assign(described.details, meta.details(data));
    if (Object.keys(described.errors).length) {
      metrics.rejected.inc({ reason: 'invalid' });
      return { type: 'invalid', status: 400, errors: described.errors };
    }

    const idempotencyKey = key ?? `auto-${randomUUID()}`;
    const { settings } = state;
    if (settings.faultInjection && data.name === 'Fault' && !faulted.has(idempotencyKey)) {
      faulted.add(idempotencyKey);
      throw new Error('Injected fault (LEADS_FAULT_INJECTION): the first submit of this key fails');
    }

    type Verdict = { type: 'committed' } | { type: 'existing'; lead: LeadRow } | { type: 'captcha' } | { type: 'limited'; retryAfterS: number };
    const channels = settings.channels;
    let verdict: Verdict;
    try {
      // Check and insert in one transaction, serialized per client and per phone: concurrent submits (on any
      // instance) see each other's leads, so the budgets hold exactly (issue 10).
      verdict = await db.transaction(async (tx): Promise<Verdict> => {
        await lockBudgets(tx, [`lead-client:${client}`, ...(data.phone ? [`lead-phone:${data.phone}`] : [])]);
        if (key) {
          const [existing] = await tx.select().from(leads).where(eq(leads.idempotencyKey, key)).limit(1);
          if (existing) return { type: 'existing', lead: existing };
        }
        if ((await budgets.captchaRequired(tx, client, now)) && !(await captcha.verify(pow as string | null, now.getTime()))) return { type: 'captcha' };
        const retryAfterS = await budgets.exhausted(tx, client, data.phone, now);
        if (retryAfterS !== null) return { type: 'limited', retryAfterS };
        const inserted = await tx
          .insert(leads)
          .values({
            id,
            idempotencyKey,
            requestHash: hash,
            kind,
            topic: described.topic,
            locale,
            name: data.name,
            phone: data.phone,
            email: data.email,
            newsletter: data.newsletter,
            consentAt: now,
            details: described.details,
            context: { ...described.context, ...visitorContext(meta.cookies, described.context), source: meta.source },
            clientKey: client,
            createdAt: now,
          })
          .onConflictDoNothing({ target: leads.idempotencyKey })
          .returning({ id: leads.id });
        if (!inserted.length) throw new DuplicateKeyError();
        if (described.chosen && !(await booking.takeSeat(tx, described.chosen, id))) throw new SlotTakenError();
        if (meta.claim) await meta.claim(tx, { id, data, locale }, now);
        if (channels.length) await tx.insert(leadDeliveries).values(channels.map((channel) => ({ leadId: id, channel, nextAttemptAt: now })));
        return { type: 'committed' };
      });
    } catch (error) {
      if (error instanceof ClaimRefused) {
        metrics.rejected.inc({ reason: 'claim' });
        return { type: 'invalid', status: 409, errors: error.errors, ...(error.params ? { params: error.params } : {}) };
      }
      if (error instanceof SlotTakenError) {
        metrics.rejected.inc({ reason: 'slot_taken' });
        return { type: 'invalid', status: 409, errors: { slot: ['slotTaken'] } };
      }
      if (error instanceof DuplicateKeyError) {
        // The same key committed concurrently (from another client or phone): answer as that submit was answered.
        const existing = await findByKey(idempotencyKey).catch(storeFailed);
        if (existing) return replay(existing, hash);
      }
      return storeFailed(error);
    }
    if (verdict.type === 'existing') return replay(verdict.lead, hash);
    if (verdict.type === 'captcha') {
      metrics.rejected.inc({ reason: 'captcha' });
      return { type: 'invalid', status: 400, errors: { [POW_FIELD]: ['captcha'] }, captchaRequired: true };
    }
    if (verdict.type === 'limited') {
      metrics.rejected.inc({ reason: 'limited' });
      return { type: 'limited', status: 429, retryAfterS: verdict.retryAfterS };
    }
    metrics.received.inc({ kind });
    log.info?.({ lead: id, kind, source: meta.source }, 'lead committed');
    committed();
    return { type: 'accepted', status: 201, replayed: false, answer: answerFor({ id, kind, locale, details: described.details }) };
  };
}
