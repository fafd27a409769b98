import { z } from 'zod';
import { safeText } from './text.ts';

/** Timestamps in seconds or milliseconds up to the end of the year 9999 (a larger number is no date). */
const MAX_TIMESTAMP_MS = 253_402_300_799_999;

/** Spec §3 "Experiment tracking record", posted to `/api/clickhouse/store_data/`. Text refuses NUL and half emoji. */
export const experimentRecordSchema = z.strictObject({
  user_id: safeText().trim().min(1, 'This field is required.').max(128, 'Ensure this field has no more than 128 characters.'),
  experiment_id: safeText().trim().min(1, 'This field is required.').max(128, 'Ensure this field has no more than 128 characters.'),
  variation_id: z.union([safeText().trim().min(1).max(64), z.number().int().min(0).max(1000)]).transform(String),
  ga_id: safeText()
    .trim()
    .max(128, 'Ensure this field has no more than 128 characters.')
    .nullish()
    .transform((v) => v || null),
  value: z
    .union([safeText().max(1024), z.number(), z.boolean()])
    .nullish()
    .transform((v) => (v === null || v === undefined ? null : String(v))),
  host: safeText()
    .trim()
    .min(1, 'This field is required.')
    .max(255)
    .regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/, 'Enter a valid host name.'),
  url: safeText().trim().min(1, 'This field is required.').max(2048, 'Ensure this field has no more than 2048 characters.'),
  timestamp: z
    .union([z.number().int().positive().max(MAX_TIMESTAMP_MS, 'Enter a Unix timestamp.'), safeText().regex(/^\d{10,13}$/, 'Enter a Unix timestamp.')])
    .transform((v) => {
      const n = Number(v);
      return new Date(n < 1e12 ? n * 1000 : n);
    }),
  table_name: safeText()
    .regex(/^[a-z][a-z0-9_]{0,62}$/, 'Enter a valid table name.')
    .default('experiments'),
});
export type ExperimentRecordInput = z.input<typeof experimentRecordSchema>;
export type ExperimentRecord = z.output<typeof experimentRecordSchema>;
