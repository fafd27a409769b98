import { describe, expect, it } from 'vitest';
import { csvCell } from './leads-export.ts';

describe('leads CSV', () => {
  it('quotes separators and quotes, and defuses formulas in free text only', () => {
    expect(csvCell('name', 'Анна, "А."')).toBe('"Анна, ""А."""');
    expect(csvCell('name', '=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('phone', '+79161234567')).toBe('+79161234567');
    expect(csvCell('details', { office: 1 })).toBe('"{""office"":1}"');
    expect(csvCell('consent_at', new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(csvCell('email', null)).toBe('');
  });
});
