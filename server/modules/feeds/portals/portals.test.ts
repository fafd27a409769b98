import { describe, expect, it } from 'vitest';
import { AVITO_DESCRIPTION_MAX, avitoDescription, avitoRooms } from './avito.ts';
import { cianRooms } from './cian.ts';
import { splitPhone } from './types.ts';

describe('portal words', () => {
  it('counts rooms as each portal does: a studio is 9 in CIAN and «Студия» on Avito', () => {
    expect([0, 1, 4, 5, 6, 8].map(cianRooms)).toEqual([9, 1, 4, 5, 6, 6]);
    expect([0, 1, 9, 10, 12].map(avitoRooms)).toEqual(['Студия', '1', '9', '10 и более', '10 и более']);
  });

  it('splits a phone number for CIAN and writes it in E.164 for Avito, and refuses what is not a number', () => {
    expect(splitPhone('+7 (495) 000-10-10')).toEqual({ countryCode: '+7', number: '4950001010', e164: '+74950001010' });
    expect(splitPhone('8 495 000 10 10')).toEqual({ countryCode: '+7', number: '4950001010', e164: '+74950001010' });
    expect(splitPhone('12')).toBeNull();
    expect(splitPhone(null)).toBeNull();
  });

  it('gives Avito plain text within 7,500 characters, cut at a word', () => {
    expect(avitoDescription('<p>Квартира&nbsp;с <b>видом</b></p>\n\n на парк')).toBe('Квартира с видом на парк');
    const long = avitoDescription('слово '.repeat(2000));
    expect(long.length).toBeLessThanOrEqual(AVITO_DESCRIPTION_MAX);
    expect(long).toMatch(/слово…$/);
  });
});
