import { crmPayload, signBody, type LeadRow } from '../payload.ts';

export type Transport = { send: (lead: LeadRow) => Promise<void>; close?: () => Promise<void> };

/** Where and how the CRM webhook is reached: the same for leads and for reservations' events. */
export type CrmWebhook = { url: string; secret: string | undefined; timeoutMs: number; fetch?: typeof fetch };

/**
 * POSTs `payload` as JSON to the CRM webhook, signed (`X-Lead-Signature` over `timestamp.body`) when a secret is set.
 * Acknowledged = any 2xx; anything else throws, and the outbox sends again. `Idempotency-Key` is the message's own id:
 * a receiver that stores by it turns the outbox's at-least-once sending into exactly-once processing.
 */
export async function postToCrm(
  webhook: CrmWebhook,
  payload: unknown,
  headers: { userAgent: string; idempotencyKey: string; extra: Record<string, string> },
): Promise<void> {
  const doFetch = webhook.fetch ?? globalThis.fetch.bind(globalThis);
  const body = JSON.stringify(payload);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const response = await doFetch(webhook.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': headers.userAgent,
      'idempotency-key': headers.idempotencyKey,
      ...headers.extra,
      'x-lead-timestamp': timestamp,
      ...(webhook.secret ? { 'x-lead-signature': signBody(webhook.secret, timestamp, body) } : {}),
    },
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(webhook.timeoutMs),
  });
  await response.body?.cancel();
  if (response.status < 200 || response.status >= 300) throw new Error(`CRM webhook answered ${response.status}`);
}

/** POSTs each lead to the CRM webhook; `Idempotency-Key` is the lead id. */
export function crmTransport(options: CrmWebhook): Transport {
  return {
    send: (lead) => postToCrm(options, crmPayload(lead), { userAgent: 'severnaya-liniya-leads/1', idempotencyKey: lead.id, extra: { 'x-lead-id': lead.id } }),
  };
}
