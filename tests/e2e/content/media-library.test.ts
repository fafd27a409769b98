import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSessionCookie, createStaffOverHttp, signInOverHttp, startServerWithAdmin } from '#tests/support/admin.ts';
import type { RunningServer } from '#tests/support/server.ts';
import { expectNoAxeViolations, hydrated, setupBrowser } from '../browser.ts';

/**
 * The media library (issue #42, ADR 041) in Chromium against the production build: an editor uploads a picture into
 * the library, gives it alt text in three languages and a crop, chooses it for a news item in the library's dialog
 * (a real modal: named, focus kept inside, Escape closes), publishes the item, and a visitor reads the news page in
 * Russian and English with the library's alt text and the crop in the picture's URL — which the image proxy serves.
 */
describe('back office: media library', () => {
  const browser = setupBrowser();
  let server: RunningServer;
  let editorCookie: string;

  beforeAll(async () => {
    const started = await startServerWithAdmin();
    server = started.server;
    const adminCookie = await signInOverHttp(server.url, started.admin.email, started.admin.password);
    const editor = await createStaffOverHttp(server.url, adminCookie, 'editor');
    editorCookie = await signInOverHttp(server.url, editor.email, editor.password);
  }, 180_000);
  afterAll(async () => server?.stop());

  async function signedIn(): Promise<Page> {
    const { page, context } = await browser.page({ baseURL: server.url });
    await context.addCookies([browserSessionCookie(server.url, editorCookie)]);
    return page;
  }

  it('takes a picture through the library into a news item with alt texts and a crop, seen on the public page', async () => {
    const page = await signedIn();
    await page.goto('/admin');
    await hydrated(page);
    await page.getByRole('navigation', { name: 'Разделы управления' }).getByRole('link', { name: 'Медиатека' }).click();
    await page.getByRole('heading', { level: 1, name: 'Медиатека' }).waitFor();
    await hydrated(page);

    // Upload: the picture's own page opens, to describe it.
    const fileName = `dvor-${Date.now()}.png`;
    const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#2a6f97' } })
      .png()
      .toBuffer();
    await page.getByLabel('Загрузить изображение').setInputFiles({ name: fileName, mimeType: 'image/png', buffer: png });
    await page.getByRole('heading', { level: 1, name: fileName }).waitFor();
    await page.getByRole('status').getByText('Изображение загружено: опишите его.').waitFor();
    await hydrated(page);
    const alts = { ru: 'Двор с детской площадкой', en: 'A courtyard with a playground', zh: '带游乐场的庭院' };
    const alt = page.getByRole('group', { name: 'Описание (alt) для незрячих и поисковиков' });
    await alt.getByLabel('Русский').fill(alts.ru);
    await alt.getByLabel('English').fill(alts.en);
    await alt.getByLabel('中文').fill(alts.zh);
    await page.getByLabel('Кадрировать').check();
    const crop = page.getByRole('group', { name: 'Кадрирование' });
    for (const [label, value] of [
      ['Левый край', '0.1'],
      ['Верх', '0.2'],
      ['Ширина', '0.5'],
      ['Высота', '0.6'],
    ] as const)
      await crop.getByLabel(label, { exact: true }).fill(value);
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('status').getByText('Сохранено.', { exact: true }).waitFor();
    // The saved crop, as the site's proxy cuts it, in the page's previews.
    await expect
      .poll(() =>
        page
          .getByRole('img', { name: /в рамке/ })
          .first()
          .getAttribute('src'),
      )
      .toContain('/c:0.5:0.6:fp:0.35:0.5/');

    // The library finds it by its description.
    await page.getByRole('link', { name: 'К медиатеке' }).click();
    await page.getByLabel('Имя файла или описание').fill('детской площадкой');
    await page.getByRole('button', { name: 'Показать' }).click();
    await page.getByRole('link', { name: new RegExp(`^${fileName} `) }).waitFor();
    await expectNoAxeViolations(page);

    // A news item: its picture chosen in the library's dialog.
    await page.goto('/admin/content/news/new');
    await hydrated(page);
    const slug = `media-news-${Date.now()}`;
    await page.getByLabel('Адрес (slug)').fill(slug);
    const titles = { ru: 'Во дворе открылась площадка', en: 'A playground opens in the courtyard', zh: '庭院游乐场开放' };
    for (const [lang, name] of [
      ['ru', 'Русский'],
      ['en', 'English'],
      ['zh', '中文'],
    ] as const) {
      await page.getByLabel(`Заголовок · ${name}`).fill(titles[lang]);
      await page.getByLabel(`Анонс · ${name}`).fill(titles[lang]);
    }
    await page.getByLabel('Дата публикации').fill('27.11.2026');
    const opener = page.getByRole('button', { name: /^Выбрать из медиатеки\s?: Изображение$/ });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Выбор изображения из медиатеки' });
    await dialog.waitFor();
    // Focus starts inside; the page behind is inert: Tab cycles through the dialog (and the browser's own UI), never the
    // page. Escape closes it and focus goes back to the opener.
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      const where = await page.evaluate(() =>
        document.activeElement === document.body ? 'body' : document.activeElement?.closest('dialog') ? 'dialog' : 'page',
      );
      expect(where).not.toBe('page');
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => opener.evaluate((el) => el === document.activeElement)).toBe(true);
    await opener.click();
    await dialog.getByRole('searchbox', { name: 'Имя файла или описание' }).fill(fileName);
    const choice = dialog.getByRole('button', { name: `${fileName} ${alts.ru}` });
    await choice.waitFor();
    await expectNoAxeViolations(page);
    await choice.click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('img', { name: 'Загруженное изображение' }).waitFor();
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('status').getByText('Запись создана.', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Опубликовать' }).click();
    await page.getByRole('status').getByText('Сохранено.', { exact: true }).waitFor();

    // The public page in Russian and in English: the library's alt text in each, the crop in the picture's URL, and the
    // picture served (the proxy honours the crop).
    const visitor = (await browser.page({ baseURL: server.url })).page;
    for (const [path, lang] of [
      [`/news/${slug}`, 'ru'],
      [`/en/news/${slug}`, 'en'],
    ] as const) {
      await expect.poll(async () => (await visitor.goto(`${server.url}${path}`))?.status()).toBe(200);
      const picture = visitor.getByRole('article').getByRole('img', { name: alts[lang] });
      await picture.waitFor();
      expect(await picture.getAttribute('src')).toContain('/c:0.5:0.6:fp:0.35:0.5/');
      await expect.poll(() => picture.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    }
    await expectNoAxeViolations(visitor);

    // "Where used" names the item; deleting the picture is refused while it is used.
    await page.goto('/admin/media');
    await hydrated(page);
    await page.getByRole('link', { name: new RegExp(`^${fileName} `) }).click();
    await page.getByRole('heading', { level: 1, name: fileName }).waitFor();
    await hydrated(page);
    await page.getByRole('region', { name: 'Где используется' }).getByRole('link', { name: titles.ru }).waitFor();
    await page.getByRole('button', { name: 'Удалить' }).click();
    await page
      .getByRole('dialog', { name: `Удалить «${fileName}» из медиатеки?` })
      .getByRole('button', { name: 'Удалить' })
      .click();
    await page.getByRole('alert').getByText('Удалить нельзя: изображение используется в 1 записи. Сначала замените его там.').waitFor();
  }, 300_000);
});
