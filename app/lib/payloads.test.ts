import { describe, expect, it } from 'vitest';
import { payloadFor } from './payloads.ts';

const ORIGIN = 'https://example.test';
const prerendered = new Set(['/legal', '/en/privacy', '/']);
const asked = (path: string) => payloadFor(new URL(path, ORIGIN), prerendered, 'abc123', ORIGIN);

describe('payload files of prerendered pages', () => {
  it('asks for a prerendered page’s payload file with the build id instead of the router’s data request', () => {
    expect(asked('/legal.data')).toBe('/legal/_payload.json?abc123');
    expect(asked('/en/privacy.data?_routes=routes%2F_site%2Croutes%2Fslug-page')).toBe('/en/privacy/_payload.json?abc123');
    expect(asked('/_.data')).toBe('/_payload.json?abc123');
  });

  it('leaves every other request as it is', () => {
    expect(asked('/contacts.data')).toBeNull();
    expect(asked('/legal.data?offset=12')).toBeNull();
    expect(asked('/legal')).toBeNull();
    expect(asked('/api/site/')).toBeNull();
    expect(payloadFor(new URL('https://other.test/legal.data'), prerendered, 'abc123', ORIGIN)).toBeNull();
  });
});
