import { z } from 'zod';
import { unsafeTextMessage } from '#core/schemas/text.ts';
import { findUnsafeCharacter } from '#core/validation/characters.ts';

/**
 * Feature flags and experiments in the GrowthBook SDK's payload shape (REFERENCE "Feature flags and
 * experiments"): each feature has a default value and rules; an experiment is a rule with `variations`, so the
 * payload the SDK reads is exactly what the database keeps (`feature_flags`). Shared by the server (the payload,
 * the `flags:set` command) and the browser (the evaluated values and the tracking callback).
 */

export { HOME_STORIES, HOME_HERO_CTA, HERO_CTA_VARIANTS, type HeroCtaVariant, isHeroCtaVariant, HASH_ATTRIBUTE } from './keys.ts';

export const FEATURE_KEY = /^[a-z0-9][a-z0-9_.-]{0,63}$/;
export const featureKeySchema = z
  .string()
  .regex(FEATURE_KEY, 'Enter a feature key: lower-case letters, digits, "-", "_" or ".", at most 64 characters, starting with a letter or digit.');

/**
 * Any JSON value (a feature's value, a variation, a condition's operand). Not recursive: what it holds inside an
 * array or object is JSON by construction (it came as JSON), and a recursive schema cannot be written into the
 * OpenAPI document's components.
 */
const json = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.unknown()), z.record(z.string(), z.unknown())]);

const unit = z.number().min(0).max(1);
const range = z.tuple([unit, unit]);

/**
 * One rule of a feature (GrowthBook's `FeatureRule`): a forced value (`force`, optionally to a percentage of
 * visitors with `coverage`/`range`) or an experiment (`variations`, `weights`, `coverage`, `hashAttribute`…).
 * The fields the SDK knows are checked; any other field is kept as written (a newer SDK's field passes through).
 */
export const featureRuleSchema = z
  .looseObject({
    id: z.string().max(128).optional(),
    condition: z.record(z.string(), json).optional(),
    force: json.optional(),
    variations: z.array(json).min(1).max(20).optional(),
    weights: z.array(unit).optional(),
    key: z.string().min(1).max(128).optional(),
    hashAttribute: z.string().min(1).max(64).optional(),
    fallbackAttribute: z.string().min(1).max(64).optional(),
    hashVersion: z.union([z.literal(1), z.literal(2)]).optional(),
    seed: z.string().max(128).optional(),
    coverage: unit.optional(),
    range: range.optional(),
    ranges: z.array(range).optional(),
    namespace: z.tuple([z.string(), unit, unit]).optional(),
    meta: z.array(z.looseObject({ key: z.string().max(64).optional(), name: z.string().max(128).optional(), passthrough: z.boolean().optional() })).optional(),
    filters: z
      .array(z.looseObject({ seed: z.string(), ranges: z.array(range), hashVersion: z.number().optional(), attribute: z.string().optional() }))
      .optional(),
    name: z.string().max(256).optional(),
    phase: z.string().max(64).optional(),
  })
  .superRefine((rule, ctx) => {
    const forced = rule.force !== undefined;
    const experiment = rule.variations !== undefined;
    if (forced === experiment) ctx.addIssue({ code: 'custom', message: 'A rule has either "force" (a value) or "variations" (an experiment).' });
    if (rule.weights && rule.variations && rule.weights.length !== rule.variations.length)
      ctx.addIssue({ code: 'custom', path: ['weights'], message: 'Give one weight per variation.' });
    if (rule.weights && Math.abs(rule.weights.reduce((a, b) => a + b, 0) - 1) > 0.001)
      ctx.addIssue({ code: 'custom', path: ['weights'], message: 'The weights must add up to 1.' });
    if (rule.meta && rule.variations && rule.meta.length !== rule.variations.length)
      ctx.addIssue({ code: 'custom', path: ['meta'], message: 'Give one meta entry per variation.' });
  });
export type FeatureRule = z.infer<typeof featureRuleSchema>;

/** At most this many unsafe strings are named in one answer. */
const MAX_TEXT_ISSUES = 10;

/**
 * Every string and every key anywhere in `value` (nested objects and arrays, a condition's keys) checked for NUL
 * and lone surrogates, which neither `jsonb` nor UTF-8 can hold: each one found is an issue at its path (a
 * key's at the object holding it). A loop with its own stack, not recursion: a body of 64 KiB can nest deeper
 * than the call stack goes.
 */
export function unsafeJsonIssues(value: unknown): { path: (string | number)[]; message: string }[] {
  const issues: { path: (string | number)[]; message: string }[] = [];
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length && issues.length < MAX_TEXT_ISSUES) {
    const { value: item, path } = stack.pop()!;
    if (typeof item === 'string') {
      const found = findUnsafeCharacter(item);
      if (found) issues.push({ path, message: unsafeTextMessage(found) });
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push({ value: item[i], path: [...path, i] });
    } else if (typeof item === 'object' && item !== null) {
      const entries = Object.entries(item);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        const found = findUnsafeCharacter(key);
        // The key itself cannot be named (it holds the character): the object that has it is.
        if (found) issues.push({ path, message: `A key: ${unsafeTextMessage(found)}` });
        else stack.push({ value: child, path: [...path, key] });
      }
    }
  }
  return issues;
}

/** A feature as the payload carries it; no string or key in it holds NUL or a lone surrogate. */
export const featureDefinitionSchema = z
  .strictObject({
    defaultValue: json,
    rules: z.array(featureRuleSchema).max(50).default([]),
  })
  .check((payload) => {
    for (const issue of unsafeJsonIssues(payload.value)) payload.issues.push({ code: 'custom', input: payload.value, ...issue });
  });
export type FeatureDefinition = z.infer<typeof featureDefinitionSchema>;

/** `GET /api/features/{clientKey}`: the GrowthBook SDK payload. */
export const featuresPayloadSchema = z.object({
  status: z.literal(200),
  features: z.record(z.string(), z.object({ defaultValue: json, rules: z.array(featureRuleSchema) })),
  dateUpdated: z.string(),
});
export type FeaturesPayload = { status: 200; features: Record<string, FeatureDefinition>; dateUpdated: string };

/**
 * What the page gets from its root loader: the payload the server evaluated with. Not whom for: the visitor id
 * stays out of the HTML (ADR 022); the browser reads it from cookie `vid`, the cookie the server hashed.
 */
export type FeatureBootstrap = {
  clientKey: string;
  payload: FeaturesPayload;
};

/**
 * One exposure as `/api/clickhouse/store_data/` takes it (spec §3): the visitor, the experiment and its
 * variation, the analytics client id, the page, when.
 */
export type ExperimentView = {
  user_id: string;
  experiment_id: string;
  variation_id: string;
  ga_id: string;
  value: string;
  host: string;
  url: string;
  timestamp: string;
  table_name: 'experiment_views';
};
