import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCaptcha } from '#server/modules/leads/captcha.ts';
import { sha256Hex, solveChallenge } from './proof-of-work.ts';

describe('proof of work (browser solver)', () => {
  it('hashes like node:crypto, across block boundaries', () => {
    for (const text of ['', 'abc', 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'a'.repeat(119), 'salt?expires=1700000000' + 12345]) {
      expect(sha256Hex(text)).toBe(createHash('sha256').update(text).digest('hex'));
    }
  });

  it('solves a server challenge that the server then accepts once', async () => {
    const captcha = createCaptcha({ secret: () => 'x'.repeat(32), complexity: () => 3000 });
    const challenge = captcha.create();
    const payload = await solveChallenge(challenge);
    expect(await captcha.verify(payload)).toBe(true);
    expect(await captcha.verify(payload)).toBe(false);
  });

  it('is refused when forged, expired or unsigned', async () => {
    const captcha = createCaptcha({ secret: () => 'x'.repeat(32), complexity: () => 100 });
    const challenge = captcha.create(Date.now() - 60 * 60_000);
    expect(await captcha.verify(await solveChallenge(challenge))).toBe(false);
    const fresh = captcha.create();
    const forged = { ...fresh, signature: 'f'.repeat(64) };
    expect(await captcha.verify(await solveChallenge(forged))).toBe(false);
    expect(await captcha.verify('not base64 json')).toBe(false);
    expect(await captcha.verify(null)).toBe(false);
  });
});
