import { sql, type SQL } from 'drizzle-orm';
import type { ClickHouseClient } from '@clickhouse/client';
import { VITAL_METRICS, type VitalMetric } from '#core/experiments/events.ts';
import { sampleRatioMismatch, wilsonInterval } from '#core/experiments/stats.ts';
import { isVisitorId } from '#core/tracking/visitor.ts';
import type { Db } from '../../db/client.ts';
import { featureFlags } from '../../db/schema/index.ts';
import { quote } from './clickhouse.ts';

/** What the report reads from the store; the same answers from ClickHouse and from the database's tables. */
export type ReportSource = {
  name: 'clickhouse' | 'database';
  /** Visitors per experiment and variation: each visitor once, in the variation of their first exposure. */
  visitors(): Promise<{ experimentId: string; variationId: string; visitors: number }[]>;
  /** The first exposure (whole second) to each experiment of these visitors. */
  firstExposures(userIds: readonly string[]): Promise<{ experimentId: string; userId: string; variationId: string; firstAt: Date }[]>;
  /** The 75th percentile (nearest rank) of each metric of exposed visitors, reported at or after their first exposure. */
  vitals(): Promise<{ experimentId: string; variationId: string; metric: VitalMetric; p75: number; samples: number }[]>;
};

const num = (v: unknown) => Number(v);

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/** First exposures in PostgreSQL: one row per experiment and visitor, its first variation (times cut to the second, as ClickHouse keeps them). */
const FIRST_PG = sql`select distinct on (experiment_id, user_id) experiment_id, user_id, variation_id, date_trunc('second', timestamp) as first_at
  from experiment_views`;
const FIRST_ORDER = sql`order by experiment_id, user_id, timestamp, id`;

export function databaseReportSource(db: Db): ReportSource {
  return {
    name: 'database',
    async visitors() {
      const r = await rows<{ experiment_id: string; variation_id: string; n: number }>(
        db,
        sql`select experiment_id, variation_id, count(*)::int as n from (${FIRST_PG} ${FIRST_ORDER}) f group by 1, 2`,
      );
      return r.map((x) => ({ experimentId: x.experiment_id, variationId: x.variation_id, visitors: num(x.n) }));
    },
    async firstExposures(userIds) {
      if (!userIds.length) return [];
      const list = sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      );
      const r = await rows<{ experiment_id: string; user_id: string; variation_id: string; first_at: string | Date }>(
        db,
        sql`${FIRST_PG} where user_id in (${list}) ${FIRST_ORDER}`,
      );
      return r.map((x) => ({ experimentId: x.experiment_id, userId: x.user_id, variationId: x.variation_id, firstAt: new Date(x.first_at) }));
    },
    async vitals() {
      const r = await rows<{ experiment_id: string; variation_id: string; metric: VitalMetric; p75: number; n: number }>(
        db,
        sql`select f.experiment_id, f.variation_id, v.metric, percentile_disc(0.75) within group (order by v.value) as p75, count(*)::int as n
          from web_vitals v join (${FIRST_PG} ${FIRST_ORDER}) f on f.user_id = v.user_id and date_trunc('second', v.timestamp) >= f.first_at
          group by 1, 2, 3`,
      );
      return r.map((x) => ({ experimentId: x.experiment_id, variationId: x.variation_id, metric: x.metric, p75: num(x.p75), samples: num(x.n) }));
    },
  };
}

/** First exposures in ClickHouse (18.16 SQL: argMin, ALL INNER JOIN … USING; no query parameters). */
const FIRST_CH = (where = '') => `SELECT experiment_id AS e_experiment, user_id, argMin(variation_id, timestamp) AS e_variation, min(timestamp) AS e_first
  FROM experiment_views ${where} GROUP BY experiment_id, user_id`;

