import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserSessionCookie, createStaffOverHttp, signInOverHttp, startServerWithAdmin, type TestStaff } from '#tests/support/admin.ts';
import type { RunningServer } from '#tests/support/server.ts';
import { expectNoAxeViolations, hydrated, setupBrowser } from '../browser.ts';

/**
 * Content editing in the back office (issue #18, ADR 026), in Chromium against the production build: an editor
 * signs in, writes a news item in three languages with a picture, previews it, publishes it and reads it on the
 * site in each language, changes it (as a draft, once published) and reverts the change; two tabs editing one
 * item's draft; a sales member refused. The public pages are kept per data version (ADR 023): they follow each save
 * without a wait of ours.
 */
describe('back office: content', () => {
  const browser = setupBrowser();
  let server: RunningServer;
  let editor: TestStaff;
  let sales: TestStaff;
  let editorCookie: string;
  let adminCookie: string;

  beforeAll(async () => {
    const started = await startServerWithAdmin();
    server = started.server;
    adminCookie = await signInOverHttp(server.url, started.admin.email, started.admin.password);
    [editor, sales] = await Promise.all([createStaffOverHttp(server.url, adminCookie, 'editor'), createStaffOverHttp(server.url, adminCookie, 'sales')]);
    editorCookie = await signInOverHttp(server.url, editor.email, editor.password);
  }, 180_000);
  afterAll(async () => server?.stop());

  async function signedIn(cookie: string): Promise<Page> {
    const { page, context } = await browser.page({ baseURL: server.url });
    await context.addCookies([browserSessionCookie(server.url, cookie)]);
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

  it('signs in, writes a news item in three languages, previews, publishes, edits and reverts it', async () => {
    const { page } = await browser.page({ baseURL: server.url });
    await page.goto('/admin/login');
    await hydrated(page);
    await page.getByLabel('Электронная почта').fill(editor.email);
    await page.getByLabel('Пароль').fill(editor.password);
    await page.getByRole('button', { name: 'Войти' }).click();
    await page.waitForURL(/\/admin$/);

    await page.goto('/admin/content/news');
    await hydrated(page);
    await page.getByRole('link', { name: 'Добавить' }).click();
    await page.getByRole('heading', { name: 'Новая запись: Новости' }).waitFor();
    const slug = 'back-office-news';
    await page.getByLabel('Адрес (slug)').fill(slug);
    const titles = { ru: 'Открыт новый офис продаж', en: 'A new sales office opens', zh: '新销售办公室开业' };
    for (const [lang, name] of [
      ['ru', 'Русский'],
      ['en', 'English'],
      ['zh', '中文'],
    ] as const) {
      await page.getByLabel(`Заголовок · ${name}`).fill(titles[lang]);
      await page.getByLabel(`Анонс · ${name}`).fill(`${titles[lang]} — ${lang}`);
    }
    // A missing translation is flagged until it is written.
    await page.getByText('Нет перевода').first().waitFor();
    for (const [lang, name] of [
      ['ru', 'Русский'],
      ['en', 'English'],
      ['zh', '中文'],
    ] as const) {
      const body = page.getByRole('textbox', { name: `Текст · ${name}` });
      await body.click();
      await page.keyboard.type('Rich text: ');
      // The bold button of this language's toolbar (the one just before its text box).
      const bold = page
        .getByRole('group', { name: `Текст` })
        .getByRole('toolbar')
        .nth(['ru', 'en', 'zh'].indexOf(lang))
        .getByRole('button', { name: 'Жирный' });
      await bold.click();
      // Typing starts once bold is on and the caret is back in the text (the editor refocuses on the next frame).
      await expect.poll(() => bold.getAttribute('aria-pressed')).toBe('true');
      await expect.poll(() => body.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.type(`Body ${lang}`);
    }
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2a6' } })
      .png()
      .toBuffer();
    await page.getByLabel('Загрузить изображение').setInputFiles({ name: 'office.png', mimeType: 'image/png', buffer: png });
    await page.getByRole('img', { name: 'Загруженное изображение' }).waitFor();
    // Dates are written as the interface's language writes them (issue #42), whatever the browser's language.
    await page.getByLabel('Дата публикации').fill('27.11.2026');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('status').getByText('Запись создана.', { exact: true }).waitFor();
    expect(await page.getByText('Нет перевода').count()).toBe(0);

    // Not on the site before it is published; the preview shows it to staff on its real page in each language.
    const visitor = (await browser.page({ baseURL: server.url })).page;
    expect((await visitor.goto(`${server.url}/en/news/${slug}`))?.status()).toBe(404);
    const editing = page.url();
    await page.getByRole('link', { name: 'Предпросмотр · English' }).click();
    await page.getByRole('heading', { level: 1, name: titles.en }).waitFor();
    await page.getByRole('note', { name: 'Preview' }).getByText('There is no draft').waitFor();
    await expectNoAxeViolations(page);
    await page.goto(`${editing}/preview?lang=zh`);
    await page.getByRole('heading', { level: 1, name: titles.zh }).waitFor();
    await page.goto(editing);
    await hydrated(page);

    await page.getByRole('button', { name: 'Опубликовать' }).click();
    await page.getByRole('status').getByText('Сохранено.', { exact: true }).waitFor();
    await expectPublicTitle(visitor, `/news/${slug}`, titles.ru);
    await expectPublicTitle(visitor, `/en/news/${slug}`, titles.en);
    await expectPublicTitle(visitor, `/zh/news/${slug}`, titles.zh);
    expect(await visitor.locator('article strong').first().textContent()).toBe('Body zh');

    // Published, it is edited as a draft (issue #42): the change shows once it is published; reverting it brings the
    // site back.
    await page.getByLabel('Заголовок · English').fill('A new sales office opens on Monday');
    await page.getByRole('button', { name: 'Опубликовать изменения' }).click();
    await page.getByRole('status').getByText('Изменения опубликованы.', { exact: true }).waitFor();

    await expectPublicTitle(visitor, `/en/news/${slug}`, 'A new sales office opens on Monday');
    const history = page.getByRole('region', { name: 'История изменений' });
    await expect.poll(() => history.getByRole('row').count()).toBe(4);
    // The change reads field by field, as the form shows it: the English title before and after.
    const latest = history.getByRole('row').nth(1);
    expect((await latest.getByRole('listitem').textContent())?.replace(/\s+/g, ' ')).toBe(
      `Заголовок (EN): было:${titles.en} → стало:A new sales office opens on Monday`,
    );
    // Reverting asks first; keeping it changes nothing.
    await history.getByRole('button', { name: 'Откатить' }).click();
    const ask = page.getByRole('dialog', { name: 'Откатить это изменение?' });
    await ask.getByRole('button', { name: 'Не откатывать' }).click();
    await ask.waitFor({ state: 'hidden' });
    expect(await page.getByLabel('Заголовок · English').inputValue()).toBe('A new sales office opens on Monday');
    await history.getByRole('button', { name: 'Откатить' }).click();
    await ask.getByRole('button', { name: 'Откатить' }).click();
    await page.getByRole('status').getByText('Изменение откачено.', { exact: true }).waitFor();
    await expect.poll(() => page.getByLabel('Заголовок · English').inputValue()).toBe(titles.en);
    await expectPublicTitle(visitor, `/en/news/${slug}`, titles.en);
  }, 240_000);

  it('tells the second of two tabs editing one published item’s draft that it changed, and overwrites nothing', async () => {
    const [first, second] = await Promise.all([signedIn(editorCookie), signedIn(editorCookie)]);
    for (const page of [first, second]) {
      await page.goto('/admin/content/promo');
      await hydrated(page);
      await page.getByRole('table').getByRole('link').first().click();
      await page.getByRole('button', { name: 'Опубликовать изменения' }).waitFor();
    }
    await first.getByLabel('Заголовок · English').fill('Changed by the first editor');
    await first
      .getByRole('status')
      .getByText(/^Черновик сохранён в/)
      .waitFor();
    await second.getByLabel('Анонс · English').fill('Changed by the second editor');
    await second.getByRole('alert').getByText('Черновик уже изменён в другой вкладке или другим сотрудником').waitFor();
    await expectNoAxeViolations(second);
    await second.getByRole('button', { name: 'Загрузить черновик' }).click();
    await expect.poll(() => second.getByLabel('Заголовок · English').inputValue()).toBe('Changed by the first editor');
  }, 240_000);

  it("edits a story's cards inside the story: moves one up, adds a text card; the site's cards follow", async () => {
    const page = await signedIn(editorCookie);
    await page.goto('/admin/content/stories');
    await hydrated(page);
    await page.getByRole('table').getByRole('link', { name: 'С террасой' }).click();
    await page.getByRole('group', { name: 'Карточки: 2-я запись' }).getByRole('button', { name: 'Выше' }).click();
    await page.getByRole('button', { name: /^Добавить\s*: Карточки$/ }).click();
    const added = page.getByRole('group', { name: 'Карточки: 3-я запись' });
    await added.getByLabel('Вид', { exact: true }).selectOption('text');
    await added.getByLabel('Заголовок · Русский').fill('Сдача в 2027 году');
    await added.getByLabel('Заголовок · English').fill('Ready in 2027');
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('status').getByText('Сохранено.', { exact: true }).waitFor();
    const cards = (await (await page.request.get('/api/story_cards_mobile/?slug=terrace&lang=en')).json()) as { results: { title: string; kind: string }[] };
    expect(cards.results.map((c) => c.title)).toEqual(['By the river and the pine park', 'A terrace of your own', 'Ready in 2027']);
    expect(cards.results[2]!.kind).toBe('text');
  }, 240_000);

  it('shows on its field that a slug another kind of page holds is taken', async () => {
    const page = await signedIn(editorCookie);
    await page.goto('/admin/content/collections');
    await hydrated(page);
    await page.getByRole('table').getByRole('link').first().click();
    const slug = page.getByLabel('Адрес (slug)');
    await slug.fill('careers');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    const message = 'Этот адрес уже занят: по нему открывается страница, подборка или лендинг. Выберите другой.';
    await expect.poll(() => slug.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (await slug.getAttribute('aria-describedby'))!;
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toContain(message);
  });

  it("picks a collection's lot by typing its project and number, with the keyboard, and shows it as a labelled chip (issue #42)", async () => {
    const page = await signedIn(editorCookie);
    await page.goto('/admin/content/collections');
    await hydrated(page);
    await page.getByRole('table').getByRole('link').first().click();
    const box = page.getByRole('combobox', { name: 'Лоты на выбор куратора (пусто — все по фильтру)' });
    await box.fill('Сосновый квартира 3');
    const options = page.getByRole('listbox', { name: 'Лоты на выбор куратора (пусто — все по фильтру)' }).getByRole('option');
    await expect.poll(() => options.count()).toBeGreaterThan(1);
    expect(await options.first().textContent()).toMatch(/^Сосновый берег, .+ — .+ № 3, [\d,]+ м²$/);
    const second = (await options.nth(1).textContent())!;
    await box.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await options.nth(1).getAttribute('id'));
    await box.press('Enter');
    const chips = page.getByRole('list', { name: 'Выбрано' });
    await expect.poll(() => chips.getByRole('listitem').allTextContents()).toEqual([second]);
    await expectNoAxeViolations(page);

    // Saved as the lot's id, and named again by its label when the form opens.
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Сохранено').first().waitFor();
    await page.reload();
    await hydrated(page);
    await expect.poll(() => chips.getByRole('listitem').allTextContents()).toEqual([second]);
    await page.getByRole('button', { name: `Убрать: ${second}` }).click();
    await expect.poll(() => page.getByText('Пока ничего не выбрано.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByText('Сохранено').first().waitFor();
  });

  it('deletes an item after asking in a dialog, and the list brings it back with one click', async () => {
    const page = await signedIn(editorCookie);
    const visitorStatus = async () => (await fetch(`${server.url}/old-offer-page`, { redirect: 'manual' })).status;
    await page.goto('/admin/content/redirects/new');
    await hydrated(page);
    await page.getByLabel('Старый адрес').fill('/old-offer-page');
    await page.getByLabel('Новый адрес').fill('/promo');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('status').getByText('Запись создана.', { exact: true }).waitFor();
    await expect.poll(visitorStatus).toBe(301);

    await page.getByRole('button', { name: 'Удалить' }).click();
    const dialog = page.getByRole('dialog', { name: 'Удалить «/old-offer-page»?' });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Удалить' }).click();
    await page.getByRole('heading', { level: 1, name: 'Переадресации' }).waitFor();
    await page.getByRole('status').getByText('Запись «/old-offer-page» удалена.', { exact: true }).waitFor();
    expect(await page.getByRole('table').getByRole('link', { name: '/old-offer-page' }).count()).toBe(0);
    await expect.poll(visitorStatus).toBe(404);

    await page.getByRole('status').getByRole('button', { name: 'Откатить' }).click();
    await page.getByRole('heading', { level: 1, name: 'Изменение: /old-offer-page' }).waitFor();
    await expect.poll(visitorStatus).toBe(301);
  });

  it('reverts a change from the audit trail after asking in a dialog, and says so', async () => {
    const page = await signedIn(adminCookie);
    const target = async () => (await fetch(`${server.url}/audit-old-path`, { redirect: 'manual' })).headers.get('location');
    await page.goto('/admin/content/redirects/new');
    await hydrated(page);
    await page.getByLabel('Старый адрес').fill('/audit-old-path');
    await page.getByLabel('Новый адрес').fill('/promo');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('status').getByText('Запись создана.', { exact: true }).waitFor();
    await page.getByLabel('Новый адрес').fill('/news');
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('status').getByText('Сохранено.', { exact: true }).waitFor();
    await expect.poll(target).toMatch(/\/news$/);

    await page.goto('/admin/audit?entity=content_redirects');
    await hydrated(page);
    const row = page
      .getByRole('row')
      .filter({ hasText: '/news' })
      .filter({ has: page.getByRole('cell', { name: 'изменение', exact: true }) });
    await row.getByRole('button', { name: /^Откатить/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Откатить изменение № \d+\?$/ });
    await dialog.waitFor();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Откатить' }).click();
    await page
      .getByRole('status')
      .getByText(/^Изменение № \d+ откачено\./)
      .waitFor();
    await expect.poll(target).toMatch(/\/promo$/);
    // The revert is the trail's newest entry; the link opens the item as it is now.
    await page.getByRole('cell', { name: 'откат', exact: true }).first().waitFor();
    await page.getByRole('status').getByRole('link', { name: 'Открыть запись' }).click();
    await expect.poll(() => page.getByLabel('Новый адрес').inputValue()).toBe('/promo');
  }, 240_000);

  it("changes the projects an office serves with its form's choices, and the contacts page lists them at once", async () => {
    const page = await signedIn(editorCookie);
    const office = 'Офис продаж «Северные высоты»';
    await page.goto('/admin/content/offices');
    await hydrated(page);
    await page.getByRole('table').getByRole('link', { name: office }).click();
    const choices = page.getByRole('group', { name: 'Проекты, которые обслуживает офис' });
    const box = choices.getByRole('checkbox', { checked: false }).first();
    const project = (await box.locator('xpath=..').textContent())!.trim();
    await box.check();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('status').getByText('Сохранено.', { exact: true }).waitFor();

    const visitor = (await browser.page({ baseURL: server.url })).page;
    await expect
      .poll(async () => {
        await visitor.goto('/contacts');
        return visitor.getByRole('article', { name: office }).getByRole('link', { name: project, exact: true }).count();
      })
      .toBe(1);
  }, 240_000);

  it("writes a landing's long paragraphs in text areas and its short points on lines", async () => {
    const page = await signedIn(editorCookie);
    await page.goto('/admin/content/landings');
    await hydrated(page);
    await page.getByRole('table').getByRole('link').first().click();
    const paragraph = page.getByRole('group', { name: 'Оплата из-за рубежа' }).getByRole('textbox', { name: 'Абзацы: Строка 1' });
    expect(await paragraph.evaluate((el) => el.tagName)).toBe('TEXTAREA');
    const point = page.getByRole('group', { name: 'Обещание перезвонить' }).getByRole('textbox', { name: /: Строка 1$/ });
    expect(await point.evaluate((el) => el.tagName)).toBe('INPUT');
    const text = 'Pay from a bank account abroad in roubles or in your currency: the bank converts it at its rate on the day.';
    await paragraph.fill(text);
    await page.getByRole('button', { name: 'Сохранить' }).click();
    await page.getByRole('status').getByText('Сохранено.', { exact: true }).waitFor();
    const slug = await page.getByLabel('Адрес (slug)').inputValue();
    const locale = await page.getByLabel('Язык версии').inputValue();
    const landing = (await (await page.request.get(`/api/multilingual_landing/${slug}/?lang=${locale}`)).json()) as { payment: { paragraphs: string[] } };
    expect(landing.payment.paragraphs[0]).toBe(text);
  }, 240_000);

  it('imports redirects from a CSV file: a bad row is named by its line and nothing is applied; the fixed file is', async () => {
    const page = await signedIn(editorCookie);
    await page.goto('/admin/content/redirects');
    await hydrated(page);
    const upload = async (rows: string[]) => {
      await page
        .getByLabel('Файл CSV')
        .setInputFiles({ name: 'redirects.csv', mimeType: 'text/csv', buffer: Buffer.from(['id,oldPath,newPath', ...rows].join('\r\n')) });
      await page.getByRole('button', { name: 'Загрузить CSV' }).click();
    };
    await upload([',/csv-journey,/news', ',csv-no-slash,/promo']);
    const alert = page.getByRole('alert');
    await alert.getByText('Ничего не изменено: 1 строка не прошла проверку.').waitFor();
    expect(await alert.getByRole('listitem').textContent()).toMatch(/^Строка 3: .+ — /);
    await expectNoAxeViolations(page);
    expect((await page.request.get('/csv-journey', { maxRedirects: 0 })).status()).toBe(404);

    await upload([',/csv-journey,/news', ',/csv-journey-2,/promo']);
    await page.getByRole('status').getByText('Файл загружен: добавлено 2, изменено 0, без изменений 0.').waitFor();
    await page.getByRole('table').getByRole('link', { name: '/csv-journey-2' }).waitFor();
    const moved = await page.request.get('/csv-journey', { maxRedirects: 0 });
    expect([moved.status(), moved.headers().location]).toEqual([301, '/news']);
  }, 240_000);

  it('refuses a sales member (403) and sends a visitor to sign in, then back', async () => {
    const salesCookie = await signInOverHttp(server.url, sales.email, sales.password);
    const page = await signedIn(salesCookie);
    const refused = await page.goto('/admin/content/news');
    expect(refused?.status()).toBe(403);
    await page.getByRole('heading', { name: 'Нет доступа' }).waitFor();
    const visitor = (await browser.page({ baseURL: server.url })).page;
    await visitor.goto(`${server.url}/admin/content/news`);
    const at = new URL(visitor.url());
    expect([at.pathname, at.searchParams.get('next')]).toEqual(['/admin/login', '/admin/content/news']);
  });
});
