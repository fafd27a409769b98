import { z } from 'zod';
import { safeText } from '#core/schemas/text.ts';
import { sitePath } from '#core/tracking/events.ts';
import { isVisitorId } from '#core/tracking/visitor.ts';
import { VITAL_METRICS, type VitalMetric } from './vitals.ts';

export { VITAL_METRICS, VITALS_OBSERVING_MARK, type VitalMetric } from './vitals.ts';

/**
 * The experiment event store's tables (spec §3 "Experiment tracking record", `table_name`): an exposure of a
 * visitor to a variation, and one page-load web vital of a sampled visit.
 */
export const EVENT_TABLES = ['experiment_views', 'web_vitals'] as const;
export type EventTable = (typeof EVENT_TABLES)[number];

/** Bounds of what is stored (the database columns' checks say the same). */
export const EVENT_LIMITS = { id: 128, variation: 64, gaId: 128, value: 1024, host: 255, url: 2048 } as const;

/** Earliest and latest event time accepted: ClickHouse's `DateTime` ends in 2106, and no visit happened before 2000. */
const MIN_TIME_MS = Date.UTC(2000, 0, 1);
const MAX_TIME_MS = Date.UTC(2100, 0, 1);

const required = 'This field is required.';
const tooLong = (n: number) => `Ensure this field has no more than ${n} characters.`;

/** An exposure's `value`: empty, or a short token (the platform's own marker), never free text. */
const EXPOSURE_VALUE = /^[A-Za-z0-9._:-]{0,64}$/;

/** An event's time: ISO 8601 with a zone (what the GrowthBook callback sends), or Unix seconds or milliseconds. */
const timestamp = z
  .union([
    z.iso.datetime({ offset: true, error: 'Enter an ISO 8601 date-time with a time zone, or a Unix timestamp.' }),
    z.number().finite(),
    safeText().regex(/^\d{10,13}$/, 'Enter an ISO 8601 date-time with a time zone, or a Unix timestamp.'),
  ])
  .transform((v, ctx) => {
    const ms = typeof v === 'string' && !/^\d+$/.test(v) ? Date.parse(v) : Number(v) < 1e12 ? Number(v) * 1000 : Number(v);
    if (!Number.isFinite(ms) || ms < MIN_TIME_MS || ms >= MAX_TIME_MS) {
      ctx.addIssue({ code: 'custom', message: 'Enter a date between 2000 and 2099.' });
      return z.NEVER;
    }
    return new Date(Math.floor(ms));
  });

/** An opaque id of the experiment platform (an experiment key, a variation key): no spaces, no `@`. */
const key = (max: number) =>
  z
    .union([safeText().trim().max(max, tooLong(max)), z.number().int().min(0).max(1_000_000)])
    .transform(String)
    .refine((v) => v === '' || /^[A-Za-z0-9._:/-]+$/.test(v), 'Enter a valid identifier (letters, digits and ._:/-).');

/**
 * Spec §3 "Experiment tracking record", the body of `POST /api/clickhouse/store_data/`:
 * - `experiment_views`: an exposure, `experiment_id` and `variation_id` required, `value` free (usually '').
 * - `web_vitals`: one metric of a page load, `metric` (LCP, INP, CLS, FCP, TTFB) required and `value` its number
 *   (milliseconds; CLS unitless); `experiment_id` and `variation_id` empty (the report joins on `user_id`).
 * `user_id` is the visitor id (cookie `vid`), `ga_id` the analytics client id or ''. Text refuses NUL and half
 * emoji; nothing in it can be personal data: ids and an exposure's `value` are tokens, a vital's `value` a number,
 * and `host` and `url` must be this site's, the address kept as its path and UTM tags only (`onSite`).
 */
