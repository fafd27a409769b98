import { within } from '@testing-library/dom';
import { afterAll, describe, expect, it } from 'vitest';
import en from '#core/i18n/catalogs/en/index.ts';
import ru from '#core/i18n/catalogs/ru/index.ts';
import zh from '#core/i18n/catalogs/zh/index.ts';
import { formatMessage } from '#core/i18n/message-format.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { fill, noScriptVisitor, type NoScriptPage } from '#tests/support/no-script.ts';
import { setupSiteApp } from '#tests/support/site.ts';

/**
 * Search as you'd say it (issue #41) without JavaScript: the header's search box on every page is a GET form to
 * `/filter?q=…`; the filter page answers with the words read into the filter, shown back as chips (each a link that
 * removes it) and the words not understood, said as such. The site search offers the filter for words that read as
 * lot criteria. With JavaScript the router sends the same form.
 */
const M = { ru, en, zh } as const;
const site = setupSiteApp();

/** Types `text` in the header's search box and sends it. */
async function searchFromHeader(visitor: ReturnType<typeof noScriptVisitor>, page: NoScriptPage, locale: Locale, text: string): Promise<NoScriptPage> {
  const form = page.screen.getAllByRole('search', { name: M[locale].search.phrase.label })[0]!;
  fill(within(form).getByLabelText(M[locale].search.phrase.label), text);
  return visitor.press(within(form).getByRole('button', { name: M[locale].search.submit }), page);
}

const chips = (page: NoScriptPage, heading: string) =>
  Array.from(page.document.querySelectorAll('h3'))
    .find((h) => h.textContent === heading)
    ?.parentElement?.querySelectorAll('li') ?? [];

describe('the phrase search without JavaScript', () => {
  const visitors: ReturnType<typeof noScriptVisitor>[] = [];
  afterAll(() => Promise.all(visitors.map((visitor) => visitor.close())));
  const visitorIn = (locale: Locale) => {
    const visitor = noScriptVisitor(site.fetch, { locale });
    visitors.push(visitor);
    return visitor;
  };

  it('ru: the header’s box leads to the filter with the words as chips, the unknown ones said, each removable', async () => {
    const visitor = visitorIn('ru');
    const start = await visitor.open('/contacts');
    const found = await searchFromHeader(visitor, start, 'ru', 'двушка до 15 млн, не первый этаж, рядом с метро');
    expect(found.status).toBe(200);
    const url = new URL(found.url);
    expect(url.pathname).toBe('/filter');
    expect(url.searchParams.get('q')).toBe('двушка до 15 млн, не первый этаж, рядом с метро');
    expect(found.document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');

    const understood = Array.from(chips(found, ru.search.phrase.understood)).map((li) => li.textContent);
    expect(understood).toEqual(['двушка', 'до 15 млн', 'не первый этаж']);
    const ignored = Array.from(chips(found, ru.search.phrase.ignored)).map((li) => li.textContent);
    expect(ignored).toEqual([`рядом с метро — ${ru.search.phrase.reason.unknown}`]);
    // The filter's form shows what the words chose, to change like any choice.
    expect((found.document.querySelector('input[name="rooms"][value="2"]') as HTMLInputElement).checked).toBe(true);
    // The search box on the filter page keeps the words.
    const box = found.main.getByRole('search', { name: ru.search.phrase.filterLabel });
    expect((within(box).getByLabelText(ru.search.phrase.filterLabel) as HTMLInputElement).value).toBe('двушка до 15 млн, не первый этаж, рядом с метро');

    // Removing a chip: the page again without those words.
    const remove = found.main.getByRole('link', { name: formatMessage(ru.search.phrase.remove, { text: 'до 15 млн' }, 'ru') });
    const fewer = await visitor.open(remove.getAttribute('href')!);
    expect(new URL(fewer.url).searchParams.get('q')).toBe('двушка, не первый этаж, рядом с метро');
    expect(Array.from(chips(fewer, ru.search.phrase.understood)).map((li) => li.textContent)).toEqual(['двушка', 'не первый этаж']);
  });

  it.each([
    ['en', '/en/news', 'studio in Pine Shore under 20m', ['studio', 'Pine Shore', 'under 20m']],
    ['zh', '/zh/projects', '松林河岸的开间2000万以下', ['松林河岸', '开间', '2000万以下']],
  ] as const)('%s: the header’s box reads the words of its language', async (locale, from, typed, expected) => {
    const visitor = visitorIn(locale);
    const found = await searchFromHeader(visitor, await visitor.open(from), locale, typed);
    expect(found.status).toBe(200);
    expect(new URL(found.url).pathname).toBe(`/${locale}/filter`);
    expect(Array.from(chips(found, M[locale].search.phrase.understood)).map((li) => li.textContent)).toEqual(expected);
    expect(chips(found, M[locale].search.phrase.ignored)).toHaveLength(0);
  });

  it('keeps the first answer public and cacheable, with no cookie', async () => {
    const res = await site.fetch(new URL('/filter?q=%D0%B4%D0%B2%D1%83%D1%88%D0%BA%D0%B0', 'http://localhost:3000'), { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^public/);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('the site search offers the filter for words that read as lot criteria', async () => {
    const visitor = visitorIn('ru');
    const page = await visitor.open('/search?q=' + encodeURIComponent('двушка с отделкой'));
    const link = page.main.getByRole('link', { name: formatMessage(ru.search.phrase.lotsLink, { criteria: 'двушка, с отделкой' }, 'ru') });
    expect(new URL(link.getAttribute('href')!, page.url).searchParams.get('q')).toBe('двушка с отделкой');
  });
});
