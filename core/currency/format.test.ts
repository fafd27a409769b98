import { describe, expect, it } from 'vitest';
import { translatorOf } from '#core/i18n/all-catalogs.ts';
import { convertedPrice, currencyAmount, rateDay } from './format.ts';

const usd = { code: 'usd' as const, perUnit: 78.2284, date: '2026-11-28' };

describe('a price in another currency', () => {
  it('is said as an approximation at the Bank of Russia rate of its day, in each language', () => {
    expect(convertedPrice('en', translatorOf('en'), 12_830_000, usd)).toBe('≈ $164,000 at the Bank of Russia rate of 28 November');
    expect(convertedPrice('ru', translatorOf('ru'), 12_830_000, usd)).toBe('≈ 164\u00a0000\u00a0$ по курсу Банка России на 28 ноября');
    expect(convertedPrice('zh', translatorOf('zh'), 12_830_000, usd)).toBe('≈ $164,000（按俄罗斯银行11月28日汇率）');
  });

  it('says a rent is a month’s', () => {
    expect(convertedPrice('en', translatorOf('en'), 120_000, usd, true)).toBe('≈ $1,530 a month at the Bank of Russia rate of 28 November');
  });

  it('writes each currency as its language does, to three figures', () => {
    expect(currencyAmount('en', 'eur', 141_573)).toBe('€142,000');
    expect(currencyAmount('ru', 'eur', 141_573)).toBe('142\u00a0000\u00a0€');
    expect(currencyAmount('en', 'cny', 1_164_799)).toBe('CN¥1,160,000');
    expect(currencyAmount('zh', 'cny', 1_164_799)).toBe('¥1,160,000');
    expect(currencyAmount('en', 'aed', 602_284)).toBe('AED\u00a0602,000');
    expect(currencyAmount('zh', 'aed', 602_284)).toBe('AED\u00a0602,000');
  });

  it('dates the rate by its day, whatever the time zone', () => {
    expect(rateDay('ru', '2026-01-01')).toBe('1 января');
    expect(rateDay('en', '2026-12-31')).toBe('31 December');
    expect(rateDay('zh', '2026-11-28')).toBe('11月28日');
  });
});
