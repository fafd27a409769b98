import { describe, expect, it } from 'vitest';
import { seoMeta } from '#content/seo.ts';
import { LANGS } from '#tests/support/languages.ts';
import { noScriptVisitor } from '#tests/support/no-script.ts';
import { setupSiteApp, SITE } from '#tests/support/site.ts';

/**
 * Words (issue #38 "Words"), as the server answers them in ru, en and zh: a count and its noun by each language's
 * plural rules on the shared selection page; the header's two ways to the sales team named apart in Chinese; the lot
 * filter's facets that do not apply to parking spaces left out of the API and the filter page alike; the page meta
 * call in the language of the URL it is asked about.
 */
const site = setupSiteApp();
const json = async <T>(path: string): Promise<T> => {
  const res = await site.fetch(`${SITE}${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};
const text = (value: string | null | undefined) =>
  (value ?? '')
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('a shared selection', () => {
  it('counts its lots in words by each language’s plural rules: 1, 2, 5 and 21 lots', async () => {
    const { results } = await json<{ results: { id: string }[] }>('/api/filter/?limit=21');
    const ids = (n: number) =>
      results
        .slice(0, n)
        .map((lot) => lot.id)
        .join(',');
    const expected: Record<string, Record<number, string>> = {
      ru: { 1: 'из 1 лота.', 2: 'из 2 лотов.', 5: 'из 5 лотов.', 21: 'из 21 лота.' },
      en: { 1: 'shared 1 unit with you. Save it', 2: 'shared 2 units with you. Save them', 5: 'shared 5 units', 21: 'shared 21 units' },
      zh: { 1: '分享了 1 套房源', 2: '分享了 2 套房源', 5: '分享了 5 套房源', 21: '分享了 21 套房源' },
    };
    for (const { lang, prefix } of LANGS) {
      const visitor = noScriptVisitor(site.fetch, { locale: lang });
      for (const n of [1, 2, 5, 21]) {
        const page = await visitor.open(`${prefix}/selection?ids=${ids(n)}`);
        expect(page.status).toBe(200);
        const lead = text(page.document.querySelector('main h1')?.parentElement?.textContent);
        expect(lead, `${lang} ${n}`).toContain(expected[lang]![n]);
      }
      await visitor.close();
    }
  });
});

describe('the Chinese header', () => {
  it('names the contacts page and the contact dialog apart', async () => {
    const visitor = noScriptVisitor(site.fetch, { locale: 'zh' });
    const page = await visitor.open('/zh');
    const header = page.document.querySelector('header')!;
    const labels = [...header.querySelectorAll('a, button')].map((el) => text(el.textContent)).filter(Boolean);
    const twice = labels.filter((label, i) => labels.indexOf(label) !== i);
    expect(twice).toEqual([]);
    expect(labels).toContain('联系我们');
    await visitor.close();
  });
});

describe('the lot filter for parking spaces', () => {
  const FLATS_ONLY = ['rooms', 'euro', 'not_first_floor', 'not_last_floor'];

  it('offers no facet that applies to flats only, in the API and on the filter page; flats keep them', async () => {
    const parking = await json<{ facets: { items: Record<string, unknown> } }>('/api/filter/?type=parking&facets=true&limit=1');
    const facets = await json<{ items: Record<string, unknown> }>('/api/filter/facets/?type=parking');
    const flats = await json<{ items: Record<string, unknown> }>('/api/filter/facets/?type=flat');
    for (const name of FLATS_ONLY) {
      expect(Object.keys(parking.facets.items), name).not.toContain(name);
      expect(Object.keys(facets.items), name).not.toContain(name);
      expect(Object.keys(flats.items), name).toContain(name);
    }
    expect(Object.keys(facets.items)).toEqual(expect.arrayContaining(['price', 'area', 'floor', 'project']));

    for (const { lang, prefix, m } of LANGS) {
      const visitor = noScriptVisitor(site.fetch, { locale: lang });
      const shown = async (query: string) => {
        const page = await visitor.open(`${prefix}/filter?${query}`);
        expect(page.status).toBe(200);
        const form = page.document.querySelector('form#lot-filter')!;
        return { names: new Set([...form.querySelectorAll('input[name]')].map((input) => input.getAttribute('name'))), text: text(form.textContent) };
      };
      const forParking = await shown('type=parking');
      const forFlats = await shown('type=flat');
      for (const name of FLATS_ONLY) {
        expect(forParking.names.has(name), `${lang} parking ${name}`).toBe(false);
        expect(forFlats.names.has(name), `${lang} flat ${name}`).toBe(true);
      }
      expect(forParking.text).not.toContain(m.catalogue.words.spec.euro);
      expect(forFlats.text).toContain(m.catalogue.words.spec.euro);
      await visitor.close();
    }
  });
});

describe('the page meta call', () => {
  it('answers in the language of the URL when no lang is given, and in lang when it is', async () => {
    const contacts = seoMeta.find((row) => row.url === '/contacts')!;
    expect(contacts).toBeTruthy();
    for (const { lang, prefix } of LANGS) {
      const meta = await json<{ title?: string }>(`/api/seo/get_page_meta/?url=${encodeURIComponent(`${prefix}/contacts/`)}`);
      expect(meta.title, lang).toBe(contacts.title[lang]);
    }
    expect((await json<{ title?: string }>('/api/seo/get_page_meta/?url=/en/contacts&lang=zh')).title).toBe(contacts.title.zh);
  });
});
