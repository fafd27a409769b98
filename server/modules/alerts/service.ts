import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { parseLotFilter } from '#core/catalogue/filter.ts';
import type { LotFilter } from '#core/catalogue/filter-items.ts';
import type { LotCard } from '#core/catalogue/types.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { parseAlertInput, type AlertFieldErrors } from '#core/schemas/alert.ts';
import type { Db, Executor } from '../../db/client.ts';
import { alertMessages, alertSubscriptions, catalogueState } from '../../db/schema/index.ts';

export type AlertSubscription = typeof alertSubscriptions.$inferSelect;

export type SubscribeOutcome = { type: 'accepted'; id: string | null } | { type: 'invalid'; errors: AlertFieldErrors };

/** What the alerts need of the catalogue: lot cards, the lots a saved search matches, and the version in memory. */
export type AlertCatalogue = {
  lotsByIds(ids: string[], locale: Locale): Promise<LotCard[]>;
  matchingLotIds(filter: LotFilter, ids: readonly number[]): Promise<Set<number>>;
  version(): Promise<number>;
  refresh(): Promise<void>;
};

/** One change's rows of `lot_history` (ADR 019) that a digest reads. */
export type ChangeRow = { lotId: number; price: number; status: string; previousPrice: number | null; previousStatus: string | null };

/** A digest's content: new matching lots, price drops of matching or followed lots, followed lots booked or sold. */
export type Digest = {
  fresh: { lot: LotCard; price: number }[];
  drops: { lot: LotCard; price: number; previousPrice: number }[];
  gone: { lot: LotCard; status: 'booked' | 'sold' }[];
};

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * Enqueues one digest per active subscription for a catalogue change, in the change's own transaction (called by
 * `importFeed` and `recordLotHistory`, server/modules/catalogue/ingest/, once the change's history is written). Saved searches get a row for every change that recorded
 * history (whether a lot matches is decided when it is sent); followed lots only when their lot has a row in it.
 * The unique (subscription, kind, change) makes it idempotent.
 */
export async function enqueueAlertDigests(db: Executor, change: number): Promise<number> {
  const result = await db.execute(sql`
    insert into alert_messages (subscription_id, kind, change)
    select s.id, 'digest', ${change}::int from alert_subscriptions s
    where s.confirmed_at is not null and s.unsubscribed_at is null and s.since_change < ${change}::int
      and (s.kind = 'search' or exists (select 1 from lot_history h where h.lot_id = s.lot_id and h.change = ${change}::int))
    on conflict do nothing`);
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return Number(r.rowCount ?? r.affectedRows ?? 0);
}

/**
 * Alerts without an account (issue #16, ADR 021): subscriptions with double opt-in, and the digests' content.
 * Links are signed elsewhere (./tokens.ts): this service is handed verified subscription ids.
 */
