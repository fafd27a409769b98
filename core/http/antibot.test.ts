import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { antibotHeaders, antibotToken, verifyAntibot } from './antibot.ts';

describe('anti-bot token', () => {
  it('is the MD5 of salt + url + timestamp', () => {
    const expected = createHash('md5').update('s4lt/api/request/?x=11700000000').digest('hex');
    expect(antibotToken('s4lt', '/api/request/?x=1', 1700000000)).toBe(expected);
  });

  it('verifies fresh, correct tokens and names what is wrong otherwise', () => {
    const now = 1_700_000_000_000;
    const h = antibotHeaders('salt', '1.0.0', '/api/x/', now);
    const base = { salt: 'salt', url: '/api/x/', timestamp: h['x-client-timestamp'], token: h['x-client-token'], maxAgeS: 600 };
    expect(verifyAntibot(base, now)).toEqual({ ok: true });
    expect(verifyAntibot({ ...base, url: '/api/y/' }, now)).toEqual({ ok: false, reason: 'anti-bot token invalid' });
    expect(verifyAntibot(base, now + 601_000)).toEqual({ ok: false, reason: 'anti-bot timestamp expired' });
    expect(verifyAntibot({ ...base, token: undefined }, now)).toEqual({ ok: false, reason: 'anti-bot headers missing' });
    expect(verifyAntibot({ ...base, timestamp: 'abc' }, now)).toEqual({ ok: false, reason: 'anti-bot timestamp malformed' });
  });
});
