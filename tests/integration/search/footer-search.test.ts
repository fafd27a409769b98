import { within } from '@testing-library/dom';
import { afterAll, describe, expect, it } from 'vitest';
import { projects } from '#content/projects.ts';
import en from '#core/i18n/catalogs/en/index.ts';
import ru from '#core/i18n/catalogs/ru/index.ts';
import zh from '#core/i18n/catalogs/zh/index.ts';
import { formatMessage, type Message } from '#core/i18n/message-format.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { SEARCH_LIMIT, SEARCH_MAX_LENGTH, SEARCH_MIN_LENGTH } from '#core/search/limits.ts';
import { fill, noScriptVisitor, type NoScriptPage } from '#tests/support/no-script.ts';
import { setupSiteApp } from '#tests/support/site.ts';

/**
 * The footer's search (spec §9 "footer search limit 200", issue #38) without JavaScript: the GET form in the footer of
 * every page leads to `/search?q=…`, whose results are links to the projects, lots and pages found, at most 200.
 * With JavaScript the same form is sent by the router; the words in every language are these catalog entries.
 */
const M = { ru, en, zh } as const;
const prefix = (locale: Locale) => (locale === 'ru' ? '' : `/${locale}`);
const say = (locale: Locale, message: Message, params: Record<string, string | number>) => formatMessage(message, params, locale);

const site = setupSiteApp();

/** Types `text` in the footer's search field of `page` and sends it, as a visitor without JavaScript. */
async function searchFromFooter(visitor: ReturnType<typeof noScriptVisitor>, page: NoScriptPage, locale: Locale, text: string): Promise<NoScriptPage> {
  const footer = within(page.document.querySelector('footer')!);
  const form = footer.getByRole('search');
  fill(within(form).getByLabelText(M[locale].search.label), text);
  return visitor.press(within(form).getByRole('button', { name: M[locale].search.submit }), page);
}

/** The results' links, by group heading. */
function results(page: NoScriptPage): Record<string, { text: string; href: string }[]> {
  const out: Record<string, { text: string; href: string }[]> = {};
  for (const section of Array.from(page.document.querySelectorAll('main section'))) {
    const heading = section.querySelector('h2')?.textContent ?? '';
    out[heading] = Array.from(section.querySelectorAll('li a')).map((a) => ({
      text: a.querySelector('span')?.textContent ?? '',
      href: a.getAttribute('href') ?? '',
    }));
  }
  return out;
}

describe('the footer search without JavaScript', () => {
  const visitors: ReturnType<typeof noScriptVisitor>[] = [];
  afterAll(() => Promise.all(visitors.map((visitor) => visitor.close())));
  const visitorIn = (locale: Locale) => {
    const visitor = noScriptVisitor(site.fetch, { locale });
    visitors.push(visitor);
    return visitor;
  };

  it.each([
    ['ru', '/contacts', '№ 22'],
    ['en', '/en/news', '22'],
    ['zh', '/zh/projects/1', '22 号'],
  ] as const)('%s: a lot number typed in the footer of %s leads to the lot', async (locale, from, typed) => {
    const visitor = visitorIn(locale);
    const start = await visitor.open(from);
    expect(start.status).toBe(200);
    const found = await searchFromFooter(visitor, start, locale, typed);
    expect(found.status).toBe(200);
    expect(new URL(found.url).pathname).toBe(`${prefix(locale)}/search`);
    expect(found.document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    // The field on the results page keeps what was typed.
    expect((found.main.getByLabelText(M[locale].search.label) as HTMLInputElement).value).toBe(typed);
    const lots = results(found)[M[locale].search.groups.lots] ?? [];
    expect(lots.length).toBeGreaterThan(0);
    // The same number first: every project's flat, parking space, pantry and premises № 22 before № 220…
    expect(lots[0]!.href).toMatch(new RegExp(`^${prefix(locale)}/[a-z]+/(flat|parking|pantry|commercial)/22$`));
    const lot = await visitor.open(lots[0]!.href);
    expect(lot.status).toBe(200);
    // The lot's page has the title its result had.
    expect(lot.main.getByRole('heading', { level: 1 }).textContent).toBe(lots[0]!.text);
  });

  it.each([
    ['en', 'linden', projects[0]!],
    ['zh', '松林', projects[1]!],
    ['ru', 'ЗВЕЗДНЫЙ', projects[3]!],
  ] as const)('%s: a project found by its name in the language of the page («%s»)', async (locale, typed, project) => {
    const visitor = visitorIn(locale);
    const found = await searchFromFooter(visitor, await visitor.open(`${prefix(locale)}/`), locale, typed);
    const m = M[locale].search;
    expect(results(found)[m.groups.projects]).toEqual([{ text: project.name[locale], href: `${prefix(locale)}/projects/${project.id}` }]);
    // The news about the project are found too; the count says how many results there are in all.
    const count = Object.values(results(found)).flat().length;
    expect(found.main.getByRole('status').textContent).toBe(say(locale, m.found, { query: typed, count }));
    const page = await visitor.open(results(found)[m.groups.projects]![0]!.href);
    expect(page.status).toBe(200);
  });

  it('lists at most 200 results and says how many there are', async () => {
    const visitor = visitorIn('ru');
    const found = await visitor.open('/search?q=1');
    const listed = Object.values(results(found)).flat();
    expect(listed).toHaveLength(SEARCH_LIMIT);
    const status = found.main.getByRole('status').textContent ?? '';
    const count = Number(/найдено ([\d\s ]+) результат/.exec(status)?.[1]?.replace(/\D/g, ''));
    expect(count).toBeGreaterThan(SEARCH_LIMIT);
    expect(status).toContain(say('ru', ru.search.limited, { shown: String(SEARCH_LIMIT), count }));
  });

  it.each(['ru', 'en', 'zh'] as const)('%s: an empty, a short, a long query and none found each get their message', async (locale) => {
    const visitor = visitorIn(locale);
    const m = M[locale].search;
    const status = async (q: string | null) => {
      const page = await visitor.open(`${prefix(locale)}/search${q === null ? '' : `?q=${encodeURIComponent(q)}`}`);
      expect(page.status).toBe(200);
      expect(results(page)).toEqual({});
      return page.main.getByRole('status').textContent;
    };
    expect(await status(null)).toBe(m.hint);
    expect(await status('   ')).toBe(m.hint);
    expect(await status('ж')).toBe(say(locale, m.short, { count: SEARCH_MIN_LENGTH }));
    expect(await status('ж'.repeat(SEARCH_MAX_LENGTH + 1))).toBe(say(locale, m.long, { count: SEARCH_MAX_LENGTH }));
    expect(await status('щщщ 99999')).toBe(say(locale, m.none, { query: 'щщщ 99999' }));
  });

  it('echoes the query as text, and the results page is kept and may be cached publicly', async () => {
    const q = '<img src=x onerror=alert(1)>';
    const path = `/search?q=${encodeURIComponent(q)}`;
    const first = await site.fetch(path, { headers: { accept: 'text/html' } });
    const html = await first.text();
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(first.headers.get('cache-control')).toMatch(/public/);
    const again = await site.fetch(path, { headers: { accept: 'text/html' } });
    expect(again.headers.get('x-cache')).toBe('HIT');
  });
});
