import { crmPayload, signBody, type LeadRow } from '../payload.ts';

export type Transport = { send: (lead: LeadRow) => Promise<void>; close?: () => Promise<void> };

/**
 * POSTs the lead as JSON to the CRM webhook. Acknowledged = any 2xx. `Idempotency-Key` is the lead id:
 * a receiver that stores by it turns the outbox's at-least-once sending into exactly-once processing.
 */
export function crmTransport(options: { url: string; secret: string | undefined; timeoutMs: number; fetch?: typeof fetch }): Transport {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  return {
    async send(lead) {
      const body = JSON.stringify(crmPayload(lead));
      const timestamp = String(Math.floor(Date.now() / 1000));
      const response = await doFetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'severnaya-liniya-leads/1',
          'idempotency-key': lead.id,
          'x-lead-id': lead.id,
          'x-lead-timestamp': timestamp,
          ...(options.secret ? { 'x-lead-signature': signBody(options.secret, timestamp, body) } : {}),
        },
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      await response.body?.cancel();
      if (response.status < 200 || response.status >= 300) throw new Error(`CRM webhook answered ${response.status}`);
    },
  };
}
