import { describe, expect, it } from 'vitest';
import { backoffMs } from './outbox.ts';

describe('the outboxes’ backoff', () => {
  it('doubles from the base up to the cap, with jitter within ±20 %', () => {
    expect(backoffMs(1, 1000, 60_000, () => 0.5)).toBe(1000);
    expect(backoffMs(3, 1000, 60_000, () => 0.5)).toBe(4000);
    expect(backoffMs(30, 1000, 60_000, () => 0.5)).toBe(60_000);
    expect(backoffMs(1, 1000, 60_000, () => 0)).toBe(800);
    expect(backoffMs(1, 1000, 60_000, () => 1)).toBe(1200);
  });
});
