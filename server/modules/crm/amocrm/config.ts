import { z } from 'zod';
import { envMeta, httpUrl, secret } from '../../../lib/env.ts';
import { jsonSetting, stageMapValue, type StageMapValue } from '../config.ts';
import { FACT_KEYS, fieldMap, type FactKey } from '../fields.ts';

/** An amoCRM custom field: by its id (a number), or by its code (`UTM_SOURCE`, the statistics tab's tracking fields). */
const amoField = z.union([
  z.number().int().positive().max(2_147_483_647),
  z.string().regex(/^([A-Z_][A-Z0-9_]{0,63})?$/, 'must be a field id (a number), a field code such as UTM_SOURCE, or empty'),
]);
export type AmoFieldTarget = number | string;

/** An amoCRM status id (a string key of JSON) → one of our stages, or release. */
const amoStatusMap = z.record(z.string().regex(/^\d{1,10}$/, 'must be an amoCRM status id (digits)'), stageMapValue);

const fieldId = () => z.coerce.number().int().positive().max(2_147_483_647);

/**
 * The amoCRM adapter (server/modules/crm/amocrm/, docs/guides/crm.md "amoCRM"): off without AMOCRM_BASE_URL and
 * AMOCRM_TOKEN; the webhook back from amoCRM off without AMOCRM_WEBHOOK_SECRET.
 */
export const amocrmConfigSchema = z
  .object({
    AMOCRM_BASE_URL: httpUrl()
      .optional()
      .meta(envMeta({ example: 'https://example.amocrm.ru' }))
      .describe("The account's address, https://<account>.amocrm.ru. Unset (or AMOCRM_TOKEN unset): the amoCRM adapter is off."),
    AMOCRM_TOKEN: secret(20)
      .optional()
      .meta(envMeta({ secret: true }))
      .describe(
        "A long-lived token of a private integration (amoCRM: Settings → Integrations → Create integration → Keys and access → long-lived token), sent as Authorization: Bearer. Never logged. When amoCRM refuses it (401) the adapter pauses and the back office's CRM view says so; leads stay queued.",
      ),
    AMOCRM_ID_FIELD_ID: fieldId()
      .optional()
      .meta(envMeta({ example: '1234567' }))
      .describe(
        "The id of a text field of the account's deals that carries our lead id (Settings of the deals' fields → a text field «ID на сайте»): a retry finds the deal by it (GET /api/v4/leads?query=…) instead of adding a second one. Required when the adapter is on.",
      ),
    AMOCRM_RESERVATION_FIELD_ID: fieldId()
      .optional()
      .meta(envMeta({ defaultText: 'AMOCRM_ID_FIELD_ID' }))
      .describe("The deals' text field that carries a paid reservation's id (its deal is found by it, as a lead's by AMOCRM_ID_FIELD_ID)."),
    AMOCRM_PIPELINE_ID: fieldId().optional().describe("The pipeline new deals go to (unset: the account's main pipeline)."),
    AMOCRM_STATUS_ID: fieldId()
      .optional()
      .describe(
        "The status (stage) new deals from leads start at (unset: the pipeline's first stage). A paid reservation's deal starts at the status AMOCRM_STATUSES maps to reserved, else this.",
      ),
    AMOCRM_FIELDS: jsonSetting(z.partialRecord(z.enum(FACT_KEYS), amoField))
      .meta(
        envMeta({
          defaultText: "the UTM tags, referrer and counters' ids to the tracking fields UTM_SOURCE…UTM_TERM, REFERRER, _YM_UID, GCLIENTID",
          example: '{"lot.number":1234568,"lot.project":1234569,"programme.monthlyPaymentRub":1234570}',
        }),
      )
      .describe(
        "Which facts go to which of the deal's fields, as JSON {fact: field id or code}, over the defaults (docs/guides/crm.md lists the facts); an empty value drops a default. The lot's price (the one the site offers it at; not a let lot's rent) is the deal's budget; every fact is also in the deal's note.",
      ),
    AMOCRM_STATUSES: jsonSetting(amoStatusMap)
      .meta(
        envMeta({
          defaultText: '142 (won) contract_signed, 143 (lost) release',
          example: '{"55501":"reserved","55502":"contract_prepared","142":"keys","143":"release"}',
        }),
      )
      .describe(
        "A deal's status id to our deal stage (reserved, contract_prepared, contract_signed, registered, keys), release (the reservation is cancelled) or ignore (null says the same: switches a default off), as JSON, over the defaults. A status not in the map changes nothing; with AMOCRM_PIPELINE_ID set, won and lost (142, 143: the same ids in every pipeline) count only for deals of that pipeline.",
      ),
    AMOCRM_WEBHOOK_SECRET: secret(24)
      .optional()
      .meta(envMeta({ secret: true }))
      .describe(
        "The secret path segment of amoCRM's webhook (Settings → Integrations → Webhooks: https://<site>/api/crm/amocrm/events/<secret>/, event «status changed» of deals). Unset: the endpoint is not offered.",
      ),
    AMOCRM_SUBDOMAIN: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'must be the account subdomain, as in <subdomain>.amocrm.ru')
      .optional()
      .meta(envMeta({ defaultText: "AMOCRM_BASE_URL's first label" }))
      .describe('The account a webhook must name (account[subdomain]); calls naming another are refused.'),
  })
  .meta({ title: 'amoCRM' })
  .describe('The amoCRM adapter (server/modules/crm/amocrm/, docs/guides/crm.md): leads and paid reservations to deals, deal statuses back.');

