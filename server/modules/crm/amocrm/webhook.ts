import { timingSafeEqual, createHash } from 'node:crypto';
import { stageTargetIn, type StageMapValue, type StageTarget } from '../config.ts';

/**
 * amoCRM's webhook (docs/guides/crm.md "amoCRM"): a form post (`application/x-www-form-urlencoded`) of PHP-style keys,
 * `leads[status][0][id]=…&leads[status][0][status_id]=…&leads[status][0][pipeline_id]=…&account[subdomain]=…`, and
 * the same under `leads[update]` for other changes of a deal. Nothing in it is believed but the deal ids: each deal is
 * read back through the API (its status now, our id in its field) before anything changes here.
 */

/** The most deals one call may name: amoCRM batches a few changes; more is not amoCRM. */
export const WEBHOOK_MAX_DEALS = 50;

export type AmoWebhook = { subdomain: string; dealIds: number[] };
export type AmoWebhookParse = { ok: true; webhook: AmoWebhook } | { ok: false; errors: Record<string, string[]> };

const ENTRY = /^leads\[(status|update|add)\]\[(\d{1,3})\]\[id\]$/;

/** The deal ids a webhook names (status changes and updates, in order, each once) and its account; errors by field. */
export function parseAmoWebhook(form: URLSearchParams): AmoWebhookParse {
  const errors: Record<string, string[]> = {};
  const subdomain = form.get('account[subdomain]');
  if (!subdomain || !/^[a-z0-9][a-z0-9-]{0,62}$/i.test(subdomain)) errors['account[subdomain]'] = ['Expected the amoCRM account subdomain.'];
  const ids: number[] = [];
  for (const [key, value] of form) {
    if (!ENTRY.test(key)) continue;
    if (!/^[1-9]\d{0,11}$/.test(value)) {
      errors[key] = ['Expected a deal id (digits).'];
      continue;
    }
    const id = Number(value);
    if (!ids.includes(id)) ids.push(id);
  }
  if (!ids.length && !Object.keys(errors).some((key) => key.startsWith('leads'))) errors['leads[status][0][id]'] = ['Expected at least one deal id.'];
  if (ids.length > WEBHOOK_MAX_DEALS) errors['leads'] = [`At most ${WEBHOOK_MAX_DEALS} deals a call.`];
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, webhook: { subdomain: subdomain!.toLowerCase(), dealIds: ids } };
}

/**
 * Whether the path's secret is ours, in constant time: both sides hashed first, so neither the comparison's time nor a
 * length check says how much of a guess was right.
 */
export function secretMatches(given: string, secret: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(secret));
}

/** Our stage for an amoCRM status id, by the status map (AMOCRM_STATUSES over its defaults); null when unmapped or `ignore`. */
export function stageOfStatus(statuses: Record<string, StageMapValue>, stageCode: string): StageTarget | null {
  return stageTargetIn(statuses, stageCode);
}
