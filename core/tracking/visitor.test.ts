import { describe, expect, it } from 'vitest';
import { isVisitorId, newVisitorId, readVisitorId, visitorCookie } from './visitor.ts';

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
    expect(visitorCookie('AAAAAAAAAAAAAAAAAAAAAA', true)).toBe(
      'vid=AAAAAAAAAAAAAAAAAAAAAA; Max-Age=34560000; Path=/; SameSite=Lax; Secure',
    );
    expect(visitorCookie('AAAAAAAAAAAAAAAAAAAAAA', false)).not.toContain('Secure');
  });
});
