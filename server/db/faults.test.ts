import { describe, expect, it } from 'vitest';
import { describeDatabaseError, isDatabaseUnavailable } from './faults.ts';

/** drizzle's wrapper: its message names the query and its parameters; the driver's error is the cause. */
const wrapped = (cause: Error) => Object.assign(new Error('Failed query: insert into "leads" … params: Анна,+79161234567,anna@example.ru'), { cause });
const pgError = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('database faults', () => {
  it('tells a database that cannot be reached from a bad query', () => {
    expect(isDatabaseUnavailable(wrapped(pgError('terminating connection due to administrator command', '57P01')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(pgError('database "site" is not currently accepting connections', '55000')))).toBe(true);
    expect(isDatabaseUnavailable(pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(new Error('PGlite is closed')))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(pgError('duplicate key value violates unique constraint "leads_idempotency_key"', '23505')))).toBe(false);
    expect(isDatabaseUnavailable(wrapped(pgError('invalid byte sequence for encoding "UTF8": 0x00', '22021')))).toBe(false);
  });

  it('describes an error by class and code, never by the query or its values', () => {
    const described = describeDatabaseError(wrapped(pgError('terminating connection due to administrator command', '57P01')));
    expect(described).toEqual({ errorClass: 'Error', code: '57P01', unavailable: true });
    expect(JSON.stringify(described)).not.toMatch(/Анна|7916|anna@/);
  });
});
