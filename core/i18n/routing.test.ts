import { describe, expect, it } from 'vitest';
import { canonicalLocaleRedirect, detectLocale, localizePath, negotiateLocale, parseAcceptLanguage, splitLocalePath } from './routing.ts';

describe('locale paths', () => {
  it('splits a prefixed path and treats an unprefixed one as the default locale', () => {
    expect(splitLocalePath('/en/projects/1')).toEqual({ locale: 'en', path: '/projects/1', prefixed: true });
    expect(splitLocalePath('/zh')).toEqual({ locale: 'zh', path: '/', prefixed: true });
    expect(splitLocalePath('/projects')).toEqual({ locale: 'ru', path: '/projects', prefixed: false });
    // two letters that are not a locale stay part of the path
    expect(splitLocalePath('/de/x')).toEqual({ locale: 'ru', path: '/de/x', prefixed: false });
    expect(splitLocalePath('/english')).toEqual({ locale: 'ru', path: '/english', prefixed: false });
  });

  it('localizes per strategy', () => {
    expect(localizePath('/filter', 'ru', 'prefix_except_default')).toBe('/filter');
    expect(localizePath('/filter', 'en', 'prefix_except_default')).toBe('/en/filter');
    expect(localizePath('/', 'zh', 'prefix_except_default')).toBe('/zh');
    expect(localizePath('/filter', 'ru', 'prefix')).toBe('/ru/filter');
  });

  it('redirects to the canonical form of the strategy', () => {
    expect(canonicalLocaleRedirect('/ru/filter', 'prefix_except_default')).toBe('/filter');
    expect(canonicalLocaleRedirect('/en/filter', 'prefix_except_default')).toBeNull();
    expect(canonicalLocaleRedirect('/filter', 'prefix')).toBe('/ru/filter');
    expect(canonicalLocaleRedirect('/', 'prefix')).toBe('/ru');
    expect(canonicalLocaleRedirect('/ru/filter', 'prefix_and_default')).toBeNull();
  });
});

describe('locale detection', () => {
  it('orders Accept-Language by weight', () => {
    expect(parseAcceptLanguage('de-DE,de;q=0.9,zh-CN;q=0.8,en;q=0.85')).toEqual(['de-DE', 'de', 'en', 'zh-CN']);
    expect(parseAcceptLanguage('*;q=0.5, fr;q=0')).toEqual([]);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });

  it('matches exactly first, then by the language part', () => {
    expect(negotiateLocale(['zh-CN', 'en'])).toBe('en');
    expect(negotiateLocale(['zh-CN', 'fr'])).toBe('zh');
    expect(negotiateLocale(['fr', 'de'])).toBeNull();
  });

  it('prefers the cookie, then the browser, then the fallback', () => {
    expect(detectLocale({ cookie: 'zh', languages: ['en'] })).toBe('zh');
    expect(detectLocale({ cookie: 'xx', languages: ['en-GB'] })).toBe('en');
    expect(detectLocale({ languages: ['fr'], fallback: 'en' })).toBe('en');
    expect(detectLocale({ languages: [] })).toBe('ru');
  });
});