export function clickHouseReportSource(client: ClickHouseClient): ReportSource {
  const select = async <T>(query: string) => (await client.query({ query, format: 'JSONEachRow' })).json<T>();
  return {
    name: 'clickhouse',
    async visitors() {
      const r = await select<{ e_experiment: string; e_variation: string; n: string }>(
        `SELECT e_experiment, e_variation, count() AS n FROM (${FIRST_CH()}) GROUP BY e_experiment, e_variation`,
      );
      return r.map((x) => ({ experimentId: x.e_experiment, variationId: x.e_variation, visitors: num(x.n) }));
    },
    async firstExposures(userIds) {
      if (!userIds.length) return [];
      const r = await select<{ e_experiment: string; user_id: string; e_variation: string; first: string }>(
        `SELECT e_experiment, user_id, e_variation, toUnixTimestamp(e_first) AS first FROM (${FIRST_CH(`WHERE user_id IN (${userIds.map(quote).join(', ')})`)})`,
      );
      return r.map((x) => ({ experimentId: x.e_experiment, userId: x.user_id, variationId: x.e_variation, firstAt: new Date(num(x.first) * 1000) }));
    },
    async vitals() {
      const r = await select<{ e_experiment: string; e_variation: string; metric: VitalMetric; p75: number; n: string }>(
        `SELECT e_experiment, e_variation, toString(metric) AS metric,
           arrayElement(arraySort(groupArray(value)), toUInt64(ceil(0.75 * count()))) AS p75, count() AS n
         FROM web_vitals ALL INNER JOIN (${FIRST_CH()}) USING user_id
         WHERE timestamp >= e_first
         GROUP BY e_experiment, e_variation, metric`,
      );
      return r.map((x) => ({ experimentId: x.e_experiment, variationId: x.e_variation, metric: x.metric, p75: num(x.p75), samples: num(x.n) }));
    },
  };
}

/** The leads that carry a visitor id (`context.visitor_id`, set by the lead forms) and when they were made. */
export async function leadsWithVisitor(db: Db): Promise<{ visitorId: string; createdAt: Date }[]> {
  const r = await rows<{ visitor_id: string; created_at: string | Date }>(
    db,
    sql`select context->>'visitor_id' as visitor_id, created_at from leads where context->>'visitor_id' is not null`,
  );
  return r.filter((x) => isVisitorId(x.visitor_id)).map((x) => ({ visitorId: x.visitor_id, createdAt: new Date(x.created_at) }));
}

/**
 * When a variation's p75 counts as slower than the control's: more than `relative` worse and by more than the
 * metric's absolute floor (so 2 ms on a 10 ms INP is not news), each side with at least `minSamples` samples.
 */
export type SlowerThreshold = { relative: number; minSamples: number; absolute: Record<VitalMetric, number> };
export const DEFAULT_SLOWER: SlowerThreshold = {
  relative: 0.1,
  minSamples: 20,
  absolute: { LCP: 100, INP: 20, CLS: 0.01, FCP: 100, TTFB: 50 },
};

export type VitalSummary = { p75: number | null; samples: number; slower: boolean };
export type VariationReport = {
  variation: string;
  weight: number;
  visitors: number;
  /** Leads made by its visitors after their first exposure. */
  leads: number;
  /** Visitors with at least one such lead: the conversion's numerator. */
  converted: number;
  conversion: number;
  ci95: [number, number];
  vitals: Record<VitalMetric, VitalSummary>;
};
export type ExperimentReport = {
  experiment: string;
  control: string;
  weightsSource: 'configured' | 'equal (assumed)';
  srm: { chiSquare: number; df: number; pValue: number; mismatch: boolean };
  /** Variations whose p75 of some metric is slower than the control's beyond the threshold, with the metrics. */
  slower: { variation: string; metrics: VitalMetric[] }[];
  variations: VariationReport[];
};
export type Report = { store: 'clickhouse' | 'database'; generatedAt: string; slowerThreshold: SlowerThreshold; experiments: ExperimentReport[] };

export type ReportOptions = {
  /** Only this experiment. */
  experiment?: string;
  /**
   * The configured split per experiment (variation → weight, any positive numbers). Without it the split is
   * assumed equal among the variations seen. At merge: the experiments table's weights (issue 15's flags part).
   */
  weights?: Record<string, Record<string, number>>;
  /** The control variation per experiment; default `0` when seen, else the first in order. */
  control?: Record<string, string>;
  slower?: Partial<SlowerThreshold>;
  now?: Date;
};

