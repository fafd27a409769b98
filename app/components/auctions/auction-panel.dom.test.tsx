import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuctionView } from '#core/auctions/auction.ts';
import en from '#core/i18n/catalogs/en/index.ts';
// The API client loads its antibot digest with its first call: loaded here, a poll answers within the test's act().
import '#core/http/antibot.ts';
import { renderInRoute } from '#tests/fixtures/dom.tsx';
import { AuctionPanel } from './auction-panel.tsx';

/**
 * An auction's panel in a DOM with Vitest's clock (Date and timers) and a stand-in for its API: the countdown ticks
 * with the page's clock and is hidden from screen readers, the live region stays quiet while it ticks and says the
 * start and the end once each. (The bid itself, with and without JavaScript: tests/e2e/auctions/auctions.test.ts.)
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
    vi.fn(async () => new Response(JSON.stringify({ auction: polled }), { headers: { 'content-type': 'application/json' } })),
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

function panel(auction: AuctionView) {
  renderInRoute(<AuctionPanel auction={auction} serverNow={new Date(START).toISOString()} />, { locale: 'en', path: '/en/auctions/7' });
  return within(screen.getByRole('region', { name: en.auctions.lotTitle }));
}

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
});
