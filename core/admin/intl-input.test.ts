import { describe, expect, it } from 'vitest';
import { formatDateInput, formatMomentInput, formatNumberInput, numberExample, parseDateInput, parseMomentInput, parseNumberInput } from './intl-input.ts';
import ru from '#core/i18n/catalogs/admin/content-ru.ts';
import en from '#core/i18n/catalogs/admin/content-en.ts';

describe('the back office inputs in the interface’s language', () => {
  it('writes a day and a Moscow moment as each language does', () => {
    expect(formatDateInput('2026-11-30', 'ru')).toBe('30.11.2026');
    expect(formatDateInput('2026-11-30', 'en')).toBe('30/11/2026');
    expect(formatDateInput('2026-11-30', 'zh')).toBe('2026/11/30');
    // 11:05 UTC is 14:05 in Moscow, wherever the editor's computer is.
    expect(formatMomentInput('2026-11-30T11:05:00.000Z', 'ru')).toBe('30.11.2026 14:05');
    expect(formatMomentInput('2026-11-30T14:05:00+03:00', 'en')).toBe('30/11/2026 14:05');
    expect(formatMomentInput('2026-11-30T11:05:00Z', 'zh')).toBe('2026/11/30 14:05');
    expect(formatMomentInput(null, 'ru')).toBe('');
  });

  it('reads them back, in the language’s order', () => {
    expect(parseDateInput('30.11.2026', 'ru')).toEqual({ ok: true, value: '2026-11-30' });
    expect(parseDateInput('30/11/2026', 'en')).toEqual({ ok: true, value: '2026-11-30' });
    expect(parseDateInput('2026/11/30', 'zh')).toEqual({ ok: true, value: '2026-11-30' });
    expect(parseDateInput(' ', 'ru')).toEqual({ ok: true, value: null });
    expect(parseMomentInput('30.11.2026 14:05', 'ru')).toEqual({ ok: true, value: '2026-11-30T11:05:00.000Z' });
    expect(parseMomentInput('30.11.2026, 14:05', 'ru')).toEqual({ ok: true, value: '2026-11-30T11:05:00.000Z' });
    expect(parseMomentInput('30/11/2026 14:05', 'en')).toEqual({ ok: true, value: '2026-11-30T11:05:00.000Z' });
    expect(parseMomentInput('2026/11/30 14:05', 'zh')).toEqual({ ok: true, value: '2026-11-30T11:05:00.000Z' });
    for (const locale of ['ru', 'en', 'zh'])
      expect(parseMomentInput(formatMomentInput('2027-02-28T21:30:00.000Z', locale), locale)).toEqual({ ok: true, value: '2027-02-28T21:30:00.000Z' });
  });

  it('refuses what is not a day or a time, rather than guessing', () => {
    for (const text of ['31.11.2026', '29.02.2027', '2026-11-30', '30.11.26', 'завтра', '30.11.2026 24:00', '30.11.2026 14:60', '30.11.2026 14'])
      expect(parseMomentInput(text, 'ru').ok, text).toBe(false);
    expect(parseDateInput('11/30/2026', 'en').ok).toBe(false);
    expect(parseDateInput('29.02.2028', 'ru')).toEqual({ ok: true, value: '2028-02-29' });
  });

  it('writes and reads numbers with the language’s marks', () => {
    expect(formatNumberInput(1234.5, 'ru')).toBe('1\u00a0234,5');
    expect(formatNumberInput(1234.5, 'en')).toBe('1,234.5');
    expect(numberExample('zh')).toBe('1,234.5');
    expect(parseNumberInput('1 234,5', 'ru')).toEqual({ ok: true, value: 1234.5 });
    expect(parseNumberInput('1\u00a0234,5', 'ru')).toEqual({ ok: true, value: 1234.5 });
    expect(parseNumberInput('−7', 'ru')).toEqual({ ok: true, value: -7 });
    expect(parseNumberInput('1,234.5', 'en')).toEqual({ ok: true, value: 1234.5 });
    expect(parseNumberInput('', 'en')).toEqual({ ok: true, value: null });
    for (const text of ['1,2,3,4.5.6', '12a', '1e5', '--1']) expect(parseNumberInput(text, 'en').ok, text).toBe(false);
    expect(parseNumberInput('1,5,5', 'ru').ok).toBe(false);
  });

  it('says the pattern the language’s own dates follow', () => {
    // The catalog's pattern words are the language's order and marks (a change of either would be caught here).
    expect(formatDateInput('2026-11-30', 'ru').replace(/\d/g, '0')).toBe(ru.inputs.datePattern.replace(/[а-я]/g, '0'));
    expect(formatDateInput('2026-11-30', 'en').replace(/\d/g, '0')).toBe(en.inputs.datePattern.replace(/[a-z]/g, '0'));
    expect(formatMomentInput('2026-11-30T11:05:00Z', 'ru').replace(/\d/g, '0')).toBe(ru.inputs.datetimePattern.replace(/[а-я]/g, '0'));
    expect(formatMomentInput('2026-11-30T11:05:00Z', 'en').replace(/\d/g, '0')).toBe(en.inputs.datetimePattern.replace(/[a-z]/g, '0'));
  });
});