export type AmocrmConfig = z.infer<typeof amocrmConfigSchema>;

/** The tracking fields every amoCRM account has in its deals' statistics tab, for the facts that fit them. */
export const AMOCRM_DEFAULT_FIELDS: Partial<Record<FactKey, AmoFieldTarget>> = {
  'attribution.utmSource': 'UTM_SOURCE',
  'attribution.utmMedium': 'UTM_MEDIUM',
  'attribution.utmCampaign': 'UTM_CAMPAIGN',
  'attribution.utmContent': 'UTM_CONTENT',
  'attribution.utmTerm': 'UTM_TERM',
  'attribution.referrer': 'REFERRER',
  'attribution.yandexClientId': '_YM_UID',
  'attribution.googleClientId': 'GCLIENTID',
};

/** amoCRM's closed statuses, the same ids in every pipeline. */
export const AMO_WON = 142;
export const AMO_LOST = 143;
export const AMOCRM_DEFAULT_STATUSES: Record<string, StageMapValue> = { [AMO_WON]: 'contract_signed', [AMO_LOST]: 'release' };

/** The account's subdomain: AMOCRM_SUBDOMAIN, else the first label of an amoCRM (or Kommo) host; null when neither. */
export function amoSubdomain(config: Pick<AmocrmConfig, 'AMOCRM_BASE_URL' | 'AMOCRM_SUBDOMAIN'>): string | null {
  if (config.AMOCRM_SUBDOMAIN) return config.AMOCRM_SUBDOMAIN;
  if (!config.AMOCRM_BASE_URL) return null;
  const match = /^([a-z0-9][a-z0-9-]*)\.(amocrm\.(ru|com)|kommo\.com)$/.exec(new URL(config.AMOCRM_BASE_URL).hostname);
  return match?.[1] ?? null;
}

/** What keeps the amoCRM settings from making sense together (server/config.ts lists them with the others). */
export function amocrmProblems(config: AmocrmConfig): string[] {
  const problems: string[] = [];
  // A token or a webhook secret alone turns nothing on (crmChannelsOf wants both address and token): not a problem.
  if (config.AMOCRM_BASE_URL && !config.AMOCRM_TOKEN)
    problems.push('AMOCRM_TOKEN: must be set with AMOCRM_BASE_URL (or unset both to turn the amoCRM adapter off)');
  if (config.AMOCRM_BASE_URL && config.AMOCRM_TOKEN && !config.AMOCRM_ID_FIELD_ID)
    problems.push("AMOCRM_ID_FIELD_ID: must name the deals' text field that carries our lead id (a retry finds the deal by it) when the amoCRM adapter is on");
  if (config.AMOCRM_BASE_URL && config.AMOCRM_WEBHOOK_SECRET && !amoSubdomain(config))
    problems.push('AMOCRM_SUBDOMAIN: must be set (AMOCRM_BASE_URL is not an amoCRM address) when AMOCRM_WEBHOOK_SECRET is');
  return problems;
}

/** The adapter's settings, read once from the configuration: null when the adapter is off. */
export type AmoSettings = {
  baseUrl: string;
  token: string;
  timeoutMs: number;
  idFieldId: number;
  reservationFieldId: number;
  pipelineId: number | null;
  statusId: number | null;
  /** Where a paid reservation's deal starts: the first status the map sends to `reserved`. */
  reservedStatusId: number | null;
  fields: Partial<Record<FactKey, AmoFieldTarget>>;
  statuses: Record<string, StageMapValue>;
  webhookSecret: string | null;
  subdomain: string | null;
};

export function amoSettings(config: AmocrmConfig & { CRM_TIMEOUT_MS: number }): AmoSettings | null {
  if (!config.AMOCRM_BASE_URL || !config.AMOCRM_TOKEN || !config.AMOCRM_ID_FIELD_ID) return null;
  const statuses = { ...AMOCRM_DEFAULT_STATUSES, ...config.AMOCRM_STATUSES };
  const reserved = Object.entries(statuses).find(([id, stage]) => stage === 'reserved' && Number(id) !== AMO_WON && Number(id) !== AMO_LOST)?.[0];
  return {
    baseUrl: config.AMOCRM_BASE_URL,
    token: config.AMOCRM_TOKEN,
    timeoutMs: config.CRM_TIMEOUT_MS,
    idFieldId: config.AMOCRM_ID_FIELD_ID,
    reservationFieldId: config.AMOCRM_RESERVATION_FIELD_ID ?? config.AMOCRM_ID_FIELD_ID,
    pipelineId: config.AMOCRM_PIPELINE_ID ?? null,
    statusId: config.AMOCRM_STATUS_ID ?? null,
    reservedStatusId: reserved ? Number(reserved) : null,
    fields: fieldMap<AmoFieldTarget>(AMOCRM_DEFAULT_FIELDS, config.AMOCRM_FIELDS),
    statuses,
    webhookSecret: config.AMOCRM_WEBHOOK_SECRET ?? null,
    subdomain: amoSubdomain(config),
  };
}
