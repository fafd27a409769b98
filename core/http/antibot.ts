import { md5 } from 'js-md5';
import { constantTimeEqual } from './constant-time.ts';

export { constantTimeEqual } from './constant-time.ts';

/**
 * Anti-bot headers (spec §7, §9): every call carries the client version, a timestamp and
 * token = MD5(salt + url + timestamp). The salt ships with the client, so this is not a secret:
 * it stops naive scripted posting and replays of old requests, not a determined attacker.
 */
export const ANTIBOT_HEADERS = {
  version: 'x-client-version',
  timestamp: 'x-client-timestamp',
  token: 'x-client-token',
} as const;

/** `url` is the request's path and query as sent, e.g. `/api/request/?a=1`. */
export function antibotToken(salt: string, url: string, timestamp: number | string): string {
  return md5(`${salt}${url}${timestamp}`);
}

export function antibotHeaders(salt: string, version: string, url: string, now = Date.now()): Record<string, string> {
  const timestamp = String(Math.floor(now / 1000));
  return {
    [ANTIBOT_HEADERS.version]: version,
    [ANTIBOT_HEADERS.timestamp]: timestamp,
    [ANTIBOT_HEADERS.token]: antibotToken(salt, url, timestamp),
  };
}

export type AntibotCheck = { ok: true } | { ok: false; reason: string };

/** Server side: a fresh timestamp (± maxAgeS) and a correct digest. */
export function verifyAntibot(
  input: { salt: string; url: string; timestamp: string | undefined; token: string | undefined; maxAgeS: number },
  now = Date.now(),
): AntibotCheck {
  const { timestamp, token } = input;
  if (!timestamp || !token) return { ok: false, reason: 'anti-bot headers missing' };
  if (!/^\d{9,11}$/.test(timestamp)) return { ok: false, reason: 'anti-bot timestamp malformed' };
  if (Math.abs(now / 1000 - Number(timestamp)) > input.maxAgeS) return { ok: false, reason: 'anti-bot timestamp expired' };
  const expected = antibotToken(input.salt, input.url, timestamp);
  if (!constantTimeEqual(expected, token.toLowerCase())) return { ok: false, reason: 'anti-bot token invalid' };
  return { ok: true };
}
