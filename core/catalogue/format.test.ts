import { describe, expect, it } from 'vitest';
import type { Locale } from '#core/i18n/locales.ts';
import { catalogueFormat } from './format.ts';
import { loadMessages, translator, type Translate } from '#core/i18n/messages.ts';

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

describe('short prices', () => {
  const short = async (locale: Locale) => {
    const messages = await loadMessages(locale);
    return catalogueFormat(locale, translator(messages, locale)).moneyCompact;
  };

  // The same text wherever it is printed (server, any browser's number data, PDF): the scale words are the catalog's.
  it('writes millions, thousands and 万 from the catalog, with the language’s decimal mark', async () => {
    const ru = await short('ru');
    const en = await short('en');
    const zh = await short('zh');
    expect(ru(14_155_000)).toBe('14,2\u00a0млн\u00a0₽');
    expect(en(14_155_000)).toBe('₽14.2m');
    expect(zh(14_155_000)).toBe('₽1415.5万');
    expect(ru(950_000)).toBe('950\u00a0тыс.\u00a0₽');
    expect(en(950_000)).toBe('₽950k');
    expect(zh(950_000)).toBe('₽95万');
    expect(en(1_250_000_000)).toBe('₽1.3bn');
    expect(zh(250_000_000)).toBe('₽2.5亿');
  });

  it('moves up a scale when rounding reaches it, and prints a small price whole', async () => {
    expect((await short('ru'))(999_960)).toBe('1\u00a0млн\u00a0₽');
    expect((await short('en'))(999_960)).toBe('₽1m');
    expect((await short('zh'))(99_999_600)).toBe('₽1亿');
    expect((await short('en'))(950)).toBe('₽950');
    expect((await short('zh'))(9_500)).toBe('₽9,500');
  });
});

describe('a lot reserved online, in words (issue #39)', () => {
  it('says until when in each language (a Moscow date); a hold and a reservation without an end say reserved alone', async () => {
    const until = '2026-12-11T21:30:00.000Z'; // 00:30 on 12 December in Moscow
    const says = async (locale: Locale) => {
      const f = catalogueFormat(locale, translator(await loadMessages(locale), locale));
      return [
        f.lotStatus({ status: 'reserved', offer: 'sale', reservedUntil: until }),
        f.lotStatus({ status: 'held', offer: 'sale', reservedUntil: null }),
        f.lotStatus({ status: 'reserved', offer: 'sale' }),
      ];
    };
    expect(await says('ru')).toEqual(['Забронирован до 12 декабря', 'Забронирован', 'Забронирован']);
    expect(await says('en')).toEqual(['Reserved until 12 December', 'Reserved', 'Reserved']);
    expect(await says('zh')).toEqual(['预留至12月12日', '已预留', '已预留']);
  });
});