/**
 * The splits and controls the flags table configures (ADR 015): each experiment rule's variations as the SDK
 * reports them (`meta[i].key`, else the index), its weights (equal when none are given) and its first variation as
 * control. What `--weights`/`--control` give on the command line wins.
 */
export async function configuredSplits(db: Db): Promise<Required<Pick<ReportOptions, 'weights' | 'control'>>> {
  const weights: Record<string, Record<string, number>> = {};
  const control: Record<string, string> = {};
  for (const row of await db.select({ key: featureFlags.key, rules: featureFlags.rules }).from(featureFlags)) {
    for (const rule of row.rules) {
      if (!rule.variations?.length) continue;
      const experiment = rule.key ?? row.key;
      const names = rule.variations.map((_, i) => rule.meta?.[i]?.key ?? String(i));
      weights[experiment] = Object.fromEntries(names.map((name, i) => [name, rule.weights?.[i] ?? 1 / names.length]));
      control[experiment] = names[0]!;
    }
  }
  return { weights, control };
}

/** Variation ids in their natural order ('0', '1', '2', …, then names). */
const byVariation = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** The experiments report (`npm run experiments:report`): visitors, leads, conversion, SRM and vitals per variation. */
export async function experimentsReport(source: ReportSource, db: Db, options: ReportOptions = {}): Promise<Report> {
  const threshold: SlowerThreshold = { ...DEFAULT_SLOWER, ...options.slower, absolute: { ...DEFAULT_SLOWER.absolute, ...options.slower?.absolute } };
  const wanted = (e: string) => options.experiment === undefined || options.experiment === e;
  const visitors = (await source.visitors()).filter((r) => wanted(r.experimentId));
  const leads = await leadsWithVisitor(db);

  // Attribution: a lead counts for each experiment its visitor saw before it (whole seconds, as both stores keep them).
  const byVisitor = new Map<string, Date[]>();
  for (const l of leads) byVisitor.set(l.visitorId, [...(byVisitor.get(l.visitorId) ?? []), l.createdAt]);
  const ids = [...byVisitor.keys()];
  const exposures: Awaited<ReturnType<ReportSource['firstExposures']>> = [];
  for (let i = 0; i < ids.length; i += 1000) exposures.push(...(await source.firstExposures(ids.slice(i, i + 1000))));
  const leadCount = new Map<string, number>();
  const converted = new Map<string, number>();
  for (const e of exposures) {
    if (!wanted(e.experimentId)) continue;
    const key = `${e.experimentId}\u0000${e.variationId}`;
    const after = (byVisitor.get(e.userId) ?? []).filter((t) => Math.floor(t.getTime() / 1000) * 1000 >= e.firstAt.getTime()).length;
    if (!after) continue;
    leadCount.set(key, (leadCount.get(key) ?? 0) + after);
    converted.set(key, (converted.get(key) ?? 0) + 1);
  }
  const vitals = new Map<string, { p75: number; samples: number }>();
  for (const v of await source.vitals()) if (wanted(v.experimentId)) vitals.set(`${v.experimentId}\u0000${v.variationId}\u0000${v.metric}`, v);

  const experiments = [...new Set(visitors.map((v) => v.experimentId))].sort();
  return {
    store: source.name,
    generatedAt: (options.now ?? new Date()).toISOString(),
    slowerThreshold: threshold,
    experiments: experiments.map((experiment): ExperimentReport => {
      const given = options.weights?.[experiment];
      const seen = visitors.filter((v) => v.experimentId === experiment).map((v) => v.variationId);
      const names = [...new Set([...seen, ...Object.keys(given ?? {})])].sort(byVariation);
      const control = options.control?.[experiment] ?? (names.includes('0') ? '0' : names[0]!);
      const variations = names.map((variation): VariationReport => {
        const key = `${experiment}\u0000${variation}`;
        const n = visitors.find((v) => v.experimentId === experiment && v.variationId === variation)?.visitors ?? 0;
        const conv = converted.get(key) ?? 0;
        const ci = wilsonInterval(conv, n);
        const vital = (metric: VitalMetric): VitalSummary => {
          const v = vitals.get(`${key}\u0000${metric}`);
          return { p75: v?.p75 ?? null, samples: v?.samples ?? 0, slower: false };
        };
        return {
          variation,
          weight: given ? (given[variation] ?? 0) : 1 / names.length,
          visitors: n,
          leads: leadCount.get(key) ?? 0,
          converted: conv,
          conversion: ci.rate,
          ci95: [ci.low, ci.high],
          vitals: Object.fromEntries(VITAL_METRICS.map((m) => [m, vital(m)])) as Record<VitalMetric, VitalSummary>,
        };
      });
      const base = variations.find((v) => v.variation === control);
      const slower: ExperimentReport['slower'] = [];
      for (const v of variations) {
        if (!base || v === base) continue;
        const metrics = VITAL_METRICS.filter((m) => {
          const a = base.vitals[m];
          const b = v.vitals[m];
          if (a.p75 === null || b.p75 === null || a.samples < threshold.minSamples || b.samples < threshold.minSamples) return false;
          const worse = b.p75 > a.p75 * (1 + threshold.relative) && b.p75 - a.p75 > threshold.absolute[m];
          b.slower = worse;
          return worse;
        });
        if (metrics.length) slower.push({ variation: v.variation, metrics });
      }
      return {
        experiment,
        control,
        weightsSource: given ? 'configured' : 'equal (assumed)',
        srm: sampleRatioMismatch(
          variations.map((v) => v.visitors),
          variations.map((v) => v.weight),
        ),
        slower,
        variations,
      };
    }),
  };
}

