import { createHash, createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, count, eq, gte, inArray, isNotNull, isNull, lt, min, sql } from 'drizzle-orm';
import { formatDay } from '#core/i18n/dates.ts';
import type { Locale } from '#core/i18n/locales.ts';
import {
  CONTACT_CHANNELS,
  HONEYPOT_FIELD,
  IDEMPOTENCY_FIELD,
  IDEMPOTENCY_KEY_PATTERN,
  PARTNER_TOPICS,
  POW_FIELD,
  REQUEST_TYPES,
  parseLead,
  subscriptionTopicForUrl,
  type FieldErrors,
  type LeadKind,
} from '#core/schemas/lead.ts';
import { pick } from '#core/schemas/localized.ts';
import { projects } from '#content/site.ts';
import type { Db } from '../../db/client.ts';
import { isDatabaseUnavailable } from '../../db/faults.ts';
import { leadDeliveries, leadSlots, leads } from '../../db/schema/leads.ts';
import { safeError } from '../../logger.ts';
import { createCaptcha, type Challenge } from './captcha.ts';
import { createLeadMetrics, renderMetrics, type Gauge } from './metrics.ts';
import type { LeadRow } from './payload.ts';
import { candidateSlots, findResource, resourceKey, SCHEDULES, type BookingKind, type Candidate, type Schedule } from './schedule.ts';
import { DEFAULT_LEAD_SETTINGS, type LeadSettings } from './settings.ts';
import { formTexts } from './texts.ts';

type Logger = { warn: (obj: object, msg: string) => void; info?: (obj: object, msg: string) => void; error?: (obj: object, msg: string) => void };
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type SubmitMeta = {
  /** The page's language: the answer's and the CRM's. */
  locale: Locale;
  /** Client address, for the per-IP limit and the proof-of-work decision. Never stored. */
  ip: string;
  /** `Idempotency-Key` header; the body's `idempotency_key` field is the fallback. */
  idempotencyKey?: string | null;
  source: 'api' | 'form';
  now?: Date;
};

export type LeadAnswer = { id: string; status: 'accepted'; title: string; message: string };

export type SubmitOutcome =
  | { type: 'accepted'; status: 201; replayed: boolean; answer: LeadAnswer }
  | { type: 'invalid'; status: 400 | 409; errors: FieldErrors; captchaRequired?: boolean }
  | { type: 'conflict'; status: 422 }
  | { type: 'limited'; status: 429; retryAfterS: number };

const BOOKING_KINDS = new Set<LeadKind>(['meeting', 'broker_tour', 'partner_meeting']);

class SlotTakenError extends Error {}
class DuplicateKeyError extends Error {}

/**
 * A lead the database could not store. It carries the lead id and the database's error class and SQLSTATE,
 * never the query, its parameters or the database's own message (they quote the visitor's name, phone and
 * e-mail), so whoever logs or reports it cannot leak them.
 */
export class LeadStoreError extends Error {
  override name = 'LeadStoreError';
  readonly lead: string;
  readonly errorClass: string;
  readonly code: string | undefined;
  /** The database could not be reached (not a bad query): the visitor is told to come back (503). */
  readonly unavailable: boolean;
  constructor(lead: string, errorClass: string, code: string | undefined, unavailable: boolean) {
    super(`lead ${lead} could not be stored (${errorClass}${code ? ` ${code}` : ''}${unavailable ? ', database unavailable' : ''})`);
    this.lead = lead;
    this.errorClass = errorClass;
    this.code = code;
    this.unavailable = unavailable;
  }
}

