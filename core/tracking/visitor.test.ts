import { describe, expect, it } from 'vitest';
import { analyticsClientId, isVisitorId, newVisitorId, readVisitorId, visitorCookie } from './visitor.ts';

describe('visitor id', () => {
  it('is 22 characters of base64url, different each time', () => {
    const ids = new Set(Array.from({ length: 1000 }, newVisitorId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(isVisitorId(id)).toBe(true);
  });

  it('is read from a cookie header, and a malformed one is no id', () => {
    expect(readVisitorId('a=1; vid=AAAAAAAAAAAAAAAAAAAAAA; b=2')).toBe('AAAAAAAAAAAAAAAAAAAAAA');
    expect(readVisitorId('vid=short')).toBeNull();
    expect(readVisitorId('xvid=AAAAAAAAAAAAAAAAAAAAAA')).toBeNull();
    expect(readVisitorId('vid=AAAAAAAAAAAAAAAAAAAAA<')).toBeNull();
    expect(readVisitorId(null)).toBeNull();
  });

  it('is kept 400 days for the whole site, Secure on https', () => {
    expect(visitorCookie('AAAAAAAAAAAAAAAAAAAAAA', true)).toBe('vid=AAAAAAAAAAAAAAAAAAAAAA; Max-Age=34560000; Path=/; Secure; SameSite=Lax');
    expect(visitorCookie('AAAAAAAAAAAAAAAAAAAAAA', false)).not.toContain('Secure');
  });

  it("reads the analytics counter's client id: Google's first, else Yandex's", () => {
    expect(analyticsClientId('_ga=GA1.1.1234567890.1700000000; _ym_uid=1700000000123456789')).toBe('1234567890.1700000000');
    expect(analyticsClientId('_ym_uid=1700000000123456789')).toBe('1700000000123456789');
    expect(analyticsClientId('_ga=GA1.1.<script>; other=1')).toBeNull();
    expect(analyticsClientId('')).toBeNull();
  });
});
