import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { antibotHeaders } from '#core/http/antibot.ts';
import { DEMO_ANTIBOT_SALT } from '#server/config.ts';
import type { RunningServer } from '../../support/server.ts';
import { CSRF } from '../../support/app.ts';
import {
  browserSessionCookie,
  createStaffOverHttp,
  postOverHttp,
  signInOverHttp,
  startServerWithAdmin,
  totpCode,
  type TestStaff,
} from '../../support/admin.ts';
import { expectNoAxeViolations, hydrated, setupBrowser } from '../browser.ts';

/**
 * The back office in Chromium (ADR 025): signing in, the lockout, TOTP, each role's part, leads and the audit trail.
 * Its own server: the database starts with an administrator (`npm run admin:create`); leads go to a CRM that does
 * not answer, so their delivery fails and can be redelivered.
 */
describe('back office', () => {
  const b = setupBrowser();
  let server: RunningServer;
  let admin: TestStaff;
  let sales: TestStaff;
  let editor: TestStaff;
  let lockMe: TestStaff;
  let editorNoCode: TestStaff;
  let leadId: string;

  beforeAll(async () => {
    ({ server, admin } = await startServerWithAdmin({ CAPTCHA_MODE: 'off', CRM_WEBHOOK_URL: 'http://127.0.0.1:9/crm', ADMIN_SIGNIN_FAILURES: '3' }));
    const adminCookie = await signInOverHttp(server.url, admin.email, admin.password);
    [sales, editor, editorNoCode, lockMe] = await Promise.all([
      createStaffOverHttp(server.url, adminCookie, 'sales'),
      createStaffOverHttp(server.url, adminCookie, 'editor'),
      createStaffOverHttp(server.url, adminCookie, 'editor'),
      createStaffOverHttp(server.url, adminCookie, 'sales'),
    ]);
    const { version } = (await import('../../../package.json', { with: { type: 'json' } })).default as { version: string };
    const path = '/api/request/';
    const res = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: {
        origin: server.url,
        'content-type': 'application/json',
        cookie: `csrftoken=${CSRF}`,
        'x-csrftoken': CSRF,
        ...antibotHeaders(DEMO_ANTIBOT_SALT, version, path),
      },
      body: JSON.stringify({ name: 'Ксения Лидова', phone: '+7 916 555-12-34', email: 'ksenia@example.ru', consent: true }),
    });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    leadId = ((await res.json()) as { id: string }).id;
  }, 240_000);
  afterAll(async () => server?.stop());

  async function open(path: string, member?: TestStaff): Promise<Page> {
    const { page, context } = await b.page({ baseURL: server.url });
    if (member) await context.addCookies([browserSessionCookie(server.url, await signInOverHttp(server.url, member.email, member.password))]);
    await page.goto(path);
    await hydrated(page);
    return page;
  }

  async function signInWithForm(page: Page, member: TestStaff, password = member.password) {
    await page.getByLabel('Электронная почта').fill(member.email);
    await page.getByLabel('Пароль').fill(password);
    await page.getByRole('button', { name: 'Войти' }).click();
  }

  it('says without JavaScript that the back office needs it, on the sign-in page and inside', async () => {
    const { page, context } = await b.page({ baseURL: server.url, javaScriptEnabled: false });
    await page.goto('/admin/login');
    await page.getByRole('alert').filter({ hasText: 'JavaScript' }).waitFor();
    await context.addCookies([browserSessionCookie(server.url, await signInOverHttp(server.url, admin.email, admin.password))]);
    await page.goto('/admin/content/news');
    await page.getByRole('alert').filter({ hasText: 'JavaScript' }).waitFor();
  });

  it('sends a visitor from /admin/leads to the sign-in page, and back there once signed in', async () => {
    const { page } = await b.page({ baseURL: server.url });
    const login = await page.goto('/admin/leads');
    expect(page.url()).toMatch(/\/admin\/login\?next=%2Fadmin%2Fleads$/);
    expect(login?.headers()['cache-control']).toBe('no-store');
    expect(login?.headers()['x-robots-tag']).toMatch(/noindex/);
    await hydrated(page);
    await expect.poll(() => page.getByRole('navigation', { name: 'Разделы управления' }).count()).toBe(0);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Вход в управление сайтом' }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
    await signInWithForm(page, sales);
    await page.getByRole('heading', { level: 1, name: 'Заявки' }).waitFor();
    expect(page.url()).toMatch(/\/admin\/leads$/);
  });

  it('signs an administrator in with the form and shows every section', async () => {
    const page = await open('/admin/login');
    await signInWithForm(page, admin);
    await page.getByRole('heading', { level: 1, name: 'Обзор' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Разделы управления' });
    for (const name of ['Заявки', 'Сотрудники', 'Журнал действий']) expect(await nav.getByRole('link', { name }).isVisible()).toBe(true);
    await nav.getByRole('link', { name: 'Сотрудники' }).click();
    await page.getByRole('heading', { level: 1, name: 'Сотрудники' }).waitFor();
    expect(await page.getByRole('rowheader', { name: sales.email }).isVisible()).toBe(true);
    await expectNoAxeViolations(page);
  });

  it('fits the header on one line at 1280–1440 px in Russian and English, and scrolls nothing sideways at 375 px (each page with a table)', async () => {
    const cookie = await signInOverHttp(server.url, admin.email, admin.password);
    // A redirect: its page has the history table (its creation) under the form.
    const created = await postOverHttp(server.url, cookie, '/api/admin/content/redirects/', { values: { oldPath: '/narrow-history', newPath: '/promo' } });
    expect(created.status, await created.clone().text()).toBe(201);
    const item = `/admin/content/redirects/${((await created.json()) as { id: string }).id}`;
    const pages = [
      { path: '/admin/audit', widths: [375, 1280, 1366, 1440] },
      ...[item, '/admin/content/redirects', '/admin/leads', '/admin/users'].map((path) => ({ path, widths: [375] })),
    ];
    for (const { path, widths } of pages)
      for (const locale of ['ru', 'en'] as const)
        for (const width of widths) {
          const { page, context } = await b.page({ baseURL: server.url, viewport: { width, height: 800 } });
          await context.addCookies([browserSessionCookie(server.url, cookie), { name: 'admin_locale', value: locale, url: server.url }]);
          await page.goto(path);
          await hydrated(page);
          await page.getByRole('table').waitFor();
          const header = page.getByRole('banner');
          if (process.env.ADMIN_SCREENSHOTS && path === '/admin/audit')
            await header.screenshot({ path: `${process.env.ADMIN_SCREENSHOTS}/header-${locale}-${width}.png` });
          const where = `${path} in ${locale} at ${width} px`;
          // Nothing wider than the window (a wide table scrolls inside itself, its hidden headings too).
          expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), where).toBeLessThanOrEqual(0);
          // Every part of the header (brand, each link, the language switch, the member, sign-out) on one line.
          const rows = await header.evaluate((el) => {
            const parts = [...el.querySelectorAll('p, li, button')].filter((p) => !p.closest('li') || p.tagName === 'LI');
            const rects = parts.map((p) => p.getBoundingClientRect()).filter((r) => r.width > 0);
            return { top: Math.max(...rects.map((r) => r.top)), bottom: Math.min(...rects.map((r) => r.bottom)) };
          });
          if (width >= 1280) expect(rows.top, where).toBeLessThan(rows.bottom);
          // The sections stay reachable on a phone.
          await page
            .getByRole('navigation')
            .getByRole('link', { name: locale === 'ru' ? 'Журнал действий' : 'Audit trail' })
            .waitFor();
          await context.close();
        }
  }, 240_000);

  it('makes a browser that failed too often wait, the right password included, with a clear message', async () => {
    const page = await open('/admin/login');
    for (let i = 0; i < 2; i++) {
      await signInWithForm(page, lockMe, `wrong-${i}`);
      await page.getByRole('alert').filter({ hasText: 'Неверная почта или пароль.' }).waitFor();
    }
    await signInWithForm(page, lockMe, 'wrong-again');
    await page.getByRole('alert').filter({ hasText: 'Слишком много неудачных попыток из вашей сети. Повторите после' }).waitFor();
    await signInWithForm(page, lockMe);
    await page.getByRole('alert').filter({ hasText: 'Слишком много неудачных попыток из вашей сети. Повторите после' }).waitFor();
    expect(page.url()).toMatch(/\/admin\/login$/);
  });

  it('enrols TOTP and then signs in with a code', async () => {
    const page = await open('/admin/account', editor);
    await page.getByLabel('Текущий пароль').fill(editor.password);
    await page.getByRole('button', { name: 'Включить' }).click();
    await page.getByRole('img', { name: 'QR-код для приложения-аутентификатора' }).waitFor();
    await expectNoAxeViolations(page);
    const secret = (await page.getByText(/^[A-Z2-7]{16,}$/).textContent())!.trim();
    await page.getByLabel('Код из приложения').fill(await totpCode(secret));
    await page.getByRole('button', { name: 'Подтвердить код' }).click();
    await page.getByRole('status').filter({ hasText: 'Двухфакторная проверка включена.' }).waitFor();

    const again = await open('/admin/login');
    await signInWithForm(again, editor);
    // The code that confirmed the enrolment is spent until it expires (no replay): the next period's code.
    await again.getByLabel('Код из приложения').fill(await totpCode(secret, 1));
    await again.getByRole('button', { name: 'Подтвердить' }).click();
    await again.getByRole('heading', { level: 1, name: 'Обзор' }).waitFor();
  });

  it('gives each role its part only', async () => {
    const salesPage = await open('/admin', sales);
    const nav = salesPage.getByRole('navigation', { name: 'Разделы управления' });
    expect(await nav.getByRole('link', { name: 'Заявки' }).isVisible()).toBe(true);
    expect(await nav.getByRole('link', { name: 'Сотрудники' }).count()).toBe(0);
    const users = await salesPage.goto('/admin/users');
    expect(users?.status()).toBe(403);
    await salesPage.getByRole('heading', { level: 1, name: 'Нет доступа' }).waitFor();

    const editorPage = await open('/admin/leads', editorNoCode);
    await editorPage.getByRole('heading', { level: 1, name: 'Нет доступа' }).waitFor();
  });

  it('lists, searches, opens, redelivers and exports leads; the audit trail shows the views', async () => {
    const page = await open('/admin/leads', sales);
    await page.getByRole('heading', { level: 1, name: 'Заявки' }).waitFor();
    await page.getByLabel('Поиск').fill('Ксения');
    await page.getByRole('button', { name: 'Показать' }).click();
    await page.getByRole('status').filter({ hasText: 'Найдено: 1' }).waitFor();
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: new RegExp(`Открыть заявку ${leadId}`) }).click();
    await page.getByRole('heading', { level: 1, name: `Заявка ${leadId}` }).waitFor();
    expect(await page.getByText('+79165551234').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Отправить повторно' }).click();
    await page.getByRole('status').filter({ hasText: 'поставлена в очередь' }).waitFor();
    await expectNoAxeViolations(page);

    await page.goto('/admin/leads');
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Выгрузить CSV' }).click();
    const csv = await (await download).createReadStream();
    let text = '';
    for await (const chunk of csv) text += String(chunk);
    expect(text).toContain('Ксения Лидова');

    const audit = await open('/admin/audit', admin);
    // The filter names each kind the trail records in the member's language.
    const entity = audit.getByLabel('Объект', { exact: true });
    expect(await entity.getByRole('option').allTextContents()).toEqual(expect.arrayContaining(['Заявки', 'Сотрудники', 'Новости', 'Переадресации']));
    await entity.selectOption({ label: 'Заявки' });
    await audit.getByRole('button', { name: 'Показать' }).click();
    await audit.getByRole('cell', { name: 'выгрузка персональных данных' }).first().waitFor();
    await audit
      .getByRole('cell', { name: `Заявки ${leadId}` })
      .first()
      .waitFor();
    expect(await audit.getByRole('cell', { name: 'просмотр персональных данных' }).count()).toBeGreaterThan(0);
    expect(await audit.getByRole('cell', { name: 'повторная отправка' }).count()).toBe(1);
    await expectNoAxeViolations(audit);
  });
});
