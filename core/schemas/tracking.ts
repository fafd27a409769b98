import { z } from 'zod';

/** Spec §3 "Experiment tracking record", posted to `/api/clickhouse/store_data/`. */
export const experimentRecordSchema = z.strictObject({
  user_id: z.string().trim().min(1, 'This field is required.').max(128, 'Ensure this field has no more than 128 characters.'),
  experiment_id: z.string().trim().min(1, 'This field is required.').max(128, 'Ensure this field has no more than 128 characters.'),
  variation_id: z.union([z.string().trim().min(1).max(64), z.number().int().min(0).max(1000)]).transform(String),
  ga_id: z
    .string()
    .trim()
    .max(128, 'Ensure this field has no more than 128 characters.')
    .nullish()
    .transform((v) => v || null),
  value: z
    .union([z.string().max(1024), z.number(), z.boolean()])
    .nullish()
    .transform((v) => (v === null || v === undefined ? null : String(v))),
  host: z
    .string()
    .trim()
    .min(1, 'This field is required.')
    .max(255)
    .regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/, 'Enter a valid host name.'),
  url: z.string().trim().min(1, 'This field is required.').max(2048, 'Ensure this field has no more than 2048 characters.'),
  timestamp: z.union([z.number().int().positive(), z.string().regex(/^\d{10,13}$/, 'Enter a Unix timestamp.')]).transform((v) => {
    const n = Number(v);
    return new Date(n < 1e12 ? n * 1000 : n);
  }),
  table_name: z
    .string()
    .regex(/^[a-z][a-z0-9_]{0,62}$/, 'Enter a valid table name.')
    .default('experiments'),
});
export type ExperimentRecordInput = z.input<typeof experimentRecordSchema>;
export type ExperimentRecord = z.output<typeof experimentRecordSchema>;
