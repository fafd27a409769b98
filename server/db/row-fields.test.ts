import { describe, expect, it } from 'vitest';
import { RowFields } from './row-fields.ts';

const row = (...fields: string[]) => fields.join('\x1f');

describe('a lot row read field by field', () => {
  it('reads texts, empty fields and numbers in order, and says the row was read whole', () => {
    const f = new RowFields().row(row('1042', 'flat', '', '12Б', '65.50', '-3', '0', '15000000'));
    expect([f.number(), f.string(), f.nullable(), f.string(), f.number(), f.number(), f.number(), f.number()]).toEqual([
      1042,
      'flat',
      null,
      '12Б',
      65.5,
      -3,
      0,
      15_000_000,
    ]);
    expect(f.done(8)).toBe(true);
  });

  it('reads every decimal PostgreSQL prints as the same double as Number does', () => {
    const texts = ['0.1', '0.30', '2.75', '123.45', '99999999.99', '1.005', '7', '-0', '-12.5', '900719925474099', '9007199254740993'];
    // Longer than 15 digits, with an exponent, or not a plain decimal: left to Number.
    texts.push('12345678901234567', '1e+21', '1.5e-7', 'Infinity', 'NaN', '.5', '5.');
    const f = new RowFields().row(row(...texts));
    for (const text of texts) expect(Object.is(f.number(), Number(text)), text).toBe(true);
    expect(f.done(texts.length)).toBe(true);
    // Many decimals of two places, as areas and prices are kept.
    for (let k = 0; k < 20_000; k += 1) {
      const text = `${Math.floor(k * 7919) % 100000}.${String(k % 100).padStart(2, '0')}`;
      expect(new RowFields().row(text).number()).toBe(Number(text));
    }
  });

  it('says a row with a field too many or too few was not read whole', () => {
    const short = new RowFields().row(row('1', 'flat'));
    expect([short.number(), short.string(), short.string(), short.number()]).toEqual([1, 'flat', '', Number.NaN]);
    expect(short.done(4)).toBe(false);
    const long = new RowFields().row(row('1', 'flat', 'extra'));
    long.number();
    long.string();
    expect(long.done(2)).toBe(false);
    expect(RowFields.count(row('1', 'flat', 'extra'))).toBe(3);
    // One empty field is a row of one field.
    const empty = new RowFields().row('');
    expect(empty.string()).toBe('');
    expect(empty.done(1)).toBe(true);
  });
});
