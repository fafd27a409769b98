import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The CRM's signature of a deal stage webhook (docs/guides/reservations.md "Deal tracker"), the same scheme the site
 * signs its own lead webhook with (docs/api.md): `X-Timestamp` is Unix seconds, and
 * `X-Signature: sha256=<hex>` is HMAC-SHA256 under `DEALS_WEBHOOK_SECRET` of the bytes
 * `X-Timestamp + "." + deal id + "." + raw body` — the deal's id as in the path, the body exactly as sent, before
 * any parsing. The id is signed because the body does not name the deal: a call signed for one deal is refused at
 * another's address. A timestamp more than `DEALS_WEBHOOK_TOLERANCE_S` away from the server's clock is refused (a
 * replayed request), even if signed.
 */
export const DEALS_WEBHOOK_TOLERANCE_S = 5 * 60;
export const SIGNATURE_HEADER = 'x-signature';
export const TIMESTAMP_HEADER = 'x-timestamp';

export function signDealEvent(secret: string, timestamp: string, dealId: string, body: Buffer | string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${dealId}.`).update(body).digest('hex')}`;
}

export type SignatureCheck = { ok: true } | { ok: false; reason: string };

/**
 * Whether a webhook call is the CRM's for deal `dealId`: both headers well formed, the signature right (compared in
 * constant time), and the signed timestamp within the tolerance of `now` (ms).
 */
export function checkDealSignature(
  secret: string,
  headers: { signature: unknown; timestamp: unknown },
  dealId: string,
  body: Buffer,
  now: number,
): SignatureCheck {
  const { signature, timestamp } = headers;
  if (typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp)) return { ok: false, reason: 'X-Timestamp is missing or not Unix seconds.' };
  if (typeof signature !== 'string' || !/^sha256=[0-9a-fA-F]{64}$/.test(signature))
    return { ok: false, reason: 'X-Signature is missing or not "sha256=" and 64 hex digits.' };
  const expected = Buffer.from(signDealEvent(secret, timestamp, dealId, body).slice(7), 'hex');
  const given = Buffer.from(signature.slice(7), 'hex');
  if (!timingSafeEqual(expected, given)) return { ok: false, reason: 'X-Signature does not match this deal and body.' };
  if (Math.abs(now / 1000 - Number(timestamp)) > DEALS_WEBHOOK_TOLERANCE_S)
    return { ok: false, reason: `X-Timestamp is more than ${DEALS_WEBHOOK_TOLERANCE_S / 60} minutes away from the server's clock.` };
  return { ok: true };
}