/** The SQLSTATE of a database error, directly or as the cause of drizzle's wrapper. */
function sqlState(error: unknown): string | undefined {
  for (let e = error, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++) {
    const code = (e as Error & { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/**
 * A 64-bit advisory-lock id per key (SHA-256's first 8 bytes): fewer collisions than `hashtext`'s 32 bits, and
 * a total order, so two transactions that lock the same keys always take them in the same order (no deadlock).
 */
function lockId(key: string): bigint {
  return createHash('sha256').update(key).digest().readBigInt64BE(0);
}

function stableJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  return `{${Object.keys(value)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stableJson((value as Record<string, unknown>)[k])}`)
    .join(',')}}`;
}

function formatDate(date: string, locale: Locale): string {
  return formatDay(date, locale);
}

/** The answer a visitor gets for a committed lead; a replay with the same key rebuilds exactly this. */
export function answerFor(lead: Pick<LeadRow, 'id' | 'kind' | 'locale' | 'details'>): LeadAnswer {
  const locale = (['ru', 'en', 'zh'].includes(lead.locale) ? lead.locale : 'ru') as Locale;
  const t = formTexts(locale).success;
  const d = lead.details;
  if (lead.kind === 'subscription') return { id: lead.id, status: 'accepted', title: t.subscribedTitle, message: t.text };
  if (lead.kind === 'landing') return { id: lead.id, status: 'accepted', title: t.title, message: t.landingText };
  if (BOOKING_KINDS.has(lead.kind as LeadKind) && typeof d.date === 'string') {
    const where = String(d.office_name ?? d.project_name ?? '');
    const booked = t.booked
      .replace('{office}', where)
      .replace('{date}', formatDate(d.date, locale))
      .replace('{slot}', String(d.slot ?? ''));
    return { id: lead.id, status: 'accepted', title: t.bookedTitle, message: `${booked} ${t.text}` };
  }
  return { id: lead.id, status: 'accepted', title: t.title, message: t.text };
}

/** How long a lead keeps its client-address key: past every window the key is counted in. */
export const CLIENT_KEY_RETENTION_MS = 24 * 3600_000;

export function createLeadService(db: Db, log: Logger) {
  let settings: LeadSettings = DEFAULT_LEAD_SETTINGS;
  const metrics = createLeadMetrics();
  /** Tests start each case with a clean budget: leads committed before this moment are not counted. */
  let limitsSince = new Date(0);
  const captcha = createCaptcha({ secret: () => settings.captchaSecret, complexity: () => settings.captchaComplexity });
  const committedListeners = new Set<() => void>();
  const faulted = new Set<string>();

  /** The client's address as stored and counted: a keyed hash, the same on every instance sharing ANTIBOT_SALT. */
  function clientKey(ip: string): string {
    return createHmac('sha256', settings.clientSalt).update(`lead-client:${ip}`).digest('base64url').slice(0, 32);
  }

  /** Leads committed within `windowMs` matching `where`, and when the oldest of them was made. */
  async function recent(q: Db | Tx, where: ReturnType<typeof eq>, windowMs: number, now: Date): Promise<{ n: number; oldest: Date | null }> {
    const since = new Date(Math.max(now.getTime() - windowMs, limitsSince.getTime()));
    const [row] = await q
      .select({ n: count(), oldest: min(leads.createdAt) })
      .from(leads)
      .where(and(where, gte(leads.createdAt, since)));
    return { n: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest) : null };
  }

  const CAPTCHA_WINDOW_MS = 3600_000;
  async function captchaRequired(q: Db | Tx, client: string, now: Date): Promise<boolean> {
    if (settings.captchaMode === 'always') return true;
    if (settings.captchaMode === 'off') return false;
    return (await recent(q, eq(leads.clientKey, client), CAPTCHA_WINDOW_MS, now)).n >= settings.captchaAutoAfter;
  }

  const retryAfterS = (oldest: Date | null, windowMs: number, now: Date) =>
    Math.max(1, Math.ceil(((oldest?.getTime() ?? now.getTime()) + windowMs - now.getTime()) / 1000));

  /**
   * Serializes the submits that share a budget (one client, one phone) across connections and instances:
   * transaction-scoped advisory locks, released by the commit or rollback, taken in one global order.
   */
  async function lockBudgets(tx: Tx, keys: string[]): Promise<void> {
    const ids = [...new Set(keys.map(lockId))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const id of ids) await tx.execute(sql`select pg_advisory_xact_lock(${id.toString()}::bigint)`);
  }

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

  async function bookedSeats(kind: BookingKind, resourceIds: number[], now: Date): Promise<Map<string, number>> {
    const keys = resourceIds.map((id) => resourceKey(kind, id));
    if (!keys.length) return new Map();
    const rows = await db
      .select({ resource: leadSlots.resource, startsAt: leadSlots.startsAt, n: count() })
      .from(leadSlots)
      .where(and(inArray(leadSlots.resource, keys), gte(leadSlots.startsAt, now)))
      .groupBy(leadSlots.resource, leadSlots.startsAt);
    return new Map(rows.map((r) => [`${r.resource}|${r.startsAt.getTime()}`, Number(r.n)]));
  }

  async function freeSlots(schedule: Schedule, now: Date): Promise<(Candidate & { left: number })[]> {
    const ids = schedule.resources.map((r) => r.id);
    const booked = await bookedSeats(schedule.kind, ids, now);
    return candidateSlots(schedule, ids, now)
      .map((c) => ({ ...c, left: schedule.capacity - (booked.get(`${resourceKey(schedule.kind, c.resource)}|${c.startsAt.getTime()}`) ?? 0) }))
      .filter((c) => c.left > 0);
  }

  /** Takes one seat of a slot inside the lead's transaction; false when every seat is taken. */
  async function bookSeat(tx: Tx, resource: string, startsAt: Date, capacity: number, leadId: string): Promise<boolean> {
    for (let seat = 1; seat <= capacity; seat++) {
      const rows = await tx.insert(leadSlots).values({ resource, startsAt, seat, leadId }).onConflictDoNothing().returning({ id: leadSlots.id });
      if (rows.length) return true;
    }
    return false;
  }

  type Data = Record<string, unknown> & { name: string; phone: string | null; email: string | null; newsletter: boolean };

  /** Kind-specific columns; booking kinds also get the slot they take. */
  function describe(kind: LeadKind, data: Data, locale: Locale, now: Date) {
    const str = (v: unknown) => (v === undefined ? null : (v as string | number | null));
    const context: Record<string, string | number | null> = {};
    for (const k of ['page_url', 'utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term', 'project', 'lot', 'promo'] as const) {
      if (data[k] !== null && data[k] !== undefined) context[k] = str(data[k]);
    }
    const details: Record<string, string | number | boolean | null> = {};
    let topic: string | null = null;
    let booking: { schedule: Schedule; candidate: Candidate } | null = null;
    const errors: FieldErrors = {};

    if (kind === 'subscription') topic = String(data.topic);
    if (kind === 'request') {
      topic = String(data.type);
      Object.assign(details, { type: str(data.type), channel: str(data.channel), comment: str(data.comment) });
    }
    if (kind === 'landing') Object.assign(details, { landing: str(data.landing), language: str(data.language), comment: str(data.comment) });
    if (kind === 'presale_interest') {
      const project = projects.find((p) => p.id === data.project);
      if (!project) errors.project = ['choice'];
      else Object.assign(details, { project: project.id, project_name: pick(project.name, locale) });
    }
    if (BOOKING_KINDS.has(kind)) {
      const schedule = SCHEDULES[kind as BookingKind];
      const resourceId = (data[schedule.field] as number | null) ?? null;
      const resource = findResource(schedule, resourceId);
      if (!resource) errors[schedule.field] = ['choice'];
      else {
        const candidates = candidateSlots(schedule, [resource.id], now);
        const candidate = candidates.find((c) => c.date === data.date && c.slot === data.slot);
        if (!candidate) {
          if (candidates.some((c) => c.date === data.date)) errors.slot = ['choice'];
          else errors.date = ['choice'];
        } else {
          booking = { schedule, candidate };
          Object.assign(details, {
            [schedule.field]: resource.id,
            [`${schedule.field}_name`]: pick(resource.name, locale),
            date: candidate.date,
            slot: candidate.slot,
            starts_at: candidate.startsAt.toISOString(),
          });
        }
      }
      if (kind === 'broker_tour') details.agency = str(data.agency);
      if (kind === 'partner_meeting') {
        topic = String(data.topic);
        Object.assign(details, { company: str(data.company), comment: str(data.comment) });
      }
      if (kind === 'meeting') details.comment = str(data.comment);
    }
    return { topic, details, context, booking, errors };
  }

  return {
    metrics,
    get settings(): LeadSettings {
      return settings;
    },
    /** Called once by the HTTP app with the server configuration (ADR 006). */
    configure(next: LeadSettings): void {
      settings = next;
    },
    /** The outbox job subscribes to start delivering as soon as a lead is committed. */
    onCommitted(listener: () => void): () => void {
      committedListeners.add(listener);
      return () => committedListeners.delete(listener);
    },

    /** `/api/captcha_bypass/`: whether this client must solve a proof of work, and the challenge if so. */
    async captchaStatus(ip: string, now = new Date()): Promise<{ bypass: true } | { bypass: false; challenge: Challenge }> {
      return (await captchaRequired(db, clientKey(ip), now)) ? { bypass: false, challenge: captcha.create(now.getTime()) } : { bypass: true };
    },

    partnerAuthRequired(): boolean {
      return settings.partnerBasicAuth !== null;
    },
    checkPartnerAuth(authorization: string | undefined | null): boolean {
      if (!settings.partnerBasicAuth) return true;
      const expected = Buffer.from(`Basic ${Buffer.from(settings.partnerBasicAuth).toString('base64')}`);
      const given = Buffer.from(authorization ?? '');
      return expected.length === given.length && timingSafeEqual(expected, given);
    },

    /**
     * Validates, defends and commits one lead. The answer "accepted" is given only after the lead and its
     * outbox rows are committed; a repeated key gives the same answer without a second row.
     */
    async submit(kind: LeadKind, input: unknown, meta: SubmitMeta): Promise<SubmitOutcome> {
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
      const client = clientKey(meta.ip);
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
      const described = describe(kind, data, locale, now);
      if (Object.keys(described.errors).length) {
        metrics.rejected.inc({ reason: 'invalid' });
        return { type: 'invalid', status: 400, errors: described.errors };
      }

      const idempotencyKey = key ?? `auto-${randomUUID()}`;
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
          if ((await captchaRequired(tx, client, now)) && !captcha.verify(pow as string | null, now.getTime())) return { type: 'captcha' };
          const byClient = await recent(tx, eq(leads.clientKey, client), settings.ipWindowMs, now);
          if (byClient.n >= settings.ipLimit) return { type: 'limited', retryAfterS: retryAfterS(byClient.oldest, settings.ipWindowMs, now) };
          if (data.phone) {
            const byPhone = await recent(tx, eq(leads.phone, data.phone), settings.phoneWindowMs, now);
            if (byPhone.n >= settings.phoneLimit) return { type: 'limited', retryAfterS: retryAfterS(byPhone.oldest, settings.phoneWindowMs, now) };
          }
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
              context: { ...described.context, source: meta.source },
              clientKey: client,
              createdAt: now,
            })
            .onConflictDoNothing({ target: leads.idempotencyKey })
            .returning({ id: leads.id });
          if (!inserted.length) throw new DuplicateKeyError();
          const booking = described.booking;
          if (booking) {
            const resource = resourceKey(booking.schedule.kind, booking.candidate.resource);
            if (!(await bookSeat(tx, resource, booking.candidate.startsAt, booking.schedule.capacity, id))) throw new SlotTakenError();
          }
          if (channels.length) await tx.insert(leadDeliveries).values(channels.map((channel) => ({ leadId: id, channel, nextAttemptAt: now })));
          return { type: 'committed' };
        });
      } catch (error) {
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
      for (const listener of committedListeners) listener();
      return { type: 'accepted', status: 201, replayed: false, answer: answerFor({ id, kind, locale, details: described.details }) };
    },

    /** `/api/subscription_forms/?url=`: the block's topic, headings and where to post (the spec's dynamic URL). */
    subscriptionForm(url: string, locale: Locale) {
      const { topic, project } = subscriptionTopicForUrl(url);
      const texts = formTexts(locale).subscription[topic];
      return {
        topic,
        project,
        title: texts.title,
        description: texts.description,
        submit_url: `/api/subscription_forms/${topic}/submit/`,
        fields: ['name', 'phone', 'email', 'newsletter', 'consent'],
      };
    },

    requestSpecs(locale: Locale) {
      const t = formTexts(locale);
      return [
        { name: 'type', label: t.fields.requestType, kind: 'choices', choices: REQUEST_TYPES.map((value) => ({ value, label: t.requestTypes[value] })) },
        { name: 'channel', label: t.fields.channel, kind: 'choices', choices: CONTACT_CHANNELS.map((value) => ({ value, label: t.channels[value] })) },
      ];
    },

    /** Specs of a booking form: resources, the date range and the day's slots (spec §3 "Specs"). */
    bookingSpecs(kind: BookingKind, locale: Locale, now = new Date()) {
      const schedule = SCHEDULES[kind];
      const t = formTexts(locale);
      const dates = [
        ...new Set(
          candidateSlots(
            schedule,
            schedule.resources.map((r) => r.id),
            now,
          ).map((c) => c.date),
        ),
      ];
      const specs: { name: string; label: string; kind: string; [key: string]: unknown }[] = [
        {
          name: schedule.field,
          label: schedule.field === 'office' ? t.fields.office : t.fields.project,
          kind: 'choices',
          choices: schedule.resources.map((r) => ({
            value: String(r.id),
            label: pick(r.name, locale),
            ...(r.address ? { address: pick(r.address, locale) } : {}),
          })),
        },
        { name: 'date', label: t.fields.date, kind: 'range', range: { min: dates[0] ?? null, max: dates.at(-1) ?? null } },
        { name: 'slot', label: t.fields.slot, kind: 'choices', choices: schedule.slots.map((value) => ({ value, label: value })) },
      ];
      if (kind === 'partner_meeting') {
        specs.unshift({
          name: 'topic',
          label: t.fields.partnerTopic,
          kind: 'choices',
          choices: PARTNER_TOPICS.map((value) => ({ value, label: t.partnerTopics[value] })),
        });
      }
      return specs;
    },

    /**
     * What is free, as facet counts: per resource, per date (for the chosen resource) and seats left per
     * slot (for the chosen resource and date).
     */
    async bookingFacets(kind: BookingKind, filter: { resource?: number | undefined; date?: string | undefined }, now = new Date()) {
      const schedule = SCHEDULES[kind];
      const free = await freeSlots(schedule, now);
      const byResource = (c: Candidate) => filter.resource === undefined || c.resource === filter.resource;
      const byDate = (c: Candidate) => filter.date === undefined || c.date === filter.date;
      const tally = (list: (Candidate & { left: number })[], keyOf: (c: Candidate) => string, weight: (c: { left: number }) => number) => {
        const out: Record<string, number> = {};
        for (const c of list) out[keyOf(c)] = (out[keyOf(c)] ?? 0) + weight(c);
        return out;
      };
      const matching = free.filter((c) => byResource(c) && byDate(c));
      return {
        count: matching.length,
        items: {
          [schedule.field]: {
            choices: tally(
              free.filter(byDate),
              (c) => String(c.resource),
              () => 1,
            ),
          },
          date: {
            choices: tally(
              free.filter(byResource),
              (c) => c.date,
              () => 1,
            ),
          },
          slot: {
            choices: tally(
              matching,
              (c) => c.slot,
              (c) => c.left,
            ),
          },
        },
      };
    },

    /** `GET /api/partner_meeting/`: the free partner-meeting slots as a paginated list (no personal data). */
    async partnerMeetingList(
      filter: { office?: number | undefined; date?: string | undefined; limit: number; offset: number },
      locale: Locale,
      now = new Date(),
    ) {
      const schedule = SCHEDULES.partner_meeting;
      const free = (await freeSlots(schedule, now)).filter(
        (c) => (filter.office === undefined || c.resource === filter.office) && (filter.date === undefined || c.date === filter.date),
      );
      const page = free.slice(filter.offset, filter.offset + filter.limit).map((c) => ({
        office: c.resource,
        office_name: pick(findResource(schedule, c.resource)!.name, locale),
        date: c.date,
        slot: c.slot,
        starts_at: c.startsAt.toISOString(),
        seats_left: c.left,
      }));
      return { count: free.length, results: page };
    },

    /** Gauges read at scrape time: the outbox backlog, per channel. */
    async renderMetrics(now = new Date()): Promise<string> {
      const rows = await db
        .select({
          channel: leadDeliveries.channel,
          n: count(),
          oldest: min(leadDeliveries.createdAt),
          attempts: sql<number>`coalesce(max(${leadDeliveries.attempts}), 0)`,
        })
        .from(leadDeliveries)
        .where(isNull(leadDeliveries.deliveredAt))
        .groupBy(leadDeliveries.channel);
      const gauges: Gauge[] = [];
      for (const channel of ['crm', 'email'] as const) {
        const row = rows.find((r) => r.channel === channel);
        gauges.push({ name: 'lead_deliveries_pending', help: 'Deliveries not yet acknowledged, by channel.', value: Number(row?.n ?? 0), labels: { channel } });
        const oldest = row?.oldest ? (now.getTime() - new Date(row.oldest).getTime()) / 1000 : 0;
        gauges.push({
          name: 'lead_delivery_oldest_pending_seconds',
          help: 'Age of the oldest unacknowledged delivery, by channel.',
          value: Math.max(0, Math.round(oldest)),
          labels: { channel },
        });
        gauges.push({
          name: 'lead_delivery_max_attempts',
          help: 'Most attempts spent on one pending delivery, by channel.',
          value: Number(row?.attempts ?? 0),
          labels: { channel },
        });
      }
      return renderMetrics(metrics, gauges);
    },

    /**
     * Forgets the client-address key of leads older than every window it is counted in (the per-client budget and
     * the CAPTCHA trigger, both at most an hour; a day's margin): the key only serves those budgets, so after that
     * it is pseudonymous personal data kept for nothing. Returns how many leads were cleared.
     */
    async forgetClientKeys(now = new Date()): Promise<number> {
      const before = new Date(now.getTime() - Math.max(CLIENT_KEY_RETENTION_MS, settings.ipWindowMs, CAPTCHA_WINDOW_MS));
      const cleared = await db
        .update(leads)
        .set({ clientKey: null })
        .where(and(isNotNull(leads.clientKey), lt(leads.createdAt, before)))
        .returning({ id: leads.id });
      return cleared.length;
    },

    /** Starts every budget afresh: leads committed before now no longer count (tests). */
    resetLimits(now = new Date()): void {
      limitsSince = now;
    },
  };
}
export type LeadService = ReturnType<typeof createLeadService>;