export const eventRecordFields = z.strictObject({
  user_id: safeText({ error: required }).refine(isVisitorId, 'Enter a visitor id (22 characters of A-Z, a-z, 0-9, _ and -).'),
  experiment_id: key(EVENT_LIMITS.id).optional().default(''),
  variation_id: key(EVENT_LIMITS.variation).optional().default(''),
  ga_id: safeText()
    .trim()
    .max(EVENT_LIMITS.gaId, tooLong(EVENT_LIMITS.gaId))
    .regex(/^[A-Za-z0-9._:-]*$/, 'Enter a valid identifier.')
    .nullish()
    .transform((v) => v ?? ''),
  value: z
    .union([safeText().max(EVENT_LIMITS.value, tooLong(EVENT_LIMITS.value)), z.number().finite(), z.boolean()])
    .nullish()
    .transform((v) => (v === null || v === undefined ? '' : String(v))),
  host: safeText({ error: required })
    .trim()
    .min(1, required)
    .max(EVENT_LIMITS.host, tooLong(EVENT_LIMITS.host))
    .regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/, 'Enter a valid host name.')
    .transform((v) => v.toLowerCase()),
  url: safeText({ error: required })
    .trim()
    .min(1, required)
    .max(EVENT_LIMITS.url, tooLong(EVENT_LIMITS.url))
    .regex(/^(\/(?!\/)|https?:\/\/)/i, 'Enter a path or an http(s) address on this site.'),
  timestamp,
  table_name: z.enum(EVENT_TABLES, { error: `Select a valid choice. Expected one of: ${EVENT_TABLES.join(', ')}.` }),
  metric: z.enum(VITAL_METRICS, { error: `Select a valid choice. Expected one of: ${VITAL_METRICS.join(', ')}.` }).optional(),
});

/** The body of `POST /api/clickhouse/store_data/` (see eventRecordFields), checked across fields and made a row. */
export const eventRecordSchema = eventRecordFields
  .superRefine((r, ctx) => {
    if (r.table_name === 'experiment_views') {
      if (!EXPOSURE_VALUE.test(r.value))
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'Enter an empty value or a short token (letters, digits and ._:-, at most 64).' });
      if (!r.experiment_id) ctx.addIssue({ code: 'custom', path: ['experiment_id'], message: required });
      if (!r.variation_id) ctx.addIssue({ code: 'custom', path: ['variation_id'], message: required });
      if (r.metric !== undefined) ctx.addIssue({ code: 'custom', path: ['metric'], message: 'Only for table_name web_vitals.' });
    } else {
      if (r.metric === undefined) ctx.addIssue({ code: 'custom', path: ['metric'], message: required });
      const n = r.value === '' ? NaN : Number(r.value);
      if (!Number.isFinite(n) || n < 0 || n > 3_600_000) ctx.addIssue({ code: 'custom', path: ['value'], message: 'Enter the metric value, a number from 0.' });
    }
  })
  .transform((r): EventRecord => {
    const common = { userId: r.user_id, gaId: r.ga_id, host: r.host, url: r.url, timestamp: r.timestamp };
    return r.table_name === 'experiment_views'
      ? { table: 'experiment_views', ...common, experimentId: r.experiment_id, variationId: r.variation_id, value: r.value }
      : { table: 'web_vitals', ...common, metric: r.metric!, value: Number(r.value) };
  });
export type EventRecordInput = z.input<typeof eventRecordSchema>;

/**
 * A checked record placed on this site (`origins`: its origins, e.g. the configured one and the request's): `host`
 * must be one of theirs, and `url` a path or an address on one of them, stored as `sitePath` stores a page
 * (core/tracking/events.ts: the path and the UTM tags, no other query parameter, no origin or fragment).
 * Errors name the field, as the schema's do.
 */
export function onSite(record: EventRecord, origins: readonly string[]): { record: EventRecord } | { errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const hosts = origins.flatMap((o) => {
    try {
      return [new URL(o).host.toLowerCase()];
    } catch {
      return [];
    }
  });
  if (!hosts.includes(record.host)) errors.host = ["Enter this site's host name."];
  const url = sitePath(record.url, origins);
  if (url === undefined) errors.url = ['Enter a path or an http(s) address on this site.'];
  return url === undefined || errors.host ? { errors } : { record: { ...record, url } };
}

/** One row of the store, as both stores (ClickHouse, the database table) write it. */
export type ExposureRow = {
  table: 'experiment_views';
  userId: string;
  gaId: string;
  host: string;
  url: string;
  timestamp: Date;
  experimentId: string;
  variationId: string;
  value: string;
};
export type VitalRow = { table: 'web_vitals'; userId: string; gaId: string; host: string; url: string; timestamp: Date; metric: VitalMetric; value: number };
export type EventRecord = ExposureRow | VitalRow;
