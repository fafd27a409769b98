import { GrowthBookClient, type FeatureApiResponse } from '@growthbook/growthbook';
import { HASH_ATTRIBUTE, type FeaturesPayload } from '#core/flags/features.ts';
import type { FeatureValues } from '#core/flags/keys.ts';

/** The SDK's multi-user client, one per payload (a payload object is replaced, not changed, when flags change). */
const clients = new WeakMap<FeaturesPayload, GrowthBookClient>();

/**
 * These features' values for a visitor, as the official SDK evaluates them (ADR 015): the same hashing as the
 * browser's SDK. No visitor id (a crawler, a visitor not measured): evaluated without attributes, so every
 * experiment gives its default. The server evaluates without tracking: exposures are the browser's to report.
 */
export function evaluateFeatures(payload: FeaturesPayload, visitorId: string | null, keys: readonly string[]): FeatureValues {
  let client = clients.get(payload);
  if (!client) {
    client = new GrowthBookClient().initSync({ payload: payload as FeatureApiResponse });
    clients.set(payload, client);
  }
  const user = { attributes: visitorId ? { [HASH_ATTRIBUTE]: visitorId } : {} };
  const values: FeatureValues = {};
  for (const key of keys) values[key] = (client.evalFeature(key, user).value ?? null) as FeatureValues[string];
  return values;
}
