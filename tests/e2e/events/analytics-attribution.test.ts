import { describe, expect, it } from 'vitest';
import ru from '#core/i18n/catalogs/ru/index.ts';
import { hydrated } from '../browser.ts';
import { crm, notice, open, setUpAnalytics, VID, YM_UID } from './analytics-setup.ts';

/** Attribution on leads: what a request carries of the visit to the CRM (analytics-setup.ts). */
setUpAnalytics();

describe('attribution on leads', () => {
  it("a request sent pages later carries the visit's first UTM tags, landing page, external referrer, client id and visitor id to the CRM", async () => {
    const { page, context } = await open(notice);
    await context.addCookies([{ name: 'vid', value: VID, url: notice.url }]);
    await page.goto('/contacts?utm_source=ya&utm_campaign=spring', { referer: 'https://ya.ru/search?text=flat' });
    await hydrated(page);
    await expect.poll(async () => (await context.cookies()).some((c) => c.name === '_ym_uid')).toBe(true);
    await page.goto('/forms/callback?utm_source=other');
    await hydrated(page);
    const main = page.getByRole('main');
    await main.getByLabel(/^Имя/).fill('Аттрибуция');
    await main.getByLabel(/^Телефон/).fill('+7 916 321-00-01');
    await main.getByLabel(new RegExp(`^${ru.forms.fields.consent.slice(0, 20)}`)).check();
    await main.getByRole('button', { name: ru.forms.actions.send }).click();
    await expect.poll(() => crm.receipts.some((r) => (r.body.contact as { name: string }).name === 'Аттрибуция')).toBe(true);
    const lead = crm.receipts.find((r) => (r.body.contact as { name: string }).name === 'Аттрибуция')!.body;
    expect(lead.context).toEqual({
      page_url: '/forms/callback?utm_source=other',
      utm_source: 'ya',
      utm_campaign: 'spring',
      landing_page: '/contacts?utm_source=ya&utm_campaign=spring',
      referrer: 'https://ya.ru/search',
      analytics_client_id: YM_UID,
      visitor_id: VID,
      source: 'api',
    });
  });

  it('a visitor whose address held a name, a phone and an e-mail still sends the lead, and none of them reaches the CRM', async () => {
    const { page } = await open(notice);
    const personal = 'name=Ivan+Petrov&phone=%2B79161234567&comment=%D0%BF%D0%B5%D1%80%D0%B5%D0%B7%D0%B2%D0%BE%D0%BD%D0%B8%D1%82%D0%B5';
    const tags = 'utm_source=ivan%40mail.ru&utm_term=%2B79161234567&utm_medium=cpc';
    await page.goto(`/forms/callback?${personal}&${tags}#form`, { referer: 'https://mail.example/u/ivan.petrov/inbox/79161234567' });
    await hydrated(page);
    const main = page.getByRole('main');
    await main.getByLabel(/^Имя/).fill('Чистаяссылка');
    await main.getByLabel(/^Телефон/).fill('+7 916 321-00-03');
    await main.getByLabel(new RegExp(`^${ru.forms.fields.consent.slice(0, 20)}`)).check();
    await main.getByRole('button', { name: ru.forms.actions.send }).click();
    await expect.poll(() => crm.receipts.some((r) => (r.body.contact as { name: string }).name === 'Чистаяссылка')).toBe(true);
    const lead = crm.receipts.find((r) => (r.body.contact as { name: string }).name === 'Чистаяссылка')!.body;
    expect(lead.context).toMatchObject({
      page_url: '/forms/callback?utm_medium=cpc',
      utm_medium: 'cpc',
      landing_page: '/forms/callback?utm_medium=cpc',
      referrer: 'https://mail.example/',
      source: 'api',
    });
    const context = lead.context as Record<string, unknown>;
    expect(context.utm_source).toBeUndefined();
    expect(context.utm_term).toBeUndefined();
    expect(JSON.stringify(context)).not.toMatch(/Ivan|Petrov|ivan|9161234567|%D0/);
  });

  it('a request posted without JavaScript carries what the server knows: the page, its tags, the visitor id and the client id from their cookies', async () => {
    const { page, context } = await open(notice, { javaScriptEnabled: false });
    await context.addCookies([
      { name: 'vid', value: VID, url: notice.url },
      { name: '_ym_uid', value: YM_UID, url: notice.url },
    ]);
    await page.goto('/forms/callback?utm_source=nojs&utm_term=%2B79161234567&phone=%2B79161234567');
    const main = page.getByRole('main');
    await main.getByLabel(/^Имя/).fill('Безскрипта');
    await main.getByLabel(/^Телефон/).fill('+7 916 321-00-02');
    await main.getByLabel(new RegExp(`^${ru.forms.fields.consent.slice(0, 20)}`)).check();
    await main.getByRole('button', { name: ru.forms.actions.send }).click();
    await expect.poll(() => crm.receipts.some((r) => (r.body.contact as { name: string }).name === 'Безскрипта')).toBe(true);
    const lead = crm.receipts.find((r) => (r.body.contact as { name: string }).name === 'Безскрипта')!.body;
    expect(lead.context).toMatchObject({
      page_url: '/forms/callback?utm_source=nojs',
      utm_source: 'nojs',
      analytics_client_id: YM_UID,
      visitor_id: VID,
      source: 'form',
    });
    expect(JSON.stringify(lead.context)).not.toContain('9161234567');
  });
});
