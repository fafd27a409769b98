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

  it('keeps nothing personal the address held: the landing page’s other parameters, a personal referrer path, a personal tag', () => {
    const a = firstTouch(
      `${SITE}/?name=Ivan+Petrov&phone=%2B79161234567&comment=%D0%BF%D0%B5%D1%80%D0%B5%D0%B7%D0%B2%D0%BE%D0%BD%D0%B8%D1%82%D0%B5&utm_source=ivan%40mail.ru&utm_term=%2B79161234567&utm_medium=cpc`,
      'https://mail.example/u/ivan.petrov/inbox/79161234567?x=1',
      SITE,
    );
    expect(a).toEqual({ landing_page: '/?utm_medium=cpc', referrer: 'https://mail.example/', utm_medium: 'cpc' });
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
    // Kept by an earlier build: cleaned as a new one would have kept it.
    const old = { landing_page: '/?name=Ivan+Petrov&utm_source=ya', referrer: 'https://mail.example/ivan@mail.ru/inbox', utm_term: '+79161234567', at: 5 };
    expect(readStoredAttribution(JSON.stringify(old))).toEqual({ landing_page: '/?utm_source=ya', referrer: 'https://mail.example/', at: 5 });
  });
});