export function createAlertService(db: Db, catalogue: AlertCatalogue) {
  const listeners = new Set<() => void>();
  const committed = () => listeners.forEach((l) => l());

  async function catalogueVersion(tx: Executor): Promise<number> {
    const [row] = await tx.select({ version: catalogueState.version }).from(catalogueState).where(eq(catalogueState.id, 1));
    return row?.version ?? 0;
  }

  return {
    /** Called after a subscription or confirmation message was committed (the job wakes up). */
    onCommitted(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /**
     * A notify-me or follow form: validated, the lot checked, then the subscription and its confirmation message
     * written in one transaction. A filled honeypot is answered like a success and stores nothing.
     */
    async subscribe(input: unknown, locale: Locale, now = new Date()): Promise<SubscribeOutcome> {
      const parsed = parseAlertInput(input);
      if (!parsed.ok) return { type: 'invalid', errors: parsed.errors };
      const value = parsed.value;
      if (value.bot) return { type: 'accepted', id: null };
      if (value.kind === 'lot' && !(await catalogue.lotsByIds([String(value.lot)], locale)).length) return { type: 'invalid', errors: { lot: ['choice'] } };
      const id = randomUUID();
      await db.transaction(async (t) => {
        await t.insert(alertSubscriptions).values({
          id,
          kind: value.kind,
          email: value.email,
          locale,
          query: value.kind === 'search' ? value.query : null,
          lotId: value.kind === 'lot' ? value.lot : null,
          consentAt: now,
          createdAt: now,
        });
        await t.insert(alertMessages).values({ subscriptionId: id, kind: 'confirm', change: 0 });
      });
      committed();
      return { type: 'accepted', id };
    },

    /** Lot cards in a subscriber's language (the confirmation names the followed lot). */
    lotCards: (ids: string[], locale: string) => catalogue.lotsByIds(ids, locale as Locale),

    async get(id: string): Promise<AlertSubscription | null> {
      const [row] = await db.select().from(alertSubscriptions).where(eq(alertSubscriptions.id, id)).limit(1);
      return row ?? null;
    },

    /** Double opt-in: active from now on, for catalogue changes after the current one. Idempotent. */
    async confirm(id: string, now = new Date()): Promise<'confirmed' | 'already' | 'ended' | 'missing'> {
      return db.transaction(async (t) => {
        const [row] = await t.select().from(alertSubscriptions).where(eq(alertSubscriptions.id, id)).for('update');
        if (!row) return 'missing';
        if (row.unsubscribedAt) return 'ended';
        if (row.confirmedAt) return 'already';
        const version = await catalogueVersion(t);
        await t.update(alertSubscriptions).set({ confirmedAt: now, sinceChange: version }).where(eq(alertSubscriptions.id, id));
        return 'confirmed';
      });
    },

    /** One-click unsubscribe: no more messages (those already due are dropped when their turn comes). Idempotent. */
    async unsubscribe(id: string, now = new Date()): Promise<'unsubscribed' | 'already' | 'missing'> {
      const updated = await db
        .update(alertSubscriptions)
        .set({ unsubscribedAt: now })
        .where(and(eq(alertSubscriptions.id, id), isNull(alertSubscriptions.unsubscribedAt)))
        .returning({ id: alertSubscriptions.id });
      if (updated.length) return 'unsubscribed';
      return (await this.get(id)) ? 'already' : 'missing';
    },

    /** The history rows one catalogue change recorded (every digest of the change reads the same rows). */
    async changeRows(change: number): Promise<ChangeRow[]> {
      const result = await db.execute(sql`
        select lot_id as "lotId", price, status, previous_price as "previousPrice", previous_status as "previousStatus"
        from lot_history where change = ${change}::int`);
      return rowsOf<ChangeRow>(result).map((r) => ({
        ...r,
        lotId: Number(r.lotId),
        price: Number(r.price),
        previousPrice: r.previousPrice === null ? null : Number(r.previousPrice),
      }));
    },

    /**
     * A subscription's digest of one change: for a saved search the new lots and price drops among the lots it
     * matches now (the catalogue in memory is brought to the change's version first); for a followed lot its drop,
     * and once its booking or sale. Null when the change held nothing for it.
     */
    async digest(sub: AlertSubscription, change: number, rows: readonly ChangeRow[]): Promise<Digest | null> {
      if ((await catalogue.version()) < change) await catalogue.refresh();
      const locale = sub.locale as Locale;
      let relevant: ChangeRow[];
      if (sub.kind === 'lot') relevant = rows.filter((r) => r.lotId === sub.lotId);
      else {
        const parsed = parseLotFilter(new URLSearchParams(sub.query ?? ''));
        if (!parsed.ok) return null;
        const candidates = rows.filter((r) => r.previousPrice === null || r.price < r.previousPrice).map((r) => r.lotId);
        const matching = candidates.length ? await catalogue.matchingLotIds(parsed.filter, candidates) : new Set<number>();
        relevant = rows.filter((r) => matching.has(r.lotId));
      }
      const freshRows = sub.kind === 'search' ? relevant.filter((r) => r.previousPrice === null) : [];
      const dropRows = relevant.filter((r) => r.previousPrice !== null && r.price < r.previousPrice && r.status !== 'sold');
      const goneRows =
        sub.kind === 'lot'
          ? relevant.filter((r) => r.previousStatus !== null && r.status !== r.previousStatus && (r.status === 'booked' || r.status === 'sold'))
          : [];
      if (!freshRows.length && !dropRows.length && !goneRows.length) return null;
      const cards = await catalogue.lotsByIds([...new Set([...freshRows, ...dropRows, ...goneRows].map((r) => String(r.lotId)))], locale);
      const card = new Map(cards.map((c) => [Number(c.id), c]));
      const digest: Digest = {
        fresh: freshRows.flatMap((r) => (card.has(r.lotId) ? [{ lot: card.get(r.lotId)!, price: r.price }] : [])),
        drops: dropRows.flatMap((r) => (card.has(r.lotId) ? [{ lot: card.get(r.lotId)!, price: r.price, previousPrice: r.previousPrice! }] : [])),
        gone: goneRows.flatMap((r) => (card.has(r.lotId) ? [{ lot: card.get(r.lotId)!, status: r.status as 'booked' | 'sold' }] : [])),
      };
      return digest.fresh.length || digest.drops.length || digest.gone.length ? digest : null;
    },
  };
}
export type AlertService = ReturnType<typeof createAlertService>;
