import { describe, expect, it } from 'vitest';
import type { Locale } from '#core/i18n/locales.ts';
import { catalogueFormat, type Translate } from './format.ts';

const typing = (locale: Locale) => catalogueFormat(locale, ((key: string) => key) as Translate).typing;

describe('typing a figure', () => {
  it('groups the whole part as the site writes figures, in each language', () => {
    expect(typing('ru')('12500000').text).toBe('12\u00a0500\u00a0000');
    expect(typing('en')('12500000').text).toBe('12,500,000');
    expect(typing('zh')('12500000').text).toBe('12,500,000');
  });

  it('reads the number back, whatever grouping was typed, and keeps a fraction as typed', () => {
    expect(typing('ru')('12 500 000')).toMatchObject({ value: 12_500_000, valid: true });
    expect(typing('ru')('45,')).toMatchObject({ text: '45,', value: 45 });
    expect(typing('ru')('45.5')).toMatchObject({ text: '45,5', value: 45.5 });
    expect(typing('en')('1,234.5')).toMatchObject({ text: '1,234.5', value: 1234.5 });
    expect(typing('en')('-1')).toMatchObject({ value: -1 });
    expect(typing('en')('')).toMatchObject({ text: '', value: undefined, valid: true });
    expect(typing('en')('12a').valid).toBe(false);
  });

  it('keeps the caret after the same digit', () => {
    // "125000|" with the caret after "125": grouped "125,000", caret still after "125".
    expect(typing('en')('125000', 3)).toMatchObject({ text: '125,000', caret: 3 });
    // A digit typed at the end of "12 500 000": the caret stays at the end.
    expect(typing('ru')('12\u00a0500\u00a00005', 11)).toMatchObject({ text: '125\u00a0000\u00a0005', caret: 11 });
  });
});
