import { describe, expect, it } from 'vitest';
import { leadSchemas } from '#core/schemas/lead.ts';
import { BID_CEILING_STEPS, formatRoubles, maximumBid, minimumBid, parseBidAmount } from './auction.ts';

describe('the bids an auction takes', () => {
  const terms = { startPrice: 32_110_000, minStep: 100_000 };

  it('takes a first bid from the start price up to the start price plus the ceiling’s steps', () => {
    const fresh = { ...terms, bestAmount: null };
    expect(minimumBid(fresh)).toBe(32_110_000);
    expect(maximumBid(fresh)).toBe(32_110_000 + BID_CEILING_STEPS * 100_000);
  });

  it('then from the best plus one step up to the best plus the ceiling’s steps, so one bid never ends the bidding', () => {
    const bid = { ...terms, bestAmount: 33_000_000 };
    expect(minimumBid(bid)).toBe(33_100_000);
    expect(maximumBid(bid)).toBe(33_000_000 + BID_CEILING_STEPS * 100_000);
    // The bid of the report (900 000 000 000 ₽ on a 32 M ₽ unit) is far above it.
    expect(900_000_000_000).toBeGreaterThan(maximumBid(bid));
    expect(BID_CEILING_STEPS).toBeGreaterThan(1);
  });
});

describe('a bid as typed', () => {
  it('reads whole roubles, plain or grouped as each language prints figures', () => {
    for (const locale of ['ru', 'en', 'zh'] as const) {
      const printed = formatRoubles(32_210_000, locale)
        .replace(/[^\d\s,\u00a0\u202f]/g, '')
        .trim();
      expect(parseBidAmount(printed), `${locale}: ${printed}`).toBe(32_210_000);
    }
    expect(parseBidAmount('32210000')).toBe(32_210_000);
    expect(parseBidAmount(' 32 210 000 ')).toBe(32_210_000);
    expect(parseBidAmount('32,210,000')).toBe(32_210_000);
  });

  it('refuses what is not whole roubles: a fraction, a sign, a letter, a misplaced comma, nothing, zero or too many digits', () => {
    for (const text of ['12,5', '32 210 000,00', '1,2345', '12.5', '-5', '5e6', 'три', '', '0', '12345678901234'])
      expect(parseBidAmount(text), text).toBeNull();
  });

  it('is the schema’s reading of the bid field, which names the amount when it cannot read it', () => {
    const base = { name: 'Анна', phone: '+7 916 123-45-67', consent: 'on', auction: '7' };
    const grouped = leadSchemas.auction_bid.safeParse({ ...base, amount: '32,210,000' });
    expect(grouped.success && grouped.data.amount).toBe(32_210_000);
    const fraction = leadSchemas.auction_bid.safeParse({ ...base, amount: '12,5' });
    expect(fraction.success).toBe(false);
    expect(fraction.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['amount', 'invalid']]);
  });
});
