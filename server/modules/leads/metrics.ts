/**
 * Counters of the lead pipeline in Prometheus' text format (GET /metrics). Kept in memory per process:
 * Prometheus computes rates from them and tolerates the reset at a restart.
 */
import { count, isNull, min, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { leadDeliveries } from './schema.ts';

type Labels = Record<string, string>;

function key(labels: Labels): string {
  return Object.entries(labels)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}="${v.replace(/["\\\n]/g, '_')}"`)
    .join(',');
}

function counter(name: string, help: string) {
  const values = new Map<string, number>();
  return {
    name,
    inc(labels: Labels = {}, by = 1) {
      const k = key(labels);
      values.set(k, (values.get(k) ?? 0) + by);
    },
    get(labels: Labels = {}) {
      return values.get(key(labels)) ?? 0;
    },
    render(): string {
      const lines = [`# HELP ${name} ${help}`, `# TYPE ${name} counter`];
      if (!values.size) lines.push(`${name} 0`);
      for (const [k, v] of values) lines.push(k ? `${name}{${k}} ${v}` : `${name} ${v}`);
      return lines.join('\n');
    },
  };
}

export function createLeadMetrics() {
  return {
    received: counter('leads_received_total', 'Leads committed to the database, by kind.'),
    replayed: counter('leads_replayed_total', 'Submits answered from an earlier one with the same idempotency key.'),
    rejected: counter('leads_rejected_total', 'Submits refused, by reason (invalid, limited, captcha, spam, conflict, claim, error).'),
    deliveries: counter('lead_deliveries_total', 'Delivery attempts, by channel and outcome (success, failure).'),
  };
}
export type LeadMetrics = ReturnType<typeof createLeadMetrics>;

export type Gauge = { name: string; help: string; value: number; labels?: Labels };

export function renderMetrics(metrics: LeadMetrics, gauges: Gauge[]): string {
  const parts = [metrics.received, metrics.replayed, metrics.rejected, metrics.deliveries].map((c) => c.render());
  const byName = new Map<string, Gauge[]>();
  for (const gauge of gauges) byName.set(gauge.name, [...(byName.get(gauge.name) ?? []), gauge]);
  for (const [name, list] of byName) {
    parts.push(
      [
        `# HELP ${name} ${list[0]!.help}`,
        `# TYPE ${name} gauge`,
        ...list.map((g) => (g.labels ? `${name}{${key(g.labels)}} ${g.value}` : `${name} ${g.value}`)),
      ].join('\n'),
    );
  }
  return `${parts.join('\n')}\n`;
}

/** The counters and the outbox gauges read at scrape time: the backlog per channel, its age and attempts. */
export async function scrapeLeadMetrics(db: Db, metrics: LeadMetrics, now = new Date()): Promise<string> {
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
}
