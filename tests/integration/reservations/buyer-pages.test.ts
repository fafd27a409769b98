import { within } from '@testing-library/dom';
import { isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reservationSettings } from '#server/db/schema/index.ts';
import { LANGS } from '#tests/support/languages.ts';
import { fill, noScriptVisitor, type NoScriptPage } from '#tests/support/no-script.ts';
import { SITE } from '#tests/support/site.ts';
import { openReservations, plain, setupBuyerSite } from './buyer-site.ts';

/**
 * The buyer's pages without JavaScript (issue #39), on the production build with YooKassa pointed at its loopback
 * stand-in: the lot page's offer, the reserve page and its form's action (messages in each language, 303 to the
 * provider's page), the deal page in each state with its headers (private, no-store, noindex), its cancel form,
 * and a token that opens nothing. The same journey in a browser: tests/e2e/reservations/reserve.test.ts.
 */
const { site, fake } = setupBuyerSite('buyer_pages');

const labelPattern = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);

/** Free flats of the demo catalogue, as the filter lists them (each test reserves its own). */
let free: string[] = [];
beforeAll(async () => {
  free = await openReservations(site);
});

/** The provider's notification of `event` for payment `id`, posted as YooKassa's servers do. */
const notify = (event: string, id: string) =>
  site.fetch(`${SITE}/api/payments/yookassa/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'notification', event, object: { id, status: event.split('.')[1] } }),
  });

/** Fills the reserve form and posts it as a browser without JavaScript: the answer, redirects not followed. */
async function postReserve(page: NoScriptPage, values: { name?: string; phone?: string; email?: string; consent?: boolean }, m: (typeof LANGS)[number]['m']) {
  const form = page.document.querySelector('form[action$="/reserve"]') as HTMLFormElement;
  const region = within(form);
  fill(region.getByLabelText(labelPattern(m.forms.fields.name)), values.name ?? '');
  fill(region.getByLabelText(labelPattern(m.forms.fields.phone)), values.phone ?? '');
  fill(region.getByLabelText(labelPattern(m.forms.fields.email)), values.email ?? '');
  if (values.consent) fill(region.getByRole('checkbox', { name: labelPattern(m.forms.fields.consent) }));
  const body = new URLSearchParams();
  for (const element of Array.from(form.elements) as HTMLInputElement[]) {
    if (!element.name || element.type === 'submit' || (element.type === 'checkbox' && !element.checked)) continue;
    body.append(element.name, element.value);
  }
  return site.fetch(new URL(form.getAttribute('action')!, SITE).href, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: SITE, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: body.toString(),
  });
}

describe.each(LANGS)('the buyer’s pages without JavaScript in $lang', ({ lang, prefix, m }) => {
  const visitor = noScriptVisitor(site.fetch, { locale: lang });
  afterAll(() => visitor.close());
  const lotIndex = { ru: 0, en: 1, zh: 2 }[lang];

  it('a free lot offers online reservation with the terms; its reserve page is private, not indexed, and refuses bad fields in the language', async () => {
    const lotUrl = free[lotIndex]!;
    const lot = await visitor.open(`${prefix}${lotUrl}`);
    // The offer panel's button (the phone's bottom bar has its own).
    const link = lot.main.getAllByRole('link', { name: m.reservations.offer.action })[0]!;
    expect(link.getAttribute('href')).toBe(`${prefix}${lotUrl}/reserve`);
    const terms = plain(lot.document.getElementById('reserve-offer-terms')?.textContent);
    expect(terms).toMatch(
      lang === 'ru' ? /^Бронь на 7 дней за 50 000 ₽, возврат в течение 3 дней$/ : lang === 'en' ? /7 days.*₽50,000.*3 days/ : /预订 7 天.*3 天内可退款/,
    );

    const res = await site.fetch(`${SITE}${prefix}${lotUrl}/reserve`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const page = await visitor.open(`${prefix}${lotUrl}/reserve`);
    expect(page.document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(page.screen.getByRole('heading', { level: 1 }).textContent).toContain(m.reservations.reserve.title);

    const bad = await postReserve(page, { name: 'Anna', phone: '12', email: 'not-an-address' }, m);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('cache-control')).toBe('private, no-store');
    const html = await bad.text();
    expect(html).toContain(m.forms.validation.phone);
    expect(html).toContain(m.forms.validation.email);
    expect(html).toContain(m.forms.validation.consent);
  });

  it('a second post of one attempt goes to the same payment page; a third unpaid hold on one phone is refused (429)', async () => {
    const phone = `+7916555031${lotIndex}`;
    for (const i of [0, 1]) {
      const page = await visitor.open(`${prefix}${free[6 + 3 * lotIndex + i]!}/reserve`);
      const values = { name: 'Анна', phone, email: `limit-${lang}-${i}@example.ru`, consent: true };
      const answer = await postReserve(page, values, m);
      expect(answer.status).toBe(303);
      // The same form sent again (a double click, "back" and send): its hold, found by the form's key, not a new one.
      const again = await postReserve(page, values, m);
      expect([again.status, again.headers.get('location')]).toEqual([303, answer.headers.get('location')]);
    }
    const page = await visitor.open(`${prefix}${free[8 + 3 * lotIndex]!}/reserve`);
    const refused = await postReserve(page, { name: 'Анна', phone, email: `limit-${lang}@example.ru`, consent: true }, m);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('cache-control')).toContain('no-store');
    const html = plain(await refused.text());
    expect(html).toContain(plain(m.forms.validation.tooManyHolds));
    expect(html).toContain(`limit-${lang}@example.ru`);
  });

  it('a good post goes to the payment page; back on the deal page: being confirmed, then reserved, then canceled with a refund', async () => {
    const lotUrl = free[3 + lotIndex]!;
    const page = await visitor.open(`${prefix}${lotUrl}/reserve`);
    const answer = await postReserve(page, { name: 'Анна', phone: '+7 916 555-01-0' + lotIndex, email: `buyer-${lang}@example.ru`, consent: true }, m);
    expect(answer.status).toBe(303);
    const location = answer.headers.get('location')!;
    expect(location).toContain(`${fake().origin}/checkout/`);
    const payment = [...fake().payments.values()].find((p) => location.endsWith(p.id))!;
    expect(payment.amount).toEqual({ value: '50000.00', currency: 'RUB' });
    const returnUrl = new URL(
      (
        fake().requests.find((r) => (r.body as { metadata?: { reservationId?: string } })?.metadata?.reservationId === payment.metadata.reservationId)!
          .body as {
          confirmation: { return_url: string };
        }
      ).confirmation.return_url,
    );
    expect(returnUrl.pathname).toMatch(new RegExp(`^${prefix}/deal/[A-Za-z0-9_-]{32,}$`));
    const deal = returnUrl.pathname;

    const pending = await site.fetch(`${SITE}${deal}`, { headers: { accept: 'text/html' } });
    expect(pending.status).toBe(200);
    expect(pending.headers.get('cache-control')).toBe('private, no-store');
    expect(pending.headers.get('x-robots-tag')).toContain('noindex');
    let view = await visitor.open(deal);
    expect(view.document.querySelector('meta[http-equiv="refresh"]')).toBeTruthy();
    expect(view.document.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    expect(view.document.querySelector('link[rel="canonical"]')).toBeNull();
    expect(view.screen.getByRole('heading', { name: m.reservations.deal.pending.title })).toBeTruthy();

    await fake().succeed(payment.id);
    expect((await notify('payment.succeeded', payment.id)).status).toBe(200);
    view = await visitor.open(deal);
    expect(view.document.querySelector('meta[http-equiv="refresh"]')).toBeNull();
    expect(view.screen.getByRole('heading', { name: m.reservations.deal.reserved.title })).toBeTruthy();
    expect(view.document.querySelectorAll('[data-stage]')).toHaveLength(5);
    // The lot page no longer offers it.
    const lot = await visitor.open(`${prefix}${lotUrl}`);
    expect(lot.main.queryAllByRole('link', { name: m.reservations.offer.action })).toHaveLength(0);

    const cancel = within(view.screen.getByRole('heading', { name: m.reservations.deal.cancel.title }).closest('section') as HTMLElement);
    const refused = await visitor.press(cancel.getByRole('button', { name: m.reservations.deal.cancel.submit }), view);
    expect(refused.status).toBe(400);
    expect(refused.screen.getByText(m.reservations.deal.cancel.confirmRequired)).toBeTruthy();
    const form = within(refused.screen.getByRole('heading', { name: m.reservations.deal.cancel.title }).closest('section') as HTMLElement);
    fill(form.getByRole('checkbox', { name: m.reservations.deal.cancel.confirm }));
    view = await visitor.press(form.getByRole('button', { name: m.reservations.deal.cancel.submit }), refused);
    expect(view.status).toBe(200);
    expect(view.url).toBe(`${SITE}${deal}`);
    expect(view.screen.getByRole('heading', { name: m.reservations.deal.canceled.title })).toBeTruthy();
    expect(fake().refunds.size).toBeGreaterThan(0);
  });

  it('a token that opens nothing is the site’s 404, private, with no hint', async () => {
    const res = await site.fetch(`${SITE}${prefix}/deal/${'x'.repeat(43)}`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(await res.text()).toContain(m.error.title404);
  });
});

describe('the terms a lot page offers', () => {
  it('follow the back office’s settings at once, though the page was kept (the settings move the content’s data version)', async () => {
    const url = `${SITE}${free[3]!}`;
    const terms = async () => {
      const res = await site.fetch(url, { headers: { accept: 'text/html' } });
      const html = await res.text();
      return { cache: res.headers.get('x-cache'), terms: plain(/id="reserve-offer-terms"[^>]*>([^<]*)</.exec(html)?.[1]) };
    };
    await terms();
    // Kept: the second answer comes from the page cache, with the terms of the time.
    expect(await terms()).toEqual({ cache: 'HIT', terms: 'Бронь на 7 дней за 50 000 ₽, возврат в течение 3 дней' });
    const db = site.database().db;
    await db.update(reservationSettings).set({ depositKopecks: 6_000_000, periodDays: 10 }).where(isNull(reservationSettings.projectId));
    try {
      // The server's check of the data versions (a poll, or PostgreSQL's notification), done now; well within the kept
      // page's freshness (a minute), only the version can have made it again.
      await site.services().versions.check();
      await expect.poll(async () => (await terms()).terms, { timeout: 20_000, interval: 100 }).toBe('Бронь на 10 дней за 60 000 ₽, возврат в течение 3 дней');
    } finally {
      await db.update(reservationSettings).set({ depositKopecks: 5_000_000, periodDays: 7 }).where(isNull(reservationSettings.projectId));
    }
  });
});
