import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { leadDeliveries, reservationDeliveries } from '../../db/schema/index.ts';
import { CRM_CHANNELS, type CrmChannel } from './adapter.ts';
import { crmAdapterStates } from './schema.ts';

type Labels = Record<string, string>;
const key = (labels: Labels) =>
  Object.entries(labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}="${v.replace(/["\\\n]/g, '_')}"`)
    .join(',');

/**
 * The CRM adapters' delivery attempts, per process (Prometheus computes rates and tolerates a restart's reset), by
 * channel, kind (lead, reservation) and outcome (success, failure). A paused adapter's refused attempts are not
 * failures: they are not counted.
 */
function counter(name: string, help: string) {
  const values = new Map<string, number>();
  return {
    inc(labels: Labels, by = 1) {
      values.set(key(labels), (values.get(key(labels)) ?? 0) + by);
    },
    get(labels: Labels) {
      return values.get(key(labels)) ?? 0;
    },
    render(): string {
      const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} counter`];
      if (!values.size) lines.push(`${name} 0`);
      for (const [k, v] of values) lines.push(`${name}{${k}} ${v}`);
      return lines.join('\n');
    },
  };
}

export const crmMetrics = { attempts: counter('crm_delivery_attempts_total', 'CRM adapter delivery attempts, by channel, kind and outcome.') };

/** One adapter as the back office's health view and /metrics see it. */
export type CrmHealth = {
  channel: CrmChannel;
  configured: boolean;
  /** Leads and reservation events waiting (not yet acknowledged by the CRM). */
  queued: { leads: number; events: number };
  delivered: { leads: number; events: number };
  /** Waiting after at least one failed attempt. */
  failing: { leads: number; events: number };
  /** The newest failure's cleaned text (no personal data: the adapters' errors name codes, not values). */
  lastError: string | null;
  /** Since when the CRM refuses our credentials (the adapter is stopped), or null. */
  pausedAt: Date | null;
};

/**
 * Every CRM channel's delivery state, read from the outbox tables. `configured`: the channels this server runs; by
 * default those the running servers recorded in crm_adapter_states when their adapters started (jobs.ts).
 */
export async function crmHealth(db: Db, configured?: readonly CrmChannel[]): Promise<CrmHealth[]> {
  const tally = async (table: typeof leadDeliveries | typeof reservationDeliveries) =>
    db
      .select({
        channel: table.channel,
        queued: sql<number>`count(*) filter (where ${table.deliveredAt} is null)`,
        delivered: sql<number>`count(*) filter (where ${table.deliveredAt} is not null)`,
        failing: sql<number>`count(*) filter (where ${table.deliveredAt} is null and ${table.lastError} is not null)`,
      })
      .from(table)
      .where(sql`${table.channel} in ('bitrix24', 'amocrm')`)
      .groupBy(table.channel);
  const lastError = async (table: typeof leadDeliveries | typeof reservationDeliveries, channel: CrmChannel) => {
    // The row retried last failed last (its next attempt is its failure's moment plus its backoff).
    const [row] = await db
      .select({ error: table.lastError, at: table.nextAttemptAt })
      .from(table)
      .where(and(eq(table.channel, channel), isNull(table.deliveredAt), isNotNull(table.lastError)))
      .orderBy(desc(table.nextAttemptAt))
      .limit(1);
    return row ?? null;
  };
  const [leadRows, eventRows, states] = await Promise.all([tally(leadDeliveries), tally(reservationDeliveries), db.select().from(crmAdapterStates)]);
  const out: CrmHealth[] = [];
  for (const channel of CRM_CHANNELS) {
    const l = leadRows.find((r) => r.channel === channel);
    const e = eventRows.find((r) => r.channel === channel);
    const errors = (await Promise.all([lastError(leadDeliveries, channel), lastError(reservationDeliveries, channel)])).filter((r) => r !== null);
    errors.sort((a, b) => new Date(b.at ?? 0).getTime() - new Date(a.at ?? 0).getTime());
    const state = states.find((s) => s.channel === channel);
    out.push({
      channel,
      configured: configured ? configured.includes(channel) : state !== undefined,
      queued: { leads: Number(l?.queued ?? 0), events: Number(e?.queued ?? 0) },
      delivered: { leads: Number(l?.delivered ?? 0), events: Number(e?.delivered ?? 0) },
      failing: { leads: Number(l?.failing ?? 0), events: Number(e?.failing ?? 0) },
      lastError: errors[0]?.error ?? null,
      pausedAt: state?.pausedAt ?? null,
    });
  }
  return out;
}

/** `/metrics` lines of the adapters: the attempt counters, and per channel the queue, the failing and the pause. */
export async function renderCrmMetrics(db: Db, configured: readonly CrmChannel[]): Promise<string> {
  const health = (await crmHealth(db, configured)).filter((h) => h.configured || h.queued.leads + h.queued.events > 0);
  const gauge = (name: string, help: string, value: (h: CrmHealth) => [Labels, number][]) => [
    `# HELP ${name} ${help}`,
    `# TYPE ${name} gauge`,
    ...health.flatMap((h) => value(h).map(([labels, v]) => `${name}{${key({ channel: h.channel, ...labels })}} ${v}`)),
  ];
  const both =
    (pick: (h: CrmHealth) => { leads: number; events: number }) =>
    (h: CrmHealth): [Labels, number][] => [
      [{ kind: 'lead' }, pick(h).leads],
      [{ kind: 'reservation' }, pick(h).events],
    ];
  return `${[
    crmMetrics.attempts.render(),
    ...gauge(
      'crm_deliveries_queued',
      'Deliveries to a CRM not yet acknowledged, by channel and kind.',
      both((h) => h.queued),
    ),
    ...gauge(
      'crm_deliveries_failing',
      'Queued deliveries to a CRM whose last attempt failed, by channel and kind.',
      both((h) => h.failing),
    ),
    ...gauge(
      'crm_deliveries_delivered',
      'Deliveries a CRM acknowledged (in the database), by channel and kind.',
      both((h) => h.delivered),
    ),
    ...gauge('crm_adapter_paused', '1 while a CRM refuses our credentials (the adapter is stopped), by channel.', (h) => [[{}, h.pausedAt ? 1 : 0]]),
  ].join('\n')}\n`;
}
