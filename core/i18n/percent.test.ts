import { describe, expect, it } from 'vitest';
import { formatPercent } from './percent.ts';

describe('formatPercent', () => {
  it('writes the sign as each language does: a no-break space before it in Russian, none in English and Chinese', () => {
    expect(formatPercent(4.5, 'ru')).toBe('4,5\u00a0%');
    expect(formatPercent(4.5, 'en')).toBe('4.5%');
    expect(formatPercent(4.5, 'zh')).toBe('4.5%');
  });

  it('keeps up to two decimals of a stored rate and drops zeros, without float noise', () => {
    expect(formatPercent(4.1, 'ru')).toBe('4,1\u00a0%');
    expect(formatPercent(9.75, 'en')).toBe('9.75%');
    expect(formatPercent(30, 'ru')).toBe('30\u00a0%');
    expect(formatPercent(0, 'en')).toBe('0%');
    expect(formatPercent(18.9, 'zh')).toBe('18.9%');
  });

  it('rounds to the digits asked for', () => {
    expect(formatPercent(33.333, 'ru', 0)).toBe('33\u00a0%');
    expect(formatPercent(33.35, 'en', 1)).toBe('33.4%');
  });
});
