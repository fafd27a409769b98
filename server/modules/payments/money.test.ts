import { describe, expect, it } from 'vitest';
import { kopecksToMoney, moneyToKopecks } from './money.ts';

describe('money as YooKassa writes it', () => {
  it('writes kopecks with two decimal places', () => {
    expect(kopecksToMoney(5_000_000)).toEqual({ value: '50000.00', currency: 'RUB' });
    expect(kopecksToMoney(5_000_005n)).toEqual({ value: '50000.05', currency: 'RUB' });
    expect(kopecksToMoney(99)).toEqual({ value: '0.99', currency: 'RUB' });
    expect(kopecksToMoney(0)).toEqual({ value: '0.00', currency: 'RUB' });
    expect(kopecksToMoney(123_456_789_012_345n).value).toBe('1234567890123.45');
  });

  it('refuses negative and fractional kopecks', () => {
    expect(() => kopecksToMoney(-1)).toThrow(RangeError);
    expect(() => kopecksToMoney(1.5)).toThrow(RangeError);
  });

  it('reads amounts back to kopecks, exactly', () => {
    expect(moneyToKopecks({ value: '50000.00', currency: 'RUB' })).toBe(5_000_000n);
    expect(moneyToKopecks({ value: '50000', currency: 'RUB' })).toBe(5_000_000n);
    expect(moneyToKopecks({ value: '50000.5', currency: 'RUB' })).toBe(5_000_050n);
    expect(moneyToKopecks({ value: '0.07', currency: 'RUB' })).toBe(7n);
    for (const k of [0n, 1n, 10n, 4_999_999n, 123_456_789n]) expect(moneyToKopecks(kopecksToMoney(k))).toBe(k);
  });

  it('refuses what is not an amount in roubles', () => {
    for (const value of ['', '1.234', '-5.00', '1e3', ' 5.00', '5,00', '.5'])
      expect(() => moneyToKopecks({ value, currency: 'RUB' }), value).toThrow(RangeError);
    expect(() => moneyToKopecks({ value: '5.00', currency: 'USD' as 'RUB' })).toThrow(RangeError);
  });
});
