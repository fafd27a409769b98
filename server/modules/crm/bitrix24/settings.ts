import type { Config } from '../../../config.ts';
import { stageTargetIn, type StageMapValue, type StageTarget } from '../config.ts';
import { fieldMap, type FactKey } from '../fields.ts';

/**
 * The facts every Bitrix24 lead and deal carries in its own fields by default: the visit's UTM tags, in the fields
 * Bitrix24 itself has for them (its "UTM" block). Everything else is in the comment unless BITRIX24_FIELDS maps it.
 */
export const BITRIX24_DEFAULT_FIELDS: Partial<Record<FactKey, string>> = {
  'attribution.utmSource': 'UTM_SOURCE',
  'attribution.utmMedium': 'UTM_MEDIUM',
  'attribution.utmCampaign': 'UTM_CAMPAIGN',
  'attribution.utmContent': 'UTM_CONTENT',
  'attribution.utmTerm': 'UTM_TERM',
};

/**
 * A deal's stage in Bitrix24's default pipeline → ours (docs/guides/crm.md "Stage map"). A pipeline other than the
 * default names its stages `C<id>:<code>`: in the adapter's own pipeline (BITRIX24_DEAL_CATEGORY_ID) the code alone is
 * looked up when the full id is not in the map. BITRIX24_STAGES may say `ignore` (or null) to switch a default off.
 */
export const BITRIX24_DEFAULT_STAGES: Record<string, StageMapValue> = {
  NEW: 'reserved',
  PREPARATION: 'contract_prepared',
  PREPAYMENT_INVOICE: 'contract_prepared',
  EXECUTING: 'contract_signed',
  FINAL_INVOICE: 'registered',
  WON: 'keys',
  LOSE: 'release',
  APOLOGY: 'release',
};

export type Bitrix24Settings = {
  webhookUrl: string;
  /** The outgoing webhook's application token; null: the endpoint is not offered. */
  outgoingToken: string | null;
  mode: 'lead' | 'deal';
  idField: string;
  categoryId: number;
  fields: Partial<Record<FactKey, string>>;
  stages: Record<string, StageMapValue>;
  timeoutMs: number;
};

type Bitrix24Env = Pick<
  Config,
  | 'BITRIX24_WEBHOOK_URL'
  | 'BITRIX24_OUTGOING_TOKEN'
  | 'BITRIX24_MODE'
  | 'BITRIX24_ID_FIELD'
  | 'BITRIX24_DEAL_CATEGORY_ID'
  | 'BITRIX24_FIELDS'
  | 'BITRIX24_STAGES'
  | 'CRM_TIMEOUT_MS'
>;

/** The Bitrix24 adapter's settings, or null when it is off (no BITRIX24_WEBHOOK_URL). */
export function bitrix24Settings(config: Bitrix24Env): Bitrix24Settings | null {
  if (!config.BITRIX24_WEBHOOK_URL) return null;
  return {
    webhookUrl: config.BITRIX24_WEBHOOK_URL,
    outgoingToken: config.BITRIX24_OUTGOING_TOKEN ?? null,
    mode: config.BITRIX24_MODE,
    idField: config.BITRIX24_ID_FIELD,
    categoryId: config.BITRIX24_DEAL_CATEGORY_ID,
    fields: fieldMap(BITRIX24_DEFAULT_FIELDS, config.BITRIX24_FIELDS),
    stages: { ...BITRIX24_DEFAULT_STAGES, ...config.BITRIX24_STAGES },
    timeoutMs: config.CRM_TIMEOUT_MS,
  };
}

/** Our stage (or release) for a deal's STAGE_ID: the full id first, then its code without the pipeline's `C<id>:`; null for `ignore`. */
export function stageTargetOf(stages: Record<string, StageMapValue>, stageId: string): StageTarget | null {
  if (Object.hasOwn(stages, stageId)) return stageTargetIn(stages, stageId);
  return stageTargetIn(stages, stageId.replace(/^C\d+:/, ''));
}

/** The pipeline (deal category) a STAGE_ID belongs to: `C<id>:<code>`, or a bare code in the default pipeline 0. */
export const categoryOfStage = (stageId: string): number => Number(/^C(\d+):/.exec(stageId)?.[1] ?? 0);

/**
 * Whether a deal is the adapter's to follow: in its pipeline (its CATEGORY_ID, else its STAGE_ID's `C<id>:`, is
 * BITRIX24_DEAL_CATEGORY_ID), or at a stage the map names by its full `C<id>:<code>`. Another pipeline's deal at LOSE is some
 * other team's business, never a release of ours.
 */
export function dealInScope(settings: Pick<Bitrix24Settings, 'categoryId' | 'stages'>, deal: { categoryId: number | null; stageId: string }): boolean {
  if (categoryOfStage(deal.stageId) !== 0 && Object.hasOwn(settings.stages, deal.stageId)) return true;
  return (deal.categoryId ?? categoryOfStage(deal.stageId)) === settings.categoryId;
}