const pct = (x: number) => `${(x * 100).toFixed(2)} %`;
const vitalText = (m: VitalMetric, v: VitalSummary) =>
  v.p75 === null ? '—' : `${m === 'CLS' ? v.p75.toFixed(3) : `${Math.round(v.p75)} ms`}${v.slower ? ' SLOWER' : ''} (n=${v.samples})`;

/** The report as text: one table per experiment, its SRM verdict and the slower variations. */
export function formatReport(report: Report): string {
  const out: string[] = [`Experiments report (${report.store}, ${report.generatedAt})`];
  if (!report.experiments.length) out.push('', 'No exposures recorded.');
  for (const e of report.experiments) {
    out.push('', `Experiment ${e.experiment} — control ${e.control}, weights ${e.weightsSource}`);
    const header = ['variation', 'weight', 'visitors', 'leads', 'converted', 'conversion', '95 % CI', 'LCP p75', 'INP p75', 'CLS p75'];
    const table = e.variations.map((v) => [
      v.variation,
      v.weight.toFixed(3),
      String(v.visitors),
      String(v.leads),
      String(v.converted),
      pct(v.conversion),
      `${pct(v.ci95[0])} – ${pct(v.ci95[1])}`,
      vitalText('LCP', v.vitals.LCP),
      vitalText('INP', v.vitals.INP),
      vitalText('CLS', v.vitals.CLS),
    ]);
    const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i]!.length)));
    for (const row of [header, ...table])
      out.push(
        row
          .map((c, i) => c.padEnd(widths[i]!))
          .join('  ')
          .trimEnd(),
      );
    const p = e.srm.pValue < 1e-6 ? e.srm.pValue.toExponential(2) : e.srm.pValue.toFixed(4);
    out.push(
      `Sample ratio: χ² = ${Number.isFinite(e.srm.chiSquare) ? e.srm.chiSquare.toFixed(3) : '∞'}, df ${e.srm.df}, p = ${p} — ${e.srm.mismatch ? 'MISMATCH (p < 0.001): the split is not the configured one, do not trust the results' : 'ok'}`,
    );
    for (const s of e.slower) out.push(`Slower than control: variation ${s.variation} (${s.metrics.join(', ')})`);
  }
  out.push(
    '',
    `Slower: p75 worse than control by more than ${report.slowerThreshold.relative * 100} % and by more than ${Object.entries(report.slowerThreshold.absolute)
      .map(([m, v]) => `${m} ${v}${m === 'CLS' ? '' : ' ms'}`)
      .join(', ')}, with at least ${report.slowerThreshold.minSamples} samples each.`,
  );
  return `${out.join('\n')}\n`;
}
