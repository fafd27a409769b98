import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { leadDeliveries, leads } from '../../db/schema/index.ts';
import { CRM_CHANNELS, type CrmChannel } from './adapter.ts';

const day = z.iso.date({ error: 'must be a date, e.g. 2026-11-01' });

/** What `npm run crm:replay` takes: a channel and a range of days (both included, Moscow's calendar). */
export const replayArgs = z
  .strictObject({
    channel: z.enum(CRM_CHANNELS, { error: `must be one of ${CRM_CHANNELS.join(', ')}` }),
    from: day,
    to: day,
  })
  .refine((args) => args.from <= args.to, { path: ['to'], message: 'must not be before --from' });
export type ReplayArgs = z.infer<typeof replayArgs>;

/** Midnight in Moscow (UTC+3, no daylight saving since 2014) of a `YYYY-MM-DD` day. */
const moscowMidnight = (date: string) => new Date(`${date}T00:00:00+03:00`);

/**
 * Queues the leads received from `from` to `to` (Moscow days, both included) for `channel` again: a lead never queued
 * for it gets its row, a delivered or waiting one is due now. Every such row counts one attempt already, so its next
 * delivery looks the lead up in the CRM by our id before adding (the adapter's exactly-once): a replay, or two, adds
 * only what the CRM has not got. Returns how many rows were queued anew and how many queued again.
 */
export async function replayLeads(db: Db, channel: CrmChannel, range: { from: string; to: string }): Promise<{ queued: number; requeued: number }> {
  const since = moscowMidnight(range.from);
  const until = new Date(moscowMidnight(range.to).getTime() + 86_400_000);
  const inRange = and(gte(leads.createdAt, since), lt(leads.createdAt, until));
  return db.transaction(async (tx) => {
    const requeued = await tx
      .update(leadDeliveries)
      .set({ deliveredAt: null, nextAttemptAt: sql`now()`, lockedUntil: null, attempts: sql`greatest(${leadDeliveries.attempts}, 1)` })
      .where(
        and(
          eq(leadDeliveries.channel, channel),
          sql`${leadDeliveries.leadId} in (select ${leads.id} from ${leads} where ${inRange})`,
          // A row being sent now is left to its worker.
          sql`(${leadDeliveries.lockedUntil} is null or ${leadDeliveries.lockedUntil} < now())`,
        ),
      )
      .returning({ id: leadDeliveries.id });
    const missing = await tx
      .select({ id: leads.id })
      .from(leads)
      .leftJoin(leadDeliveries, and(eq(leadDeliveries.leadId, leads.id), eq(leadDeliveries.channel, channel)))
      .where(and(inRange, isNull(leadDeliveries.id)));
    let queued = 0;
    for (let i = 0; i < missing.length; i += 500) {
      const rows = missing.slice(i, i + 500).map((lead) => ({ leadId: lead.id, channel, attempts: 1 }));
      queued += (await tx.insert(leadDeliveries).values(rows).onConflictDoNothing().returning({ id: leadDeliveries.id })).length;
    }
    return { queued, requeued: requeued.length };
  });
}
