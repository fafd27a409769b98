import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BID_CEILING_STEPS, formatRoubles, type AuctionView } from '#core/auctions/auction.ts';
import type { Locale } from '#core/i18n/locales.ts';
import { formatMessage } from '#core/i18n/message-format.ts';
import { translatorOf } from '#core/i18n/all-catalogs.ts';
import en from '#core/i18n/catalogs/en/index.ts';
import ru from '#core/i18n/catalogs/ru/index.ts';
import zh from '#core/i18n/catalogs/zh/index.ts';
// The API client loads its antibot digest with its first call: loaded here, a poll answers within the test's act().
import '#core/http/antibot.ts';
// The form loads the lead schemas and their messages' keys on its first submit: loaded here, so the submit settles
// within the test's act().
import '#core/schemas/lead.ts';
import '#app/components/forms/validation-words.ts';
import { plainSpaces, renderInRoute } from '#tests/fixtures/dom.tsx';
import { AuctionPanel } from './auction-panel.tsx';

/**
 * An auction's panel in a DOM with Vitest's clock (Date and timers) and a stand-in for its API: the countdown ticks
 * with the page's clock and is hidden from screen readers, the live region stays quiet while it ticks and says the
 * start and the end once each, and to a visitor who bid, whether the best bid is theirs or was outbid; the bid field
 * groups its amount as the page's language prints figures, between the least and the most bid the panel states.
 * (The bid itself, with and without JavaScript: tests/e2e/auctions/auctions.test.ts.)
 */
const START = Date.parse('2026-12-01T09:00:00Z');
const view = (over: Partial<AuctionView> = {}): AuctionView => ({
  id: 7,
  lotId: 22,
  status: 'live',
  startPrice: 10_000_000,
  minStep: 100_000,
  startsAt: new Date(START - 3_600_000).toISOString(),
  endsAt: new Date(START + 10_000).toISOString(),
  plannedEndsAt: new Date(START + 10_000).toISOString(),
  extendMinutes: 0,
  bestAmount: 10_500_000,
  bidCount: 3,
  minimumBid: 10_600_000,
  maximumBid: 10_500_000 + BID_CEILING_STEPS * 100_000,
  result: null,
  lot: null,
  ...over,
});

