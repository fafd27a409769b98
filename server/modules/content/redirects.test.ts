import { describe, expect, it } from 'vitest';
import { normalizeRedirectPath } from './redirects.ts';

describe('redirect path normalisation (spec §2)', () => {
  it('strips the first /old and a trailing slash, ignores case', () => {
    expect(normalizeRedirectPath('/old/flats/')).toBe('/flats');
    expect(normalizeRedirectPath('/flats')).toBe('/flats');
    expect(normalizeRedirectPath('/Old/Contacts')).toBe('/contacts');
    expect(normalizeRedirectPath('/old')).toBe('/');
    expect(normalizeRedirectPath('/projects/old-town')).toBe('/projects-town');
  });
});
