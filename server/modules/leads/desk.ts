import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Staff } from '#core/admin/roles.ts';
import type { Db } from '../../db/client.ts';
import { leadDeliveries, leads } from '../../db/schema/index.ts';
import { recordAudit } from '../staff/index.ts';
import { leadCsvHeader, leadCsvRow } from './csv.ts';

import type { DeliveryState } from '#core/admin/leads.ts';

export type LeadFilter = {
  /** A lead id, or part of a name, phone or e-mail (a search of personal data, recorded as a view of it). */
  q?: string | undefined;
  form?: string | undefined;
  project?: number | undefined;
  /** Received on or after `from`, before `to` (exclusive). */
  from?: Date | undefined;
  to?: Date | undefined;
  delivery?: DeliveryState | undefined;
};

export const LEADS_PAGE = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `%`, `_` and `\` of a search typed by a member match themselves. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type Delivery = typeof leadDeliveries.$inferSelect;

/** A lead's delivery state from its outbox rows: all delivered, some failing (an error), some waiting, or no channel. */
export function deliveryState(rows: Pick<Delivery, 'deliveredAt' | 'lastError'>[]): DeliveryState {
  if (!rows.length) return 'none';
  if (rows.every((r) => r.deliveredAt)) return 'delivered';
  return rows.some((r) => !r.deliveredAt && r.lastError) ? 'failing' : 'pending';
}

function where(filter: LeadFilter): SQL | undefined {
  const parts: SQL[] = [];
  const q = filter.q?.trim();
  if (q) {
    const digits = q.replace(/\D/g, '');
    parts.push(
      or(
        UUID.test(q) ? eq(leads.id, q.toLowerCase()) : undefined,
        ilike(leads.name, likeText(q)),
        ilike(leads.email, likeText(q)),
        digits.length >= 3 ? sql`regexp_replace(coalesce(${leads.phone}, ''), '\\D', '', 'g') like ${likeText(digits)}` : undefined,
      )!,
    );
  }
  if (filter.form) parts.push(eq(leads.kind, filter.form));
  if (filter.project !== undefined)
    parts.push(or(sql`${leads.details}->>'project' = ${String(filter.project)}`, sql`${leads.context}->>'project' = ${String(filter.project)}`)!);
  if (filter.from) parts.push(gte(leads.createdAt, filter.from));
  if (filter.to) parts.push(lt(leads.createdAt, filter.to));
  const rows = sql`select 1 from ${leadDeliveries} d where d.lead_id = ${leads.id}`;
  switch (filter.delivery) {
    case 'none':
      parts.push(sql`not exists (${rows})`);
      break;
    case 'delivered':
      parts.push(sql`exists (${rows})`, sql`not exists (${rows} and d.delivered_at is null)`);
      break;
    case 'failing':
      parts.push(sql`exists (${rows} and d.delivered_at is null and d.last_error is not null)`);
      break;
    case 'pending':
      parts.push(sql`exists (${rows} and d.delivered_at is null)`, sql`not exists (${rows} and d.delivered_at is null and d.last_error is not null)`);
      break;
    default:
  }
  return parts.length ? and(...parts) : undefined;
}

/** What the audit trail keeps of a filter (the search text too: it is what was looked for). */
function filterDetail(filter: LeadFilter): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries({ ...filter, from: filter.from?.toISOString(), to: filter.to?.toISOString() }).filter(([, v]) => v !== undefined && v !== ''),
  );
}

/**
 * The back office's leads (ADR 025): list, search, a lead with its delivery attempts, redelivery, CSV export. Every
 * read that shows personal data records it in the audit trail, in the same transaction as the read.
 * Leads themselves are never changed here; a redelivery only re-queues their outbox rows.
 */
export function createLeadDesk(db: Db, opts: { wakeDelivery: () => void }) {
  /** Reads with `q`: inside a transaction, the transaction itself (PGlite has one connection). */
  async function deliveriesOf(q: Pick<Db, 'select'>, ids: string[]): Promise<Delivery[]> {
    return ids.length ? q.select().from(leadDeliveries).where(inArray(leadDeliveries.leadId, ids)).orderBy(asc(leadDeliveries.channel)) : [];
  }

  return {
    /** A page of leads, newest first; showing them is a view of personal data, recorded with the filter and the ids shown. */
    async list(staff: Staff, filter: LeadFilter, page: number) {
      const condition = where(filter);
      return db.transaction(async (tx) => {
        const [total] = await tx.select({ n: count() }).from(leads).where(condition);
        const rows = await tx
          .select({ id: leads.id, createdAt: leads.createdAt, kind: leads.kind, name: leads.name, phone: leads.phone, email: leads.email })
          .from(leads)
          .where(condition)
          .orderBy(desc(leads.createdAt), desc(leads.id))
          .limit(LEADS_PAGE)
          .offset((page - 1) * LEADS_PAGE);
        const deliveries = await deliveriesOf(
          tx,
          rows.map((r) => r.id),
        );
        if (rows.length)
          await recordAudit(tx, staff, {
            action: 'view_personal_data',
            entityKind: 'lead',
            detail: { list: true, page, ...filterDetail(filter), leads: rows.map((r) => r.id) },
          });
        return {
          count: total?.n ?? 0,
          pages: Math.max(1, Math.ceil((total?.n ?? 0) / LEADS_PAGE)),
          results: rows.map((r) => ({ ...r, delivery: deliveryState(deliveries.filter((d) => d.leadId === r.id)) })),
        };
      });
    },

    /** One lead with its delivery attempts; recorded as a view of personal data. Null when there is no such lead. */
    async get(staff: Staff, id: string) {
      if (!UUID.test(id)) return null;
      return db.transaction(async (tx) => {
        const [lead] = await tx.select().from(leads).where(eq(leads.id, id.toLowerCase()));
        if (!lead) return null;
        const deliveries = await tx.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, lead.id)).orderBy(asc(leadDeliveries.channel));
        await recordAudit(tx, staff, { action: 'view_personal_data', entityKind: 'lead', entityId: lead.id });
        const { requestHash: _hash, idempotencyKey: _key, clientKey: _client, ...shown } = lead;
        return { lead: shown, deliveries, delivery: deliveryState(deliveries) };
      });
    },

    /**
     * Queues a lead's delivery again on every channel it has (delivered ones too: the CRM receives the lead's id as
     * its idempotency key), unless a worker holds the row right now. The lead is not touched and not copied.
     * `null`: no such lead; `[]`: nothing to queue (no channel, or all in flight).
     */
    async redeliver(staff: Staff, id: string): Promise<Delivery[] | null> {
      if (!UUID.test(id)) return null;
      const result = await db.transaction(async (tx) => {
        const [lead] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, id.toLowerCase()));
        if (!lead) return null;
        const now = new Date();
        const before = await tx.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, lead.id)).orderBy(asc(leadDeliveries.channel)).for('update');
        const free = before.filter((d) => !d.lockedUntil || d.lockedUntil <= now || d.deliveredAt);
        if (!free.length) return [];
        await tx
          .update(leadDeliveries)
          .set({ deliveredAt: null, nextAttemptAt: now, lockedUntil: null })
          .where(
            inArray(
              leadDeliveries.id,
              free.map((d) => d.id),
            ),
          );
        const after = await tx.select().from(leadDeliveries).where(eq(leadDeliveries.leadId, lead.id)).orderBy(asc(leadDeliveries.channel));
        await recordAudit(tx, staff, { action: 'redeliver', entityKind: 'lead', entityId: lead.id, before, after });
        return after;
      });
      if (result?.length) opts.wakeDelivery();
      return result;
    },

    /**
     * The leads of `filter` as CSV lines, oldest first, read in batches; the export (its filter and row count) is
     * recorded before the first line is made.
     */
    async export(staff: Staff, filter: LeadFilter): Promise<{ rows: number; lines: AsyncGenerator<string> }> {
      const condition = where(filter);
      const [total] = await db.select({ n: count() }).from(leads).where(condition);
      const rows = total?.n ?? 0;
      await recordAudit(db, staff, { action: 'export_personal_data', entityKind: 'lead', detail: { ...filterDetail(filter), rows } });
      async function* lines(): AsyncGenerator<string> {
        yield leadCsvHeader();
        let after: { createdAt: Date; id: string } | null = null;
        for (;;) {
          const batch: (typeof leads.$inferSelect)[] = await db
            .select()
            .from(leads)
            .where(
              and(condition, after ? or(gt(leads.createdAt, after.createdAt), and(eq(leads.createdAt, after.createdAt), gt(leads.id, after.id))) : undefined),
            )
            .orderBy(asc(leads.createdAt), asc(leads.id))
            .limit(500);
          if (!batch.length) return;
          const deliveries = await deliveriesOf(
            db,
            batch.map((l) => l.id),
          );
          for (const lead of batch)
            yield leadCsvRow(
              lead,
              deliveries.filter((d) => d.leadId === lead.id),
            );
          const last = batch.at(-1)!;
          after = { createdAt: last.createdAt, id: last.id };
        }
      }
      return { rows, lines: lines() };
    },
  };
}

export type LeadDesk = ReturnType<typeof createLeadDesk>;
