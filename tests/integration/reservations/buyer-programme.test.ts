import { within } from '@testing-library/dom';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { financeProgrammes } from '#server/db/schema/index.ts';
import { LANGS } from '#tests/support/languages.ts';
import { noScriptVisitor, type NoScriptPage } from '#tests/support/no-script.ts';
import { SITE } from '#tests/support/site.ts';
import { openReservations, plain, setupBuyerSite } from './buyer-site.ts';

/**
 * "The payment schedule of the chosen programme" on the buyer's pages without JavaScript (issue #39), on the
 * production build with YooKassa pointed at its loopback stand-in: the reserve form offers the lot page's programmes
 * (none chosen by default), refuses another in the visitor's language, keeps the one chosen; once paid, the deal page
 * shows its schedule at the lot's price in each language, with the programme's rate as the database holds it now.
 */
/** A demo mortgage for the flats of every project (content/purchase.ts: 18.9 %), and one for commercial premises only. */
const FOR_FLATS = 'nord-new-build';
const COMMERCIAL_ONLY = 'uralkredit-commercial';
const NAMES = { ru: 'Ипотека на новостройки', en: 'New-build mortgage', zh: '新房房贷' } as const;
const RATES = { ru: '18,9 %', en: '18.9%', zh: '18.9%' } as const;

const { site, fake } = setupBuyerSite('programme_pages');

let free: string[] = [];
beforeAll(async () => {
  free = await openReservations(site);
});

/** The reserve form filled in and posted as a browser without JavaScript would, with `programme` as the radio's value. */
async function postReserve(page: NoScriptPage, programme: string, n: number) {
  const form = page.document.querySelector('form[action$="/reserve"]') as HTMLFormElement;
  const values: Record<string, string> = { name: 'Анна', phone: `+7 916 555-02-${String(10 + n)}`, email: `programme-${n}@example.ru` };
  const body = new URLSearchParams();
  for (const element of Array.from(form.elements) as HTMLInputElement[]) {
    if (!element.name || element.type === 'submit' || element.type === 'radio') continue;
    if (element.type === 'checkbox') body.append(element.name, 'on');
    else body.append(element.name, values[element.name] ?? element.value);
  }
  body.append('programmeId', programme);
  return site.fetch(new URL(form.getAttribute('action')!, SITE).href, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: SITE, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
    body: body.toString(),
  });
}

const notify = (event: string, id: string) =>
  site.fetch(`${SITE}/api/payments/yookassa/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'notification', event, object: { id, status: event.split('.')[1] } }),
  });

describe.each(LANGS)('the chosen programme on the buyer’s pages in $lang', ({ lang, prefix, m }) => {
  const visitor = noScriptVisitor(site.fetch, { locale: lang });
  afterAll(() => visitor.close());
  const lotIndex = { ru: 0, en: 1, zh: 2 }[lang];

  it('the reserve form offers the lot’s programmes, refuses another in the language, and the deal page shows the chosen one’s schedule', async () => {
    const lotUrl = free[lotIndex]!;
    const page = await visitor.open(`${prefix}${lotUrl}/reserve`);
    const group = page.screen.getByRole('group', { name: m.reservations.reserve.programmeTitle });
    const none = within(group).getByRole('radio', { name: m.reservations.reserve.programmeNone }) as HTMLInputElement;
    expect(none.checked).toBe(true);
    const offered = within(group)
      .getAllByRole('radio')
      .map((radio) => (radio as HTMLInputElement).value);
    expect(offered).toContain(FOR_FLATS);
    expect(offered).not.toContain(COMMERCIAL_ONLY);
    expect(within(group).getByRole('radio', { name: new RegExp(NAMES[lang]) })).toBeTruthy();

    const refused = await postReserve(page, COMMERCIAL_ONLY, lotIndex);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('cache-control')).toBe('private, no-store');
    expect(await refused.text()).toContain(m.reservations.reserve.programmeInvalid);

    const answer = await postReserve(page, FOR_FLATS, lotIndex);
    expect(answer.status).toBe(303);
    const payment = [...fake().payments.values()].find((p) => answer.headers.get('location')!.endsWith(p.id))!;
    const created = fake().requests.find(
      (r) => (r.body as { metadata?: { reservationId?: string } })?.metadata?.reservationId === payment.metadata.reservationId,
    )!;
    const deal = new URL((created.body as { confirmation: { return_url: string } }).confirmation.return_url).pathname;
    // While the payment is being confirmed, no schedule yet.
    expect((await visitor.open(deal)).document.querySelector('[data-deal-schedule]')).toBeNull();
    await fake().succeed(payment.id);
    expect((await notify('payment.succeeded', payment.id)).status).toBe(200);

    const view = await visitor.open(deal);
    const section = view.document.querySelector('[data-deal-schedule]') as HTMLElement;
    expect(section).toBeTruthy();
    const schedule = within(section);
    expect(schedule.getByRole('heading', { name: m.reservations.deal.scheduleTitle })).toBeTruthy();
    expect(plain(section.textContent)).toContain(NAMES[lang]);
    expect(plain(schedule.getByText(m.purchase.calculator.rate).nextElementSibling?.textContent)).toBe(RATES[lang]);
    expect(schedule.getByText(m.reservations.deal.scheduleDown)).toBeTruthy();
    expect(section.querySelectorAll('tbody tr').length).toBeGreaterThan(12);
  });
});

describe('the programme’s rate on the deal page', () => {
  it('is the one the database holds now: a change of the programme shows at once, nothing of it was copied', async () => {
    const lotUrl = free[3]!;
    const visitor = noScriptVisitor(site.fetch, { locale: 'en' });
    try {
      const page = await visitor.open(`/en${lotUrl}/reserve`);
      const answer = await postReserve(page, FOR_FLATS, 3);
      expect(answer.status).toBe(303);
      const payment = [...fake().payments.values()].find((p) => answer.headers.get('location')!.endsWith(p.id))!;
      const created = fake().requests.find(
        (r) => (r.body as { metadata?: { reservationId?: string } })?.metadata?.reservationId === payment.metadata.reservationId,
      )!;
      const deal = new URL((created.body as { confirmation: { return_url: string } }).confirmation.return_url).pathname;
      await fake().succeed(payment.id);
      await notify('payment.succeeded', payment.id);
      const rate = async () => {
        const view = await visitor.open(deal);
        const section = view.document.querySelector('[data-deal-schedule]') as HTMLElement;
        return plain(within(section).getByText('Rate').nextElementSibling?.textContent);
      };
      expect(await rate()).toBe('18.9%');
      const db = site.database().db;
      await db.update(financeProgrammes).set({ rate: 16.5 }).where(eq(financeProgrammes.id, FOR_FLATS));
      try {
        site.services().finance.invalidate();
        expect(await rate()).toBe('16.5%');
      } finally {
        await db.update(financeProgrammes).set({ rate: 18.9 }).where(eq(financeProgrammes.id, FOR_FLATS));
        site.services().finance.invalidate();
      }
    } finally {
      visitor.close();
    }
  });
});