let polled: AuctionView = view();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'], now: START });
  polled = view();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL) => {
      const path = new URL(String(input), 'http://localhost:3000').pathname;
      const body = path.endsWith('/bid/')
        ? { id: 'lead-1', status: 'accepted', title: en.auctions.accepted.title, message: '', auction: polled }
        : path === '/api/captcha_bypass/'
          ? { bypass: true }
          : { auction: polled };
      return new Response(JSON.stringify(body), { status: path.endsWith('/bid/') ? 201 : 200, headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const tick = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

const MESSAGES = { ru, en, zh };
function panel(auction: AuctionView, locale: Locale = 'en') {
  renderInRoute(<AuctionPanel auction={auction} serverNow={new Date(START).toISOString()} />, { locale, path: `/${locale}/auctions/7` });
  return within(screen.getByRole('region', { name: MESSAGES[locale].auctions.lotTitle }));
}

/** The panel's own live region (a success view beside it is a status too). */
const liveRegion = () => document.querySelector<HTMLElement>('[data-auction] p[role="status"][aria-live="polite"]')!;
const HOUR = 3_600_000;
const open = (over: Partial<AuctionView> = {}) =>
  view({ endsAt: new Date(START + HOUR).toISOString(), plannedEndsAt: new Date(START + HOUR).toISOString(), ...over });

describe('the auction panel', () => {
  it('counts down with the page’s clock, hidden from screen readers, and says the end once', async () => {
    const region = panel(view());
    const countdown = document.querySelector('[data-countdown]')!;
    expect(countdown.getAttribute('aria-hidden')).toBe('true');
    // The end itself is a <time> a screen reader reads, in the page's language.
    expect(document.querySelector(`time[datetime="${view().endsAt}"]`)).not.toBeNull();
    const status = region.getByRole('status');
    await tick(1000);
    const first = countdown.textContent;
    await tick(3000);
    expect(countdown.textContent).not.toBe(first);
    expect(status.textContent).toBe('');

    await tick(7000);
    expect(status.textContent).toBe(en.auctions.live.ended);
    expect(region.getByText(en.auctions.form.closed)).toBeTruthy();
    expect(region.getByText(en.auctions.status.ended, { exact: true })).toBeTruthy();
    // Said once: the clock going on says nothing more.
    await tick(5000);
    expect(status.textContent).toBe(en.auctions.live.ended);
  });

  it('says when bidding starts, and shows the bid form from then on', async () => {
    polled = view({ status: 'scheduled', startsAt: new Date(START + 2000).toISOString() });
    const region = panel(polled);
    expect(region.getByText(en.auctions.status.scheduled, { exact: true })).toBeTruthy();
    expect(region.queryByRole('button', { name: en.auctions.form.submit })).toBeNull();
    await tick(3000);
    expect(region.getByRole('status').textContent).toBe(en.auctions.live.started);
    expect(region.getByRole('button', { name: en.auctions.form.submit })).toBeTruthy();
  });

  it('groups the bid as the page’s language prints figures, prefilled and as typed, and states the least and the most bid', async () => {
    const prefilled = { ru: '10 600 000', en: '10,600,000', zh: '10,600,000' };
    const typed = { ru: '12 000 000', en: '12,000,000', zh: '12,000,000' };
    for (const locale of ['ru', 'en', 'zh'] as const) {
      const m = MESSAGES[locale];
      const region = panel(open(), locale);
      const amount = region.getByLabelText(new RegExp(`^${m.auctions.form.amount.replace(/[()（）]/g, '.')}`)) as HTMLInputElement;
      expect(plainSpaces(amount.value)).toBe(prefilled[locale]);
      fireEvent.change(amount, { target: { value: '12000000', selectionStart: 8 } });
      expect(plainSpaces(amount.value)).toBe(typed[locale]);
      // Not whole roubles: the keystroke is not taken.
      fireEvent.change(amount, { target: { value: `${amount.value}x` } });
      fireEvent.change(amount, { target: { value: '-5' } });
      expect(plainSpaces(amount.value)).toBe(typed[locale]);
      // The least and the most bid now, and the rule of the most.
      const t = translatorOf(locale);
      const most = formatRoubles(open().maximumBid, locale);
      expect(region.getByText(plainSpaces(t('auctions.form.amountHint', { min: formatRoubles(10_600_000, locale), max: most })))).toBeTruthy();
      expect(region.getByText(t('auctions.ceiling', { count: BID_CEILING_STEPS }))).toBeTruthy();
      cleanup();
    }
  });

  it('tells a bidder whose bid became the best that it is theirs, and says outbid only when another bid passes it', async () => {
    const region = panel(open());
    const amount = region.getByLabelText(new RegExp(`^${en.auctions.form.amount}`)) as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '10800000' } });
    fireEvent.change(region.getByLabelText(new RegExp(`^${en.forms.fields.name}`)), { target: { value: 'Anna' } });
    fireEvent.change(region.getByLabelText(new RegExp(`^${en.forms.fields.phone}`)), { target: { value: '+7 916 123-45-67' } });
    fireEvent.click(region.getByRole('checkbox'));
    // The server takes the bid: the best is now the visitor's.
    polled = open({ bestAmount: 10_800_000, bidCount: 4, minimumBid: 10_900_000, maximumBid: 10_800_000 + BID_CEILING_STEPS * 100_000 });
    fireEvent.click(region.getByRole('button', { name: en.auctions.form.submit }));
    await tick(0);
    await tick(0);
    expect(region.getByRole('heading', { name: en.auctions.accepted.title })).toBeTruthy();
    expect(liveRegion().textContent).toBe(formatMessage(en.auctions.live.yourBest, { amount: formatRoubles(10_800_000, 'en') }));
    // Polls that show the same best say nothing new, and never "outbid".
    await tick(20_000);
    expect(liveRegion().textContent).toBe(formatMessage(en.auctions.live.yourBest, { amount: formatRoubles(10_800_000, 'en') }));
    // Another bidder passes it.
    polled = open({ bestAmount: 11_000_000, bidCount: 5, minimumBid: 11_100_000, maximumBid: 11_000_000 + BID_CEILING_STEPS * 100_000 });
    await tick(10_000);
    expect(liveRegion().textContent).toBe(formatMessage(en.auctions.live.outbid, { amount: formatRoubles(11_000_000, 'en') }));
  });
});
