import { describe, expect, it } from 'vitest';
import { formatDate, formatDay } from './dates.ts';
import { LOCALES } from './locales.ts';

describe.each(LOCALES)('dates in %s', (locale) => {
  it("news dates and the booking form's days share one style: the same day and month spelled the same way", () => {
    const dayMonth = formatDay('2026-11-24', locale, 'dayMonth');
    // A news date (a moment, Moscow's calendar) and a booking day name the 24 November the same way.
    expect(formatDate('2026-11-24T08:00:00Z', locale)).toBe(formatDay('2026-11-24', locale));
    expect(formatDay('2026-11-24', locale)).toContain(dayMonth);
    expect(formatDay('2026-11-24', locale, 'weekday')).toContain(dayMonth);
    expect(formatDay('2026-11-24', locale)).toContain('2026');
  });

  it('a moment is dated by the day it was in Moscow', () => {
    expect(formatDate('2026-11-23T22:30:00Z', locale)).toBe(formatDay('2026-11-24', locale));
  });
});

it('spells each language its own way: day before month in English, as on every other English surface', () => {
  expect(formatDay('2026-11-24', 'en')).toBe('24 November 2026');
  expect(formatDay('2026-11-24', 'en', 'weekday')).toBe('Tue 24 November');
  expect(formatDay('2026-11-24', 'ru')).toBe('24 ноября 2026 г.');
  expect(formatDay('2026-11-24', 'zh')).toBe('2026年11月24日');
});
