import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { memoryOnceStore, type OnceStore } from '../../redis.ts';

/**
 * A self-hosted proof-of-work challenge in ALTCHA's format (no third party): the client searches the
 * number n ≤ maxnumber with SHA-256(salt + n) = challenge; the server signed the challenge with HMAC,
 * so it keeps no state until a solution comes back, then remembers it until expiry to refuse replays: in Redis when
 * instances share one (`replays()`, ADR 024), so a solution spent on one instance is refused by every other.
 */
export type Challenge = { algorithm: 'SHA-256'; challenge: string; maxnumber: number; salt: string; signature: string };

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function createCaptcha(options: { secret: () => string; complexity: () => number; ttlMs?: number; replays?: () => OnceStore | undefined }) {
  const ttlMs = options.ttlMs ?? 20 * 60_000;
  const local = memoryOnceStore();
  const replays = () => options.replays?.() ?? local;
  const hmac = (text: string) => createHmac('sha256', options.secret()).update(text).digest('hex');

  return {
    create(now = Date.now()): Challenge {
      const maxnumber = options.complexity();
      const expires = Math.floor((now + ttlMs) / 1000);
      const salt = `${randomBytes(12).toString('hex')}?expires=${expires}`;
      const challenge = sha256(salt + randomInt(0, maxnumber + 1));
      return { algorithm: 'SHA-256', challenge, maxnumber, salt, signature: hmac(challenge) };
    },

    /** `payload` is base64 JSON `{algorithm, challenge, number, salt, signature}` as the ALTCHA widget sends it. */
    async verify(payload: string | null | undefined, now = Date.now()): Promise<boolean> {
      if (!payload) return false;
      let data: { algorithm?: unknown; challenge?: unknown; number?: unknown; salt?: unknown; signature?: unknown };
      try {
        data = JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as typeof data;
      } catch {
        return false;
      }
      const { algorithm, challenge, number, salt, signature } = data;
      if (algorithm !== 'SHA-256' || typeof challenge !== 'string' || typeof salt !== 'string' || typeof signature !== 'string') return false;
      if (typeof number !== 'number' || !Number.isInteger(number) || number < 0) return false;
      const expires = Number(new URLSearchParams(salt.split('?')[1] ?? '').get('expires'));
      if (!Number.isFinite(expires) || expires * 1000 < now) return false;
      const expected = Buffer.from(hmac(challenge));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
      if (sha256(salt + number) !== challenge) return false;
      // Spent once, anywhere, until the challenge expires.
      return replays().claim(challenge, expires * 1000 - now + 1000);
    },
  };
}

/** Solves a challenge (tests and scripted clients; the browser has its own solver). */
export function solveChallenge(challenge: Challenge): string {
  for (let n = 0; n <= challenge.maxnumber; n++) {
    if (sha256(challenge.salt + n) === challenge.challenge) {
      return Buffer.from(
        JSON.stringify({ algorithm: challenge.algorithm, challenge: challenge.challenge, number: n, salt: challenge.salt, signature: challenge.signature }),
      ).toString('base64');
    }
  }
  throw new Error('challenge has no solution');
}
export type Captcha = ReturnType<typeof createCaptcha>;
