import type { CrmLeadFacts } from './adapter.ts';

/**
 * The facts of a lead a CRM field can carry, by the names the field mappings use (`BITRIX24_FIELDS`, amoCRM's
 * mapping; docs/guides/crm.md lists them): the path of the fact in `CrmLeadFacts`.
 */
export const FACT_KEYS = [
  'leadId',
  'kind',
  'kindText',
  'topic',
  'title',
  'locale',
  'managerLanguage',
  'name',
  'phone',
  'email',
  'consentAt',
  'newsletter',
  'comment',
  'pageUrl',
  'lot.id',
  'lot.number',
  'lot.type',
  'lot.typeText',
  'lot.project',
  'lot.building',
  'lot.floor',
  'lot.areaM2',
  'lot.priceRub',
  'lot.url',
  'programme.name',
  'programme.monthlyPaymentRub',
  'programme.downPaymentRub',
  'programme.termMonths',
  'meeting.at',
  'meeting.office',
  'reservation.id',
  'reservation.depositRub',
  'reservation.endsAt',
  'attribution.utmSource',
  'attribution.utmMedium',
  'attribution.utmCampaign',
  'attribution.utmContent',
  'attribution.utmTerm',
  'attribution.referrer',
  'attribution.landingPage',
  'attribution.yandexClientId',
  'attribution.googleClientId',
] as const;
export type FactKey = (typeof FACT_KEYS)[number];

export type FactValue = string | number | boolean | null;

/** One fact of a lead by its key: dates as ISO 8601, absent facts null. */
export function factValue(facts: CrmLeadFacts, key: FactKey): FactValue {
  const [head, tail] = key.split('.') as [string, string | undefined];
  const source: unknown = tail === undefined ? facts : (facts as unknown as Record<string, unknown>)[head];
  if (source === null || source === undefined) return null;
  const value = (source as Record<string, unknown>)[tail ?? head];
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return null;
}

/**
 * A field mapping with its defaults: `over` replaces or adds entries, an empty target drops one. The values are the
 * CRM's field names or ids, as the adapter writes them.
 */
export function fieldMap<T extends string | number>(defaults: Partial<Record<FactKey, T>>, over: Partial<Record<FactKey, T | ''>> | undefined) {
  const merged: Partial<Record<FactKey, T>> = { ...defaults };
  for (const [key, target] of Object.entries(over ?? {}) as [FactKey, T | ''][]) {
    if (target === '') delete merged[key];
    else merged[key] = target;
  }
  return merged;
}

/** The mapped facts that have a value: `[target, value]` pairs in the mapping's order. */
export function mappedValues<T extends string | number>(facts: CrmLeadFacts, map: Partial<Record<FactKey, T>>): [T, Exclude<FactValue, null>][] {
  const out: [T, Exclude<FactValue, null>][] = [];
  for (const [key, target] of Object.entries(map) as [FactKey, T][]) {
    const value = factValue(facts, key);
    if (value !== null && value !== '') out.push([target, value]);
  }
  return out;
}
