import { describe, expect, it } from 'vitest';
import { attributionFields, firstTouch, nextAttribution, readStoredAttribution } from './attribution.ts';
import { VISIT_IDLE_MS } from './visit.ts';

const SITE = 'https://site.example';

describe('the visit attribution', () => {
  it('is the first page: landing page, UTM tags, and the referrer only when it is another site', () => {
    const a = firstTouch(`${SITE}/en/projects/2?utm_source=ya&utm_campaign=spring&email=anna%40example.ru#x`, 'https://ya.ru/search?text=flat', SITE);
    expect(a).toEqual({
      landing_page: '/en/projects/2?utm_source=ya&utm_campaign=spring',
      referrer: 'https://ya.ru/search',
      utm_source: 'ya',
      utm_campaign: 'spring',
    });
    expect(firstTouch(`${SITE}/filter`, `${SITE}/`, SITE).referrer).toBeNull();
    expect(firstTouch(`${SITE}/filter`, '', SITE).referrer).toBeNull();
    expect(attributionFields(a)).toEqual({ landing_page: a.landing_page, referrer: 'https://ya.ru/search', utm_source: 'ya', utm_campaign: 'spring' });
  });

  it('is kept while the visit goes on and replaced by the page of a new visit', () => {
    const first = nextAttribution(null, () => ({ landing_page: '/a', referrer: null }), 1000);
    const kept = nextAttribution(first, () => ({ landing_page: '/b', referrer: null }), 1000 + VISIT_IDLE_MS);
    expect(kept).toEqual({ landing_page: '/a', referrer: null, at: 1000 + VISIT_IDLE_MS });
    const fresh = nextAttribution(kept, () => ({ landing_page: '/c', referrer: null }), 1001 + 2 * VISIT_IDLE_MS);
    expect(fresh.landing_page).toBe('/c');
  });

  it('reads back only what it wrote', () => {
    expect(readStoredAttribution('{"landing_page":"/a","referrer":null,"at":5,"utm_source":"ya","other":1}')).toEqual({
      landing_page: '/a',
      referrer: null,
      at: 5,
      utm_source: 'ya',
    });
    for (const bad of [null, '', '{', '[]', '{"landing_page":1,"at":1}', 'null']) expect(readStoredAttribution(bad)).toBeNull();
  });
});
