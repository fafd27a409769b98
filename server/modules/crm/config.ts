import { z } from 'zod';
import { envMeta, httpUrl, secret } from '../../lib/env.ts';
import { CRM_CHANNELS, type CrmChannel } from './adapter.ts';
import { FACT_KEYS, type FactKey } from './fields.ts';

/** The deal tracker's stages and the release of a reservation, as a CRM's stage map names them. */
export const STAGE_TARGETS = ['reserved', 'contract_prepared', 'contract_signed', 'registered', 'keys', 'release'] as const;
export type StageTarget = (typeof STAGE_TARGETS)[number];
/**
 * A stage map's value: one of ours, or `ignore` (JSON null says the same) — a stage that moves nothing here, which
 * is how a default (Bitrix24's LOSE → release, amoCRM's 143 → release) is switched off.
 */
export type StageMapValue = StageTarget | 'ignore';
export const stageMapValue = z.union([z.enum([...STAGE_TARGETS, 'ignore']), z.null().transform(() => 'ignore' as const)]);
/** The target a map gives `key`; null when it gives none or says `ignore`. */
export function stageTargetIn(map: Record<string, StageMapValue>, key: string): StageTarget | null {
  const value = Object.hasOwn(map, key) ? map[key]! : null;
  return value === null || value === 'ignore' ? null : value;
}

/** A JSON object in one environment variable, checked by `shape`; the message names the variable's key that is wrong. */
export function jsonSetting<T extends z.ZodType>(shape: T) {
  return z
    .string()
    .transform((text, ctx): z.output<T> => {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
        return z.NEVER;
      }
      const parsed = shape.safeParse(value);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: `${issue.path.join('.') || '(object)'}: ${issue.message}` });
      return z.NEVER;
    })
    .optional();
}

/** A CRM's field code as Bitrix24 names its fields (`TITLE`, `UTM_SOURCE`, `UF_CRM_1700000000`); empty removes a default. */
const bitrixField = z.string().regex(/^([A-Z][A-Z0-9_]{0,63})?$/, 'must be a Bitrix24 field code such as UF_CRM_1700000000, or empty');

/** Which of our facts go to which Bitrix24 field (fields.ts names the facts). */
const bitrixFieldMap = z.partialRecord(z.enum(FACT_KEYS), bitrixField);

/** A Bitrix24 deal stage (`STAGE_ID`, e.g. `C1:PREPARATION`) → one of our stages, `release`, or `ignore` (null). */
const bitrixStageMap = z.record(z.string().regex(/^[A-Z0-9_:]{1,64}$/, 'must be a Bitrix24 STAGE_ID such as C1:PREPARATION'), stageMapValue);

/** What every CRM adapter shares (server/modules/crm/, ADR 040). */
export const crmConfigSchema = z
  .object({
    CRM_PROBE_MS: z.coerce
      .number()
      .int()
      .min(1_000)
      .max(86_400_000)
      .default(600_000)
      .describe('How often (ms) an adapter stopped by its CRM refusing our credentials tries one delivery again (its leads stay queued meanwhile).'),
  })
  .meta({ title: 'CRM adapters' })
  .describe(
    "Bitrix24 and amoCRM adapters beside the generic webhook and e-mail (docs/guides/crm.md, docs/decisions/040-crm-adapters.md): each configured adapter receives every lead and a paid reservation's events on its own outbox loop.",
  );

