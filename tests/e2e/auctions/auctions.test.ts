import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRoubles, type AuctionView } from '#core/auctions/auction.ts';
import { startServer, type RunningServer } from '../../support/server.ts';
import { expectNoAxeViolations, hydrated, setupBrowser } from '../browser.ts';
import { fill, LANGS, watchLayoutShift } from '../languages.ts';

/**
 * Auctions in the browser (issue #16, ADR 020), on a server of their own (the demo's seeded auctions, budgets out
 * of the way): the auctions page in three languages, a lot's auction with a bid placed through its form with and
 * without JavaScript. The countdown and what the panel announces, with Vitest's clock:
 * app/components/auctions/auction-panel.dom.test.tsx.
 */
const browser = setupBrowser();
let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ CAPTCHA_MODE: 'off', LEADS_IP_LIMIT: '100000', LEADS_PHONE_LIMIT: '100000' });
}, 240_000);
afterAll(async () => server?.stop());

type Informer = { now: string; live: AuctionView[]; scheduled: AuctionView[]; ended: AuctionView[] };
const informer = async (): Promise<Informer> => (await fetch(`${server.url}/api/auction_informer/`)).json() as Promise<Informer>;
const auctionNow = async (id: number): Promise<AuctionView> =>
  ((await (await fetch(`${server.url}/api/auction/${id}/`)).json()) as { auction: AuctionView }).auction;
/** The live auction that ends last: time enough for every bid of the test. */
const longestLive = async () => (await informer()).live.reduce((a, b) => (a.endsAt > b.endsAt ? a : b));

const labelPattern = (label: string) => new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s*\\*)?$`);
const field = (scope: Locator, label: string) => scope.getByLabel(labelPattern(label));
let phoneSeq = 0;
const nextPhone = () => `+7 916 ${String(7_100_000 + phoneSeq++).replace(/^(\d{3})(\d{2})(\d{2})$/, '$1-$2-$3')}`;

async function open(path: string, opts: { js?: boolean; locale?: string } = {}): Promise<Page> {
  const { page } = await browser.page({ baseURL: server.url, javaScriptEnabled: opts.js ?? true, ...(opts.locale ? { locale: opts.locale } : {}) });
  await watchLayoutShift(page);
  await page.goto(path);
  if (opts.js ?? true) await hydrated(page);
  return page;
}

describe('auctions', () => {
  it('the auctions page lists live, scheduled and ended auctions in ru, en and zh, with each end as a <time>; axe clean, no layout shift', async () => {
    for (const { prefix, locale, m } of LANGS) {
      const page = await open(`${prefix}/auctions`, { locale });
      const main = page.getByRole('main');
      expect(await main.getByRole('heading', { level: 1 }).textContent()).toBe(m.auctions.title);
      for (const section of [m.auctions.sections.live, m.auctions.sections.scheduled, m.auctions.sections.ended]) {
        expect(await main.getByRole('region', { name: section }).isVisible(), `${locale} ${section}`).toBe(true);
      }
      const live = main.getByRole('region', { name: m.auctions.sections.live });
      expect(await live.getByRole('article').count()).toBeGreaterThanOrEqual(3);
      expect(await live.locator('time[datetime]').count()).toBeGreaterThanOrEqual(3);
      expect(await live.locator('[data-countdown]').first().getAttribute('aria-hidden')).toBe('true');
      const ended = main.getByRole('region', { name: m.auctions.sections.ended });
      expect(await ended.textContent()).toContain(m.auctions.result.sold.replace(' {amount}', '').replace('{amount}', ''));
      // The footer leads here.
      expect(await page.getByRole('contentinfo').getByRole('link', { name: m.auctions.nav, exact: true }).count()).toBe(1);
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => (window as unknown as { cls: number }).cls)).toBeLessThan(0.05);
      await page.context().close();
    }
  });

  it('the lot page shows its auction and takes a bid through the form with JavaScript, in ru, en and zh', async () => {
    const target = await longestLive();
    for (const { prefix, locale, m } of LANGS) {
      const before = await auctionNow(target.id);
      const page = await open(`${prefix}${target.lot!.url}`, { locale });
      const panel = page.getByRole('region', { name: m.auctions.lotTitle });
      expect(await panel.textContent()).toContain(formatRoubles(before.bestAmount!, LANGS.find((l) => l.locale === locale)!.lang));
      expect(await panel.locator(`time[datetime="${before.endsAt}"]`).count()).toBe(1);
      expect(await panel.getByRole('status').textContent()).toBe('');
      const amount = field(panel, m.auctions.form.amount);
      // Grouped as the language prints figures: «10 600 000», "10,600,000".
      expect(await amount.inputValue()).toBe(
        formatRoubles(before.minimumBid, LANGS.find((l) => l.locale === locale)!.lang)
          .replace(/[^\d\s,]/g, '')
          .trim(),
      );
      await field(panel, m.forms.fields.name).fill('Anna');
      await field(panel, m.forms.fields.phone).fill(nextPhone());
      await field(panel, m.forms.fields.consent).check();
      await panel.getByRole('button', { name: m.auctions.form.submit }).click();
      await expect.poll(() => panel.getByRole('heading', { name: m.auctions.accepted.title }).isVisible()).toBe(true);
      expect((await auctionNow(target.id)).bestAmount).toBe(before.minimumBid);
      // The panel reads the new state at once: the best bid is the visitor's.
      const lang = LANGS.find((l) => l.locale === locale)!.lang;
      await expect.poll(() => panel.textContent()).toContain(formatRoubles(before.minimumBid, lang));
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => (window as unknown as { cls: number }).cls)).toBeLessThan(0.1);
      await page.context().close();
    }
  });

  it('without JavaScript: a bid too low is refused naming the amount, then a right one is accepted on the auction page', async () => {
    const target = await longestLive();
    const { m } = LANGS[1];
    const page = await open(`/en${target.lot!.url}`, { js: false, locale: 'en-GB' });
    const panel = page.getByRole('region', { name: m.auctions.lotTitle });
    const least = (await auctionNow(target.id)).minimumBid;
    await field(panel, m.auctions.form.amount).fill(String(least - 1));
    await field(panel, m.forms.fields.name).fill('Anna');
    await field(panel, m.forms.fields.phone).fill(nextPhone());
    await field(panel, m.forms.fields.consent).check();
    await panel.getByRole('button', { name: m.auctions.form.submit }).click();
    await page.waitForURL(`**/en/auctions/${target.id}`);
    const after = page.getByRole('region', { name: m.auctions.lotTitle });
    expect(await after.textContent()).toContain(fill(m.forms.validation.bidTooLow, { amount: formatRoubles(least, 'en') }));
    // The form keeps what was typed; the amount is corrected and sent again.
    await field(after, m.auctions.form.amount).fill(String(least));
    await after.getByRole('button', { name: m.auctions.form.submit }).click();
    await expect.poll(() => page.getByRole('heading', { name: m.auctions.accepted.title }).isVisible()).toBe(true);
    expect((await auctionNow(target.id)).bestAmount).toBe(least);
    await page.context().close();
  });
});
