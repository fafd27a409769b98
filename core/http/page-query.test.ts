import { describe, expect, it } from 'vitest';
import { pageQuery, withoutTracking, withTracking } from './page-query.ts';

describe('a page address and its tracking parameters', () => {
  it('takes campaign tags and click ids out, whatever their case, and keeps the rest as written, in order', () => {
    expect(pageQuery('/en/filter?rooms=1,2&utm_source=mail&gclid=x&price_max=9&UTM_Term=a%20b&_openstat=z&yclid=1&fbclid=2')).toEqual({
      url: '/en/filter?rooms=1,2&price_max=9',
      tracking: 'utm_source=mail&gclid=x&UTM_Term=a%20b&_openstat=z&yclid=1&fbclid=2',
      unknown: null,
    });
    expect(pageQuery('/en/contacts?utm_medium=cpc')).toEqual({ url: '/en/contacts', tracking: 'utm_medium=cpc', unknown: null });
    expect(pageQuery('/en/contacts')).toEqual({ url: '/en/contacts', tracking: '', unknown: null });
    expect(withoutTracking('/en?utm_source=a&page=2&utm_campaign=b')).toBe('/en?page=2');
  });

  it('names a parameter no page reads (the page is then not kept)', () => {
    expect(pageQuery('/en/privacy?x1=1').unknown).toBe('x1');
    expect(pageQuery('/en/filter?rooms=2&nometrics').unknown).toBe('nometrics');
    expect(pageQuery('/en/filter?rooms=2&layout=list&view=park&price_min=1&ordering=price&offset=24').unknown).toBeNull();
    expect(pageQuery('/en/news?page=2&utm_source=a').unknown).toBeNull();
  });

  it('carries tracking parameters on to a redirect within the site, never to another', () => {
    expect(withTracking('/en/filter?rooms=1,2', 'utm_source=mail')).toBe('/en/filter?rooms=1,2&utm_source=mail');
    expect(withTracking('/en/filter#top', 'utm_source=mail')).toBe('/en/filter?utm_source=mail#top');
    expect(withTracking('https://other.example/', 'utm_source=mail')).toBe('https://other.example/');
    expect(withTracking('//other.example/', 'utm_source=mail')).toBe('//other.example/');
    expect(withTracking('/en', '')).toBe('/en');
  });
});
