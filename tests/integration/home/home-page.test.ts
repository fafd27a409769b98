import { within } from '@testing-library/dom';
import { afterAll, describe, expect, it } from 'vitest';
import { partners as demoPartners, slides as demoSlides } from '#content/home-blocks.ts';
import { banks as demoBanks } from '#content/purchase.ts';
import { fill as fillIn, LANGS } from '#tests/support/languages.ts';
import { fill, noScriptVisitor } from '#tests/support/no-script.ts';
import { setupSiteApp } from '#tests/support/site.ts';

/**
 * The home page's blocks as the server sends them, in every language: the slider as a carousel with its first
 * picture the page's LCP, the selector as a plain GET form to the filter, the partners and the commercial news.
 * How the carousel and the selector behave once hydrated is the browser's part (tests/e2e/home/home-blocks.test.ts, in
 * Russian); the words it finds there are these catalog entries in each language.
 */
const site = setupSiteApp();
const exact = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

describe.each(LANGS)('the home page blocks in $lang, without JavaScript', ({ lang, prefix, m }) => {
  const t = m.homeBlocks;
  const visitor = noScriptVisitor(site.fetch, { locale: lang });
  afterAll(() => visitor.close());

  it('shows the slider as a carousel: every slide a named group, the first picture eager and high priority, the others a link away', async () => {
    const page = await visitor.open(prefix || '/');
    expect(page.status).toBe(200);
    const carousel = page.screen.getByRole('region', { name: exact(t.slider.label) });
    expect(carousel.getAttribute('aria-roledescription')).toBe(t.slider.carousel);
    const slides = within(carousel).getAllByRole('group');
    expect(slides).toHaveLength(demoSlides.length);
    const first = within(carousel).getByRole('group', { name: fillIn(t.slider.slideOf, { index: 1, count: demoSlides.length }) });
    expect(first.getAttribute('aria-roledescription')).toBe(t.slider.slide);
    expect(first.textContent).toContain(demoSlides[0]!.title[lang]);
    const lcp = within(first).getByRole('img', { name: demoSlides[0]!.image.alt[lang] });
    expect(lcp.getAttribute('fetchpriority')).toBe('high');
    expect(lcp.getAttribute('loading')).toBe('eager');
    // (a picture's <noscript> copy aside: a browser with JavaScript never makes it an element)
    const lazy = [...(carousel.querySelectorAll('img[loading="lazy"]') as NodeListOf<HTMLImageElement>)].filter((img) => !img.closest('noscript'));
    expect(lazy).toHaveLength(demoSlides.length - 1);
    const second = within(carousel).getByRole('link', { name: fillIn(t.slider.goTo, { index: 2, title: demoSlides[1]!.title[lang] }) });
    expect(second.getAttribute('href')).toBe('#slide-2');
  });

  it('leads from the selector to the filter with a plain GET form', async () => {
    let page = await visitor.open(prefix || '/');
    const form = within(page.screen.getByRole('region', { name: t.selector.title }));
    fill(form.getByRole('combobox', { name: t.selector.project }), '2');
    // A chip is a checkbox inside its label: the one whose text is "2".
    fill(
      within(form.getByRole('group', { name: t.selector.rooms }))
        .getByText('2', { exact: true })
        .closest('label')!
        .querySelector('input')!,
    );
    fill(form.getByRole('combobox', { name: t.selector.budget }), '20000000');
    page = await visitor.press(form.getByRole('button', { name: t.selector.submit }), page);
    expect(page.status).toBe(200);
    const url = new URL(page.url);
    expect(url.pathname).toBe(`${prefix}/filter`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ type: 'flat', project: '2', rooms: '2', price_max: '20000000' });
    expect(page.screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('shows the partners with their logos and the commercial news, linked in the page’s language', async () => {
    const page = await visitor.open(prefix || '/');
    const partners = within(page.screen.getByRole('region', { name: t.partners.title }));
    expect(within(partners.getByRole('list', { name: t.partners.banks })).getAllByRole('listitem')).toHaveLength(demoBanks.filter((b) => b.logo).length);
    const others = within(partners.getByRole('list', { name: t.partners.others })).getAllByRole('listitem');
    expect(others.map((item) => item.textContent)).toEqual(demoPartners.map((p) => `${p.name[lang]}${t.partners.kind[p.kind]}`));
    const commercial = within(page.screen.getByRole('region', { name: t.commercial.title }));
    const items = commercial.getAllByRole('listitem');
    expect(items.length).toBeGreaterThan(0);
    expect(items.length).toBeLessThanOrEqual(3);
    for (const item of items)
      for (const link of within(item).getAllByRole('link')) expect(link.getAttribute('href')).toMatch(new RegExp(`^${prefix}/news/[a-z0-9-]+$`));
    expect(commercial.getByRole('link', { name: exact(t.commercial.all) }).getAttribute('href')).toBe(`${prefix}/news?realty_types=commercial`);
  });
});

/**
 * Static parts (app/lib/static-part.tsx, ADR 043): the sections that do nothing in the browser are in the page's HTML
 * but not in its hydration data; a move in the page (the router's data request) brings their data.
 */
describe('the home page’s static parts', () => {
  const hydrationData = (html: string) => [...html.matchAll(/streamController\.enqueue\((".*?")\);/gs)].map((m) => JSON.parse(m[1]!) as string).join('');
  const partner = demoPartners[0]!.name.ru;

  it('are in the document, their data not in its hydration data; the router’s data request carries it', async () => {
    const html = await (await site.fetch('/', { headers: { accept: 'text/html' } })).text();
    expect(html).toContain(partner);
    expect(html).toContain('data-static="home.partners"');
    const data = hydrationData(html);
    expect(data).toContain('"slides"');
    expect(data).not.toContain(partner);
    const moved = await (await site.fetch('/_.data')).text();
    expect(moved).toContain(partner);
  });
});
