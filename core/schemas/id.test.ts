import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idNumber, idText, isId, MAX_ID } from './id.ts';

describe('ids', () => {
  it('are PostgreSQL integers written without a sign or a leading zero', () => {
    for (const text of ['1', '42', '999999999', '1000000000', String(MAX_ID)]) expect(isId(text), text).toBe(true);
    for (const text of ['', '0', '01', '-1', '+1', '1.0', '1e3', ' 1', 'x', String(MAX_ID + 1), '99999999999']) expect(isId(text), text).toBe(false);
  });

  it('as text give one message for any bad one, and the words asked for when none is given', () => {
    const schema = idText('Not an id.', { required: 'An id, please.' });
    expect(schema.parse('7')).toBe('7');
    for (const text of ['abc', '0', String(MAX_ID + 1)])
      expect(
        schema.safeParse(text).error?.issues.map((i) => i.message),
        text,
      ).toEqual(['Not an id.']);
    expect(schema.safeParse(undefined).error?.issues.map((i) => i.message)).toEqual(['An id, please.']);
    expect(
      idText()
        .safeParse('a\u0000')
        .error?.issues.map((i) => i.message),
    ).toEqual(['Null characters are not allowed.']);
    expect(z.toJSONSchema(idText())).toMatchObject({ type: 'string', pattern: '^[1-9]\\d{0,9}$' });
  });

  it('as numbers are positive whole numbers up to the column limit, coerced from a query when asked', () => {
    expect(idNumber().parse(MAX_ID)).toBe(MAX_ID);
    for (const value of [0, -1, 1.5, MAX_ID + 1]) expect(idNumber().safeParse(value).success, String(value)).toBe(false);
    const query = idNumber('A valid integer is required.', { coerce: true });
    expect(query.parse('12')).toBe(12);
    expect(query.safeParse('x').error?.issues.map((i) => i.message)).toEqual(['A valid integer is required.']);
    expect(z.toJSONSchema(idNumber())).toMatchObject({ type: 'integer', exclusiveMinimum: 0, maximum: MAX_ID });
  });
});
