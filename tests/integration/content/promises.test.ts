import { afterAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { settings as demo } from '#content/settings.ts';
import { demoLandings, LANDING_SLUG } from '#content/landings.ts';
import { antibotHeaders } from '#core/http/antibot.ts';
import { DEMO_ANTIBOT_SALT } from '#server/config.ts';
import { alertSubscriptions } from '#server/db/schema/index.ts';
import { CSRF } from '#tests/support/app.ts';
import { LANGS } from '#tests/support/languages.ts';
import { noScriptVisitor } from '#tests/support/no-script.ts';
import { setupSiteApp, SITE } from '#tests/support/site.ts';

/**
 * Promises backed by settings (issue #38 "Promises without a means"), on the site as it serves pages (no SMTP_URL,
 * like a server with no mail configured): the sales team's messengers and languages are the settings', and every
 * surface that offers them reads them (the settings API, the Chinese landing, the contacts page); a form that relies
 * on mail is not offered where no mail can be sent, and its API says so. The same settings unset, on the landing:
 * app/components/landings/landing-page.dom.test.tsx; the editor's change: tests/integration/content/admin-content-site.test.ts.
 */
const site = setupSiteApp();
const zh = LANGS.find((l) => l.lang === 'zh')!;
const zhLanding = demoLandings.find((l) => l.locale === 'zh')!.content;

describe('what the sales team is reached by', () => {
  const visitor = noScriptVisitor(site.fetch, { locale: 'zh' });
  afterAll(() => visitor.close());

  it('is the settings’: the WeChat ID, Telegram and the Chinese-speaking manager on the settings API, the Chinese landing and the contacts', async () => {
    const settings = (await (await site.fetch(`${SITE}/api/settings/?lang=zh`)).json()) as Record<string, unknown>;
    expect(settings).toMatchObject({ wechat: demo.wechat, telegram: demo.telegram, whatsapp: demo.whatsapp, salesLanguages: ['ru', 'en', 'zh'] });
    expect(demo.wechat).not.toBe('');

    const landing = await visitor.open(`/zh/${LANDING_SLUG}`);
    expect(landing.status).toBe(200);
    // The editor's promise of a manager who speaks Chinese: the settings list Chinese among the sales team's languages.
    expect(landing.main.getByRole('heading', { level: 2, name: zhLanding.promise.title })).toBeTruthy();
    expect(landing.main.getByRole('heading', { level: 2, name: zhLanding.form.title })).toBeTruthy();
    const messengers = landing.document.querySelector('[data-landing-messengers]')!;
    expect(messengers.textContent).toContain(zh.m.contact.wechat);
    expect(messengers.textContent).toContain(demo.wechat);
    expect(messengers.querySelector(`a[href="https://t.me/${demo.telegram}"]`)).not.toBeNull();
    expect(messengers.querySelector(`a[href="https://wa.me/${demo.whatsapp.slice(1)}"]`)).not.toBeNull();

    const contacts = await visitor.open('/zh/contacts');
    expect(contacts.status).toBe(200);
    expect(contacts.main.getByText(demo.wechat)).toBeTruthy();
    expect(contacts.document.querySelector(`main a[href="https://t.me/${demo.telegram}"]`)).not.toBeNull();
    expect(contacts.document.querySelector('main [data-sales-languages]')?.textContent).toBe('我们的经理会说俄语、英语和中文。');
  });
});

describe('alerts on a server that sends no e-mail', () => {
  it('are not offered on the filter and lot pages in any language, and their API refuses with a 503 that says why, storing nothing', async () => {
    const found = (await (await site.fetch(`${SITE}/api/filter/?type=flat&status=free&limit=1`)).json()) as { results: { id: string; url: string }[] };
    const lot = found.results[0]!;
    for (const { lang, prefix, m } of LANGS) {
      const visitor = noScriptVisitor(site.fetch, { locale: lang });
      for (const path of [`${prefix}/filter`, `${prefix}${lot.url}`]) {
        const page = await visitor.open(path);
        expect(page.status, path).toBe(200);
        expect(page.document.querySelector('[data-alert-form]'), path).toBeNull();
        expect(page.main.queryByText(m.alerts.search.title), path).toBeNull();
        expect(page.main.queryByText(m.alerts.lot.title), path).toBeNull();
      }
      await visitor.close();
      const url = `/api/alerts/?lang=${lang}`;
      const res = await site.fetch(`${SITE}${url}`, {
        method: 'POST',
        // A legitimate browser call (same origin, the CSRF pair, the anti-bot token of the site app's version).
        headers: {
          'content-type': 'application/json',
          origin: SITE,
          cookie: `csrftoken=${CSRF}`,
          'x-csrftoken': CSRF,
          ...antibotHeaders(DEMO_ANTIBOT_SALT, '1.0.0-test', url),
        },
        body: JSON.stringify({ kind: 'lot', lot: lot.id, email: 'buyer@example.com', consent: true }),
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ detail: m.alerts.unavailable });
    }
    const [stored] = await site.database().db.select({ n: count() }).from(alertSubscriptions);
    expect(stored!.n).toBe(0);
  });
});
