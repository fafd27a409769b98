import { describe, expect, it } from 'vitest';
import { shouldReload } from './chunk-reload.ts';

describe('chunk error reload guard', () => {
  it('reloads once per path within 10 seconds', () => {
    expect(shouldReload('/a', null, 0)).toBe(true);
    const stored = JSON.stringify({ path: '/a', expires: 10_000 });
    expect(shouldReload('/a', stored, 5_000)).toBe(false);
    expect(shouldReload('/a', stored, 10_001)).toBe(true);
    expect(shouldReload('/b', stored, 5_000)).toBe(true);
    expect(shouldReload('/a', 'garbage', 5_000)).toBe(true);
  });
});
