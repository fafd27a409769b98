import { describe, expect, it } from 'vitest';
import en from '#core/i18n/catalogs/en/index.ts';
import ru from '#core/i18n/catalogs/ru/index.ts';
import zh from '#core/i18n/catalogs/zh/index.ts';
import { translator } from '#core/i18n/messages.ts';
import type { Messages } from '#core/i18n/catalogs/ru/index.ts';
import { catalogueFormat } from './format.ts';
import {
  bookedToday,
  DAY_MS,
  dropPercent,
  dropWindowStart,
  fewLeft,
  moscowDay,
  moscowMidnight,
  priceAt,
  priceDrop30d,
  statusSince,
  type PricePoint,
} from './price-history.ts';

const at = (iso: string) => Date.parse(iso);
const p = (iso: string, price: number, status: PricePoint['status'] = 'free'): PricePoint => ({ at: at(iso), price, status });

describe('Moscow days', () => {
  it('a day starts at Moscow midnight (21:00 UTC the day before), and the drop window 30 days before it', () => {
    expect(moscowMidnight('2026-11-25')).toBe(at('2026-11-24T21:00:00Z'));
    expect(moscowDay(at('2026-11-24T20:59:59Z'))).toBe('2026-11-24');
    expect(moscowDay(at('2026-11-24T21:00:00Z'))).toBe('2026-11-25');
    expect(dropWindowStart('2026-11-25')).toBe(at('2026-11-24T21:00:00Z') - 30 * DAY_MS);
  });
});

describe('drop percent: whole percent, half up, the same everywhere', () => {
  it('rounds half up and is 0 when the price is not lower', () => {
    expect(dropPercent(10_000_000, 9_700_000)).toBe(3);
    expect(dropPercent(10_000_000, 9_750_000)).toBe(3); // 2.5 → 3
    expect(dropPercent(10_000_000, 9_751_000)).toBe(2); // 2.49 → 2
    expect(dropPercent(10_000_000, 9_960_000)).toBe(0); // 0.4 → nothing to show
    expect(dropPercent(10_000_000, 10_000_000)).toBe(0);
    expect(dropPercent(10_000_000, 10_500_000)).toBe(0);
    expect(dropPercent(0, 5)).toBe(0);
  });
});

describe('the price in force and the 30-day drop', () => {
  const day = '2026-11-25';
  const cut = dropWindowStart(day); // 2026-10-25T21:00Z
  it('reads the last row at or before the cut, else the first row', () => {
    const rows = [p('2026-06-01T10:00:00Z', 100), p('2026-10-25T21:00:00Z', 110), p('2026-11-10T10:00:00Z', 99)];
    expect(priceAt(rows, cut)).toBe(110);
    expect(priceAt(rows.slice(2), cut)).toBe(99);
    expect(priceAt([], cut)).toBeNull();
  });
  it("compares today's price with the price when the window opened, not with the month's highest", () => {
    // Cut from 100 to 97 ten days ago: −3 %.
    expect(priceDrop30d([p('2026-06-01T10:00:00Z', 100), p('2026-11-15T10:00:00Z', 97)], 97, day, true)).toBe(3);
    // Raised to 110 and lowered to 105 within the month: dearer than a month ago, no drop.
    expect(priceDrop30d([p('2026-06-01T10:00:00Z', 100), p('2026-11-01T10:00:00Z', 110), p('2026-11-20T10:00:00Z', 105)], 105, day, true)).toBe(0);
    // Cut 40 days ago: outside the window.
    expect(priceDrop30d([p('2026-06-01T10:00:00Z', 100), p('2026-10-16T10:00:00Z', 90)], 90, day, true)).toBe(0);
    // Two cuts in the month add up.
    expect(priceDrop30d([p('2026-06-01T10:00:00Z', 100), p('2026-11-01T10:00:00Z', 97), p('2026-11-20T10:00:00Z', 94)], 94, day, true)).toBe(6);
    // A lot first recorded in the window: against its first price.
    expect(priceDrop30d([p('2026-11-05T10:00:00Z', 100), p('2026-11-20T10:00:00Z', 95)], 95, day, true)).toBe(5);
    // Not on sale (rent, presale) or sold: none.
    expect(priceDrop30d([p('2026-06-01T10:00:00Z', 100), p('2026-11-15T10:00:00Z', 97)], 97, day, false)).toBe(0);
  });
});

describe('booked today', () => {
  const day = '2026-11-25';
  it('is a lot booked now whose booking started after Moscow midnight', () => {
    const before = [p('2026-06-01T10:00:00Z', 100)];
    expect(bookedToday([...before, p('2026-11-24T21:30:00Z', 100, 'booked')], 'booked', day)).toBe(true);
    expect(bookedToday([...before, p('2026-11-24T20:30:00Z', 100, 'booked')], 'booked', day)).toBe(false);
    // A price change of a lot booked yesterday does not make it "booked today".
    expect(bookedToday([...before, p('2026-11-24T10:00:00Z', 100, 'booked'), p('2026-11-25T08:00:00Z', 95, 'booked')], 'booked', day)).toBe(false);
    expect(bookedToday([...before, p('2026-11-25T08:00:00Z', 100, 'sold')], 'sold', day)).toBe(false);
    expect(statusSince([...before, p('2026-11-24T10:00:00Z', 100, 'booked'), p('2026-11-25T08:00:00Z', 95, 'booked')])).toBe(at('2026-11-24T10:00:00Z'));
  });
});

describe('few left', () => {
  it('is said at most 20 % and at most 10 left, at least one', () => {
    expect(fewLeft(4, 36)).toBe(true);
    expect(fewLeft(7, 36)).toBe(true); // 19 %
    expect(fewLeft(8, 36)).toBe(false); // 22 %
    expect(fewLeft(10, 50)).toBe(true);
    expect(fewLeft(11, 100)).toBe(false);
    expect(fewLeft(0, 36)).toBe(false);
    expect(fewLeft(1, 4)).toBe(false); // 25 %
  });
});

describe('the badge in three languages', () => {
  const fmt = (locale: 'ru' | 'en' | 'zh', messages: Messages) => catalogueFormat(locale, translator(messages, locale));
  it('prints the drop with the typographic minus, and says it in words', () => {
    expect(fmt('ru', ru).dropBadge(3)).toBe('\u22123\u00a0%');
    expect(fmt('en', en).dropBadge(3)).toBe('\u22123%');
    expect(fmt('zh', zh).dropBadge(3)).toBe('\u22123%');
    expect(fmt('ru', ru).dropLabel(3)).toBe('Цена снижена на 3\u00a0% за 30 дней');
    expect(fmt('en', en).dropLabel(12)).toBe('Price down 12% in 30 days');
    expect(fmt('zh', zh).dropLabel(5)).toBe('30天内降价5%');
    expect(fmt('ru', ru).priceChange(100, 97.5)).toBe('\u22122,5\u00a0%');
    expect(fmt('en', en).priceChange(100, 101)).toBe('+1%');
  });
});
