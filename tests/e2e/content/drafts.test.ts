import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSessionCookie, createStaffOverHttp, postOverHttp, signInOverHttp, startServerWithAdmin } from '#tests/support/admin.ts';
import type { RunningServer } from '#tests/support/server.ts';
import { expectNoAxeViolations, hydrated, setupBrowser } from '../browser.ts';

/**
 * A published news item edited as a draft (issue #42, ADR 042), in Chromium against the production build: the
 * editor's changes are saved to a draft as they type (the status says when), the real preview shows them on the
 * item's own public page while visitors still read the published text, publishing makes them the page's, and a
 * second draft is discarded after a confirmation. With ADMIN_SCREENSHOTS set, the draft editor and the preview are
 * photographed at 1440 px in Russian and English.
 */
describe('back office: drafts and the real preview', () => {
  const browser = setupBrowser();
  let server: RunningServer;
  let editorCookie: string;
  let itemId: string;
  const slug = 'draft-journey';
  const live = { ru: 'Старт продаж во втором корпусе', en: 'Sales open in the second building', zh: '二号楼开盘' };

  beforeAll(async () => {
    const started = await startServerWithAdmin();
    server = started.server;
    const adminCookie = await signInOverHttp(server.url, started.admin.email, started.admin.password);
    const editor = await createStaffOverHttp(server.url, adminCookie, 'editor');
    editorCookie = await signInOverHttp(server.url, editor.email, editor.password);
    const created = await postOverHttp(server.url, editorCookie, '/api/admin/content/news/', {
      values: {
        slug,
        title: live,
        lead: { ru: 'Анонс', en: 'The summary', zh: '摘要' },
        body: { ru: '<p>Текст</p>', en: '<p>The published text.</p>', zh: '<p>文本</p>' },
        image: { src: 'catalogue/covers/sosnovy.png', width: 1600, height: 1000 },
        projectId: 2,
        realtyTypes: ['flat'],
        publishedAt: '2026-11-27',
        published: true,
        publishAt: null,
        unpublishAt: null,
      },
    });
    expect(created.status).toBe(201);
    itemId = ((await created.json()) as { id: string }).id;
  }, 180_000);
  afterAll(async () => server?.stop());

  async function signedIn(adminLocale: 'ru' | 'en' = 'ru'): Promise<Page> {
    const { page, context } = await browser.page({ baseURL: server.url });
    await context.addCookies([browserSessionCookie(server.url, editorCookie), { name: 'admin_locale', value: adminLocale, url: server.url }]);
    return page;
  }

  /** The public page's main heading, read again until it says `title` (a kept page follows the data version). */
  async function expectPublicTitle(page: Page, path: string, title: string) {
    await expect
      .poll(async () => {
        const res = await page.goto(`${server.url}${path}`);
        return res?.status() === 200 ? page.getByRole('heading', { level: 1 }).textContent() : `HTTP ${res?.status()}`;
      })
      .toBe(title);
  }

  const shoot = async (page: Page, name: string) => {
    if (process.env.ADMIN_SCREENSHOTS) await page.screenshot({ path: `${process.env.ADMIN_SCREENSHOTS}/${name}.png`, fullPage: true });
  };

  it('saves a draft as the editor types, previews it on the real page, keeps the site as it was, then publishes it', async () => {
    const page = await signedIn('ru');
    const visitor = (await browser.page({ baseURL: server.url })).page;
    await page.goto(`/admin/content/news/${itemId}`);
    await hydrated(page);
    await page.getByText('Запись опубликована. Правки сохраняются в черновик сами').waitFor();

    await page.getByLabel('Заголовок · English').fill('Sales open in the second building on Monday');
    await page.getByLabel('Анонс · English').fill('The draft summary');
    // Saved once typing pauses: the status says when, and is true (no "saved" before the server said so).
    await page
      .getByRole('status')
      .getByText(/^Черновик сохранён в \d{2}:\d{2}$/)
      .waitFor();
    await expectNoAxeViolations(page);
    await shoot(page, 'draft-editor-ru-1440');

    // The site still shows the published item.
    await expectPublicTitle(visitor, `/en/news/${slug}`, live.en);

    // The preview: the item's own public page, made from the draft, with its band.
    await page.getByRole('link', { name: 'Предпросмотр черновика · English' }).click();
    await page.waitForURL(new RegExp(`/en/news/${slug}\\?preview=news(:|%3A)${itemId}$`));
    await page.getByRole('heading', { level: 1, name: 'Sales open in the second building on Monday' }).waitFor();
    await page.getByRole('note', { name: 'Preview' }).getByText('Draft preview. Visitors to the site see the published version.').waitFor();
    await page.getByText('The draft summary').waitFor();
    // The real page's own parts: its breadcrumbs and its date written as the site writes it.
    await page.getByText('Published 27 November 2026').waitFor();
    await expectNoAxeViolations(page);
    await shoot(page, 'preview-en-1440');
    await page.goto(`/admin/content/news/${itemId}/preview?lang=ru`);
    await page.getByRole('note', { name: 'Предпросмотр' }).waitFor();
    await shoot(page, 'preview-ru-1440');

    // A visitor at the preview's own address still gets the published page.
    await visitor.goto(`${server.url}/en/news/${slug}?preview=news:${itemId}`);
    expect(await visitor.getByRole('heading', { level: 1 }).textContent()).toBe(live.en);
    expect(await visitor.getByRole('note', { name: 'Preview' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Вернуться к редактированию' }).click();
    await hydrated(page);
    expect(await page.getByLabel('Заголовок · English').inputValue()).toBe('Sales open in the second building on Monday');
    await page.getByRole('button', { name: 'Опубликовать изменения' }).click();
    await page.getByRole('status').getByText('Изменения опубликованы.', { exact: true }).waitFor();
    await expectPublicTitle(visitor, `/en/news/${slug}`, 'Sales open in the second building on Monday');
    // One change in the item's history, field by field.
    const history = page.getByRole('region', { name: 'История изменений' });
    await expect.poll(() => history.getByRole('row').count()).toBe(3);
    expect((await history.getByRole('row').nth(1).textContent())?.replace(/\s+/g, ' ')).toContain(
      'Заголовок (EN): было:Sales open in the second building → стало:Sales open in the second building on Monday',
    );

    // A second draft, discarded after the dialog's question: the form is back at the published item.
    await page.getByLabel('Заголовок · English').fill('A title nobody will read');
    await page
      .getByRole('status')
      .getByText(/^Черновик сохранён в/)
      .waitFor();
    await page.getByRole('button', { name: 'Удалить черновик' }).click();
    const ask = page.getByRole('dialog', { name: 'Удалить черновик?' });
    await ask.getByRole('button', { name: 'Удалить черновик' }).click();
    await page.getByText('Черновик удалён: в форме опубликованная версия.').waitFor();
    await expect.poll(() => page.getByLabel('Заголовок · English').inputValue()).toBe('Sales open in the second building on Monday');
    await expectPublicTitle(visitor, `/en/news/${slug}`, 'Sales open in the second building on Monday');
  }, 240_000);

  it('says in English that the draft was saved, and reads dates as English writes them', async () => {
    const page = await signedIn('en');
    await page.goto(`/admin/content/news/${itemId}`);
    await hydrated(page);
    const scheduled = page.getByRole('textbox', { name: 'Take off the site at (schedule)' });
    await scheduled.fill('31/12/2026 23:30');
    await page
      .getByRole('status')
      .getByText(/^Draft saved at \d{2}:\d{2}$/)
      .waitFor();
    expect(await page.getByRole('textbox', { name: 'Publication date' }).inputValue()).toBe('27/11/2026');
    await expectNoAxeViolations(page);
    await shoot(page, 'draft-editor-en-1440');
    // An unpublishing moment before the publishing one is named on its field, in English.
    await page.getByRole('textbox', { name: 'Show on the site from (schedule)' }).fill('01/01/2027 10:00');
    await page
      .getByRole('status')
      .getByText(/^Draft saved at/)
      .waitFor();
    await page.getByRole('button', { name: 'Publish the changes' }).click();
    await page.getByText('An item can only leave the site after it appears').waitFor();
    await page.getByRole('button', { name: 'Discard the draft' }).click();
    await page.getByRole('dialog', { name: 'Discard the draft?' }).getByRole('button', { name: 'Discard the draft' }).click();
    await page.getByText('The draft was discarded').waitFor();
  }, 240_000);
});
