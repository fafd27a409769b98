import { describe, expect, it } from 'vitest';
import { formatMessage, isPluralForms } from './message-format.ts';

const LOTS = { one: '{count} лот', few: '{count} лота', many: '{count} лотов', other: '{count} лота' };
const UNITS = { one: '{count} unit', few: '{count} units', many: '{count} units', other: '{count} units' };

describe('formatMessage', () => {
  it('fills placeholders as given and leaves one without a value', () => {
    expect(formatMessage('© {year} {company}', { year: 2026, company: 'Северная линия' })).toBe('© 2026 Северная линия');
    expect(formatMessage('Ошибка {status}')).toBe('Ошибка {status}');
    expect(formatMessage('{toString} {a}', { a: 1 })).toBe('{toString} 1');
  });

  it('chooses a plural form by Intl.PluralRules and writes the count in the language’s digits', () => {
    const ru = (count: number) => formatMessage(LOTS, { count }, 'ru');
    expect([1, 3, 5, 11, 21, 24, 25, 111].map(ru)).toEqual(['1 лот', '3 лота', '5 лотов', '11 лотов', '21 лот', '24 лота', '25 лотов', '111 лотов']);
    expect(ru(1.5)).toBe('1,5 лота');
    expect(ru(1235)).toBe('1\u00a0235 лотов');
    expect([1, 2, 1234].map((count) => formatMessage(UNITS, { count }, 'en'))).toEqual(['1 unit', '2 units', '1,234 units']);
    expect(formatMessage({ other: '{count} 套' }, { count: 1 }, 'zh')).toBe('1 套');
  });

  it('fills a plural message’s other placeholders, and takes its `other` form without a count', () => {
    const built = { one: '{built} of {count} floor built', other: '{built} of {count} floors built' };
    expect(formatMessage(built, { built: 1, count: 1 }, 'en')).toBe('1 of 1 floor built');
    expect(formatMessage(built, { built: 3 }, 'en')).toBe('3 of {count} floors built');
  });

  it('tells a plural message from a group of messages', () => {
    expect(isPluralForms(LOTS)).toBe(true);
    expect(isPluralForms({ agency: 'Агентство', other: 'Другое' })).toBe(false);
    expect(isPluralForms({ one: 'дом' })).toBe(false);
    expect(isPluralForms('дом')).toBe(false);
  });
});