/** The Bitrix24 adapter (server/modules/crm/bitrix24/): off without BITRIX24_WEBHOOK_URL. */
export const bitrix24ConfigSchema = z
  .object({
    BITRIX24_WEBHOOK_URL: httpUrl()
      .regex(/\/rest\/\d+\/[A-Za-z0-9_]+\/?$/, 'must be the inbound webhook base https://<portal>/rest/<user>/<code>/')
      .optional()
      .meta(envMeta({ example: 'https://example.bitrix24.ru/rest/1/0123456789abcdef/' }))
      .describe(
        "The portal's inbound webhook (Developer resources → Other → Inbound webhook, scope crm): https://<portal>/rest/<user>/<code>/. Unset: the Bitrix24 adapter is off. The code is a password: it is never logged, and a production server refuses an http address (http is for the tests' stand-ins).",
      ),
    BITRIX24_OUTGOING_TOKEN: secret(16)
      .optional()
      .meta(envMeta({ secret: true }))
      .describe(
        "The application token of the portal's outgoing webhook (event ONCRMDEALUPDATE to https://<site>/api/crm/bitrix24/events/): calls without it are refused. Unset: the endpoint is not offered.",
      ),
    BITRIX24_MODE: z
      .enum(['lead', 'deal'])
      .default('lead')
      .describe('lead: each lead is a Bitrix24 lead (crm.lead.add); deal: a deal (crm.deal.add) with its contact found by phone or e-mail, or made.'),
    BITRIX24_ID_FIELD: z
      .string()
      .regex(/^(ORIGIN_ID|UF_CRM_[A-Z0-9_]{1,50})$/, 'must be ORIGIN_ID or a custom field UF_CRM_…')
      .default('ORIGIN_ID')
      .describe("The lead's and deal's field that carries our lead or reservation id: a retry looks it up there before adding, so nothing is added twice."),
    BITRIX24_DEAL_CATEGORY_ID: z.coerce.number().int().min(0).max(1_000_000).default(0).describe('The deal pipeline (CATEGORY_ID) deals are added to.'),
    BITRIX24_FIELDS: jsonSetting(bitrixFieldMap)
      .meta(envMeta({ defaultText: 'the UTM tags to UTM_SOURCE…UTM_TERM', example: '{"lot.number":"UF_CRM_LOT","lot.priceRub":"UF_CRM_PRICE"}' }))
      .describe(
        'Which facts go to which Bitrix24 fields, as JSON {fact: field code}, over the defaults (docs/guides/crm.md lists the facts); an empty code drops a default. Every fact is also in the comment.',
      ),
    BITRIX24_STAGES: jsonSetting(bitrixStageMap)
      .meta(
        envMeta({
          defaultText:
            'the default pipeline: NEW reserved, PREPARATION contract_prepared, EXECUTING contract_signed, FINAL_INVOICE registered, WON keys, LOSE and APOLOGY release',
          example: '{"C1:NEW":"reserved","C1:UC_CONTRACT":"contract_signed","C1:LOSE":"release"}',
        }),
      )
      .describe(
        "A deal's STAGE_ID to our deal stage (reserved, contract_prepared, contract_signed, registered, keys), release (the reservation is cancelled) or ignore (null says the same: switches a default off), as JSON, over the defaults. Only deals of BITRIX24_DEAL_CATEGORY_ID's pipeline are followed (and stages another pipeline's map names in full, C<id>:<code>).",
      ),
  })
  .meta({ title: 'Bitrix24' })
  .describe('The Bitrix24 adapter (server/modules/crm/bitrix24/, docs/guides/crm.md): leads and deals to the portal, deal stages back.');

export type CrmConfig = z.infer<typeof crmConfigSchema> & z.infer<typeof bitrix24ConfigSchema>;

/** The variables that turn the adapters on: a Config, or what a command read of the environment. */
export type CrmChannelSettings = { BITRIX24_WEBHOOK_URL?: string | undefined; AMOCRM_BASE_URL?: string | undefined; AMOCRM_TOKEN?: string | undefined };

/** The CRM adapters this configuration turns on: each one configured, none by default. */
export function crmChannelsOf(config: CrmChannelSettings): CrmChannel[] {
  return CRM_CHANNELS.filter((channel) =>
    channel === 'bitrix24' ? Boolean(config.BITRIX24_WEBHOOK_URL) : Boolean(config.AMOCRM_BASE_URL && config.AMOCRM_TOKEN),
  );
}

export type { FactKey };
