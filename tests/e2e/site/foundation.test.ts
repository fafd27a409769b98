import { describe, expect, it } from 'vitest';
import en from '#core/i18n/catalogs/en/index.ts';
import zh from '#core/i18n/catalogs/zh/index.ts';
import { expectNoAxeViolations, hydrated, setupBrowser, VIEWPORTS } from '../browser.ts';

const browser = setupBrowser();

describe('locales', () => {
  it('detects the language on the first visit from Accept-Language and stores it', async () => {
    const { page, context } = await browser.page({ locale: 'zh-CN' });
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/zh');
    expect(await page.getAttribute('html', 'lang')).toBe('zh-CN');
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('zh');
    await context.close();
  });

  it('keeps Russian visitors on the unprefixed root and sends other languages to the fallback', async () => {
    const ru = await browser.page({ locale: 'ru-RU' });
    await ru.page.goto('/');
    expect(new URL(ru.page.url()).pathname).toBe('/');
    expect(await ru.page.getAttribute('html', 'lang')).toBe('ru-RU');
    await ru.context.close();
    const de = await browser.page({ locale: 'de-DE' });
    await de.page.goto('/');
    expect(new URL(de.page.url()).pathname).toBe('/en');
    await de.context.close();
  });

  it('switches language on the same page keeping query and hash, and remembers the choice', async () => {
    const { page, context, errors } = await browser.page({ locale: 'ru-RU' });
    await page.goto('/contacts?from=test#main');
    await hydrated(page);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Контакты');
    await page.getByRole('navigation', { name: 'Язык' }).first().getByRole('link', { name: 'en English' }).click();
    await page.waitForURL('**/en/contacts?from=test#main');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Contacts');
    expect(await page.getAttribute('html', 'lang')).toBe('en-GB');
    const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
    expect(cookie?.value).toBe('en');
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
    // A later entry visit to the root follows the stored choice.
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/en');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('remembers a language chosen without JavaScript too (the plain link stores the cookie)', async () => {
    const { page, context } = await browser.page({ locale: 'ru-RU', javaScriptEnabled: false });
    await page.goto('/contacts');
    await page.getByRole('navigation', { name: 'Язык' }).first().getByRole('link', { name: 'zh 中文' }).click();
    await page.waitForURL('**/zh/contacts');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(zh.routes.contacts);
    expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('zh');
    // The next entry visit to the root follows the choice, not the browser's Russian.
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/zh');
    // Back to Russian by the link: stored as well.
    await page.getByRole('navigation', { name: '语言' }).first().getByRole('link', { name: 'ru Русский' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect((await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('ru');
    await context.close();
  });

  it('marks up canonical and hreflang alternates', async () => {
    const { page, context } = await browser.page();
    await page.goto('/en/contacts');
    const base = browser.baseURL();
    expect(await page.getAttribute('link[rel=canonical]', 'href')).toBe(`${base}/en/contacts`);
    expect(await page.getAttribute('link[rel=alternate][hreflang=ru]', 'href')).toBe(`${base}/contacts`);
    expect(await page.getAttribute('link[rel=alternate][hreflang=zh]', 'href')).toBe(`${base}/zh/contacts`);
    expect(await page.getAttribute('link[rel=alternate][hreflang=x-default]', 'href')).toBe(`${base}/contacts`);
    await context.close();
  });
});

describe('redirects', () => {
  it('answers an old URL with a 301 to its new path', async () => {
    const { page, context } = await browser.page();
    const response = await page.goto('/old/contacts/');
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/old\/contacts\/$/);
    expect((await response?.request().redirectedFrom()?.response())?.status()).toBe(301);
    expect(new URL(page.url()).pathname).toBe('/contacts');
    await context.close();
  });
});

describe('error pages', () => {
  const cases = [
    { path: '/_error/500', status: 500, title: 'Возникла ошибка на стороне сервера', button: 'Перезагрузить страницу' },
    { path: '/_error/505', status: 505, title: 'Возникла ошибка на стороне сервера', button: 'Перезагрузить страницу' },
    { path: '/_error/502', status: 502, title: 'Сайт скоро заработает', button: 'Перезагрузить страницу' },
    { path: '/_error/418', status: 418, title: 'Возникла ошибка', button: 'Перезагрузить страницу' },
    { path: '/en/_error/502', status: 502, title: 'The site will be back soon', button: 'Reload the page' },
    { path: '/zh/_error/500', status: 500, title: '服务器发生错误', button: '刷新页面' },
  ];
  for (const c of cases) {
    it(`shows ${c.status} at ${c.path} with the support phone`, async () => {
      const { page, context } = await browser.page();
      const response = await page.goto(c.path);
      expect(response?.status()).toBe(c.status);
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(c.title);
      expect(await page.getByRole('link', { name: c.button }).isVisible()).toBe(true);
      expect(await page.locator('main').textContent()).toContain(String(c.status));
      expect(await page.locator('main a[href^="tel:"]').count()).toBe(1);
      await context.close();
    });
  }

  it('gives an unknown slug a 404 in the page’s language with links to the filter (new tab) and home', async () => {
    const { page, context } = await browser.page();
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Страница не найдена');
    // The address in Russian, no raw English «Page not found» line under the Russian title.
    expect(await page.getByText('Запрошенный адрес: /no-such-page', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('Page not found').count()).toBe(0);
    const filter = page.getByRole('link', { name: /Подобрать помещение/ });
    expect(await filter.getAttribute('href')).toBe('/filter/');
    expect(await filter.getAttribute('target')).toBe('_blank');
    expect(await page.getByRole('link', { name: 'На главную', exact: true }).getAttribute('href')).toBe('/');
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('gives a route whose validate rule fails 404 naming the full path in the page’s language (en, zh)', async () => {
    const { page, context } = await browser.page();
    const response = await page.goto('/en/projects/1/building/bad!id?x=1');
    expect(response?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    expect(await page.getByText('Requested address: /en/projects/1/building/bad!id?x=1').isVisible()).toBe(true);
    const zh = await page.goto('/zh/projects/1/building/bad!id');
    expect(zh?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('页面未找到');
    expect(await page.getByText('请求的地址：/zh/projects/1/building/bad!id').isVisible()).toBe(true);
    expect(await page.getByText(/Page not found/i).count()).toBe(0);
    const lot = await page.goto('/lipovy/castle/12');
    expect(lot?.status()).toBe(404);
    await context.close();
  });
});

describe('policy pages', () => {
  it('shows information disclosure with the external "Go to page" button', async () => {
    const { page, context } = await browser.page();
    await page.goto('/en/disclosure');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Information disclosure');
    const button = page.getByRole('link', { name: /Go to page/ });
    expect(await button.getAttribute('href')).toMatch(/^https:\/\/disclosure\.example\.ru/);
    expect(await button.getAttribute('target')).toBe('_blank');
    await expectNoAxeViolations(page);
    await context.close();
  });

  it('says the legal information is not a public offer, in each language', async () => {
    const { page, context } = await browser.page();
    await page.goto('/legal');
    expect(await page.locator('main').textContent()).toMatch(/оферт/);
    await page.goto('/zh/legal');
    expect(await page.locator('main').textContent()).toMatch(/要约/);
    await context.close();
  });
});

describe('layout', () => {
  it('shows the header menu with the mortgage rate, marks the exact active link and lists the documents in the footer', async () => {
    const { page, context } = await browser.page();
    await page.goto('/contacts');
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Главное меню' });
    expect(await nav.getByRole('link', { name: 'Контакты' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: /Проекты/ }).getAttribute('aria-current')).toBeNull();
    const purchasing = page.getByRole('navigation', { name: 'Способы покупки' }).first();
    expect(await purchasing.textContent()).toMatch(/\d,\d\u00a0%/);
    expect(await purchasing.textContent()).not.toContain('min_mortgage_rate');
    const footer = page.getByRole('contentinfo');
    for (const name of [
      'Раскрытие информации',
      'Правовая информация',
      'Политика обработки персональных данных',
      'Перечень лиц, которым могут передаваться персональные данные',
    ]) {
      expect(await footer.getByRole('link', { name }).count()).toBe(1);
    }
    await context.close();
  });

  it('opens a header submenu from the keyboard', async () => {
    const { page, context } = await browser.page();
    await page.goto('/');
    await hydrated(page);
    const projects = page.getByRole('banner').getByRole('link', { name: 'Проекты' });
    await projects.focus();
    const submenu = page.getByRole('list', { name: 'Подменю «Проекты»' });
    await expect.poll(() => submenu.isVisible()).toBe(true);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.closest('ul')?.getAttribute('aria-label'))).toBe('Подменю «Проекты»');
    await context.close();
  });

  it.each([
    ['en', en],
    ['zh', zh],
  ] as const)('names the contact modal’s phone card for what it does in %s: a call that dials', async (locale, messages) => {
    const { page, context } = await browser.page();
    await page.goto(`/${locale}`);
    await hydrated(page);
    await page.getByRole('banner').getByRole('button', { name: messages.header.contact }).click();
    const dialog = page.getByRole('dialog', { name: messages.contact.title });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const call = dialog.getByRole('link', { name: new RegExp(messages.contact.call) });
    expect(await call.count()).toBe(1);
    expect(await call.getAttribute('href')).toMatch(/^tel:/);
    await context.close();
  });

  it('opens the contact modal from the keyboard, keeps focus inside and closes with Escape', async () => {
    const { page, context } = await browser.page();
    await page.goto('/');
    await hydrated(page);
    const opener = page.getByRole('banner').getByRole('button', { name: 'Связаться' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Свяжитесь с нами' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    for (const name of [/Позвонить нам/, /WhatsApp/, /Электронная почта/]) expect(await dialog.getByRole('link', { name }).count()).toBe(1);
    // The phone card is a call, not a callback request: it says «Позвонить нам» and dials.
    expect(await dialog.getByRole('link', { name: /Позвонить нам/ }).getAttribute('href')).toMatch(/^tel:/);
    expect(await dialog.getByText('Обратный звонок', { exact: true }).count()).toBe(0);
    // The page behind a modal is inert: focus cycles through the dialog (and the browser's own UI), never the page.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() =>
        document.activeElement === document.body ? 'body' : document.activeElement?.closest('dialog') ? 'dialog' : 'page',
      );
      expect(where).not.toBe('page');
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Связаться');
    await context.close();
  });

  it('opens the mobile menu at 375 px', async () => {
    const { page, context } = await browser.page({ viewport: VIEWPORTS.mobile });
    await page.goto('/en');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    await expect.poll(() => menu.isVisible()).toBe(true);
    await menu.getByRole('link', { name: 'Contacts' }).first().click();
    await page.waitForURL('**/en/contacts');
    await expect.poll(() => menu.isVisible()).toBe(false);
    await context.close();
  });

  it('scrolls to a hash target below the sticky header', async () => {
    const { page, context } = await browser.page();
    await page.goto('/ui-kit/base_three');
    await hydrated(page);
    await page.getByRole('link', { name: 'Цвета' }).click();
    await page.waitForURL('**#colours');
    // Smooth scrolling ends with the section just below the sticky header (its scroll-margin-top).
    await expect
      .poll(async () => Math.round(await page.evaluate(() => document.getElementById('colours')!.getBoundingClientRect().top)), { timeout: 5000 })
      .toBeLessThan(120);
    expect(await page.evaluate(() => document.getElementById('colours')!.getBoundingClientRect().top)).toBeGreaterThan(60);
    await context.close();
  });
});

describe('accessibility', () => {
  for (const path of ['/', '/en', '/zh/contacts', '/privacy', '/ui-kit/base_three', '/_icons']) {
    for (const [name, viewport] of Object.entries(VIEWPORTS)) {
      it(`has no axe violations on ${path} (${name})`, async () => {
        const { page, context, errors } = await browser.page({ viewport });
        await page.goto(path);
        await hydrated(page);
        await expectNoAxeViolations(page);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }
});
