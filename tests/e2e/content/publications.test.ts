import { describe, expect, it } from 'vitest';
import { setupServerWithCrm } from '#tests/support/crm-server.ts';
import { publications as demo } from '#content/publications.ts';
import en from '#core/i18n/catalogs/en/index.ts';
import ru from '#core/i18n/catalogs/ru/index.ts';
import { expectNoAxeViolations, hydrated, setupBrowser, VIEWPORTS } from '../browser.ts';

/**
 * Promotions and news in Chromium: the list filtered with and without JavaScript, a promotion's page and its
 * request, which reaches the CRM with the promotion it was sent from, news with the press, and the 404s.
 * Runs its own server with a fake CRM on loopback.
 */
const browser = setupBrowser();
const poll = <T>(read: () => Promise<T> | T) => expect.poll(read);
const promoId = (slug: string) => String(demo.filter((item) => item.kind === 'promo').findIndex((item) => item.slug === slug) + 1);

const site = setupServerWithCrm();
const open = (options: Parameters<typeof browser.page>[0] = {}) => browser.page({ baseURL: site.server.url, ...options });

describe('promotions', () => {
  it('filters the list in place by kind of premises, with counts on every choice', async () => {
    const { page, context, errors } = await open();
    await page.goto('/promo');
    await hydrated(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(ru.promo.title);
    const cards = page.getByRole('main').getByRole('article');
    const total = await cards.count();
    expect(total).toBeGreaterThan(1);
    await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
    const parking = page.getByRole('group', { name: ru.publications.realtyTypes }).getByRole('checkbox', { name: /^Машино-места \d+$/ });
    await parking.check({ force: true });
    await page.waitForURL(/\/promo\?realty_types=parking$/);
    await poll(() => cards.count()).toBeLessThan(total);
    expect(await cards.first().textContent()).toMatch(/Машино-места/);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('is a GET form without JavaScript', async () => {
    const { page, context } = await open({ javaScriptEnabled: false });
    await page.goto('/promo');
    await page.getByRole('group', { name: ru.publications.project }).getByText('Сосновый берег').click();
    await page.getByRole('button', { name: ru.catalogue.filter.apply }).click();
    await page.waitForURL(/\/promo\?project=2$/);
    const texts = await page.getByRole('main').getByRole('article').allTextContents();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toContain('Сосновый берег');
    await context.close();
  });

  it('opens a promotion whose request reaches the CRM with the promotion, its project and the page', async () => {
    const { page, context, errors } = await open({ locale: 'en-US' });
    await page.goto('/en/promo');
    await hydrated(page);
    const title = demo.find((item) => item.slug === 'family-mortgage')!.title.en;
    await page.getByRole('link', { name: title }).click();
    const id = promoId('family-mortgage');
    await page.waitForURL(`**/en/promo/${id}`);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    expect(await page.getByText('6%', { exact: true }).first().isVisible()).toBe(true);
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: en.promo.request }).click();
    const dialog = page.getByRole('dialog', { name: en.forms.titles.request });
    await poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel(/^Name/).fill('Grace Hopper');
    await dialog.getByLabel(/^Phone/).fill('+44 20 7946 0101');
    await dialog.getByLabel(/I agree to the processing/).check();
    await dialog.getByRole('button', { name: en.forms.actions.send }).click();
    await poll(() => dialog.getByRole('heading', { name: en.forms.success.title }).isVisible()).toBe(true);
    await poll(() => site.crm.receipts.filter((r) => (r.body.contact as { name: string }).name === 'Grace Hopper').length).toBe(1);
    const lead = site.crm.receipts.find((r) => (r.body.contact as { name: string }).name === 'Grace Hopper')!.body;
    expect(lead).toMatchObject({ kind: 'request', topic: 'promo', locale: 'en', context: { promo: id, project: 2, page_url: `/en/promo/${id}` } });

    // Where to go next: the lots the offer is for.
    await page.keyboard.press('Escape');
    await poll(() => dialog.isVisible()).toBe(false);
    await page.getByRole('link', { name: en.publications.showLots }).click();
    await page.waitForURL(/\/en\/filter\?project=2&type=flat/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps an ended promotion’s page, says it has ended and keeps it out of search results', async () => {
    const { page, context } = await open();
    const response = await page.goto(`/promo/${promoId('summer-instalment')}`);
    expect(response?.status()).toBe(200);
    expect(await page.getByRole('note').textContent()).toContain(ru.promo.ended);
    expect(await page.getAttribute('meta[name=robots]', 'content')).toBe('noindex');
    expect(await page.getByRole('link', { name: ru.publications.showLots }).count()).toBe(0);
    await context.close();
  });

  it('moves a promotion asked for by its slug to its one address, its number', async () => {
    const { page, context } = await open();
    const response = await page.request.get(`${site.server.url}/en/promo/parking-discount?utm_source=mail`, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe(`/en/promo/${promoId('parking-discount')}?utm_source=mail`);
    await context.close();
  });

  it('answers a malformed or an unknown address 404 naming the address in the page’s language', async () => {
    const { page, context } = await open();
    for (const path of ['/promo/bad!id', '/news/Bad_Slug']) {
      expect((await page.goto(path))?.status(), path).toBe(404);
      expect(await page.getByText(`Запрошенный адрес: ${path}`).isVisible(), path).toBe(true);
    }
    for (const path of ['/promo/999', '/news/no-such-news']) {
      expect((await page.goto(path))?.status(), path).toBe(404);
      expect(await page.getByText(`Запрошенный адрес: ${path}`).isVisible(), path).toBe(true);
      expect(await page.getByText(/Page not found/i).count(), path).toBe(0);
    }
    await context.close();
  });
});

describe('news', () => {
  it('lists news and the press, opens an item and goes on to related ones', async () => {
    const { page, context, errors } = await open({ viewport: VIEWPORTS.mobile });
    await page.goto('/news');
    await hydrated(page);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(ru.news.title);
    const press = page.getByRole('region', { name: ru.news.press });
    const outlet = press.getByRole('link').first();
    expect(await outlet.getAttribute('target')).toBe('_blank');
    expect(await outlet.getAttribute('href')).toMatch(/^https:\/\/example\.com\//);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);

    const first = demo.filter((item) => item.kind === 'news').sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))[0]!;
    await page.getByRole('link', { name: first.title.ru }).click();
    await page.waitForURL(`**/news/${first.slug}`);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(first.title.ru);
    const related = page.getByRole('region', { name: ru.news.related });
    expect(await related.getByRole('article').count()).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
