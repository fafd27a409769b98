import { describe, expect, it } from 'vitest';
import { currencyChoice, moscowDay, ratesFresh, STALE_AFTER_DAYS } from './rates.ts';

describe('the rates’ freshness', () => {
  // 28 November 2026 is a Saturday: the bank's rates of that day hold for Sunday and Monday too.
  const rates = { date: '2026-11-28' };
  it('counts days of the Moscow calendar', () => {
    expect(moscowDay(new Date('2026-11-30T20:59:00Z'))).toBe('2026-11-30');
    expect(moscowDay(new Date('2026-11-30T21:00:00Z'))).toBe('2026-12-01');
  });

  it(`shows rates up to ${STALE_AFTER_DAYS} days old, a long weekend included, and hides older ones`, () => {
    expect(ratesFresh(rates, new Date('2026-11-28T09:00:00Z'))).toBe(true);
    expect(ratesFresh(rates, new Date('2026-12-01T20:00:00Z'))).toBe(true);
    expect(ratesFresh(rates, new Date('2026-12-01T21:00:00Z'))).toBe(false);
    expect(ratesFresh(rates, new Date('2026-12-05T12:00:00Z'))).toBe(false);
  });
});

describe("the visitor's currency", () => {
  it('is read from its cookie, and only a currency the site offers', () => {
    expect(currencyChoice('currency=usd; vid=abc')).toBe('usd');
    expect(currencyChoice('currency=aed')).toBe('aed');
    expect(currencyChoice('currency=gbp')).toBeNull();
    expect(currencyChoice('currency=USD')).toBeNull();
    expect(currencyChoice('')).toBeNull();
    expect(currencyChoice(null)).toBeNull();
  });
});
