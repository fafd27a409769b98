import { describe, expect, it } from 'vitest';
import { createPollingLoop } from './polling-loop.ts';

const tick = (ms = 20) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the outboxes’ polling loop', () => {
  it('goes on at once after a full batch, sleeps after a partial one until woken, and stops after the cycle in flight', async () => {
    const due = [25, 25, 3, 2];
    let cycles = 0;
    const errors: string[] = [];
    const loop = createPollingLoop({
      name: 'test',
      batch: 25,
      pollMs: 60_000,
      log: { error: (_obj, msg) => errors.push(msg) },
      runOnce: async () => {
        cycles += 1;
        return due.shift() ?? 0;
      },
      nextDueInMs: async () => 60_000,
    });
    loop.start();
    await tick();
    // Two full batches, then the partial one: asleep for the poll interval.
    expect(cycles).toBe(3);
    loop.wake();
    await tick();
    expect(cycles).toBe(4);
    await loop.stop();
    expect(cycles).toBe(4);
    expect(errors).toEqual([]);
  });

  it('logs a failing cycle without the loop dying, and tries again after the wait', async () => {
    let cycles = 0;
    const errors: string[] = [];
    const loop = createPollingLoop({
      name: 'test',
      batch: 25,
      pollMs: 10,
      log: { error: (_obj, msg) => errors.push(msg) },
      runOnce: async () => {
        cycles += 1;
        if (cycles === 1) throw new Error('database down');
        return 0;
      },
      nextDueInMs: async () => 10,
    });
    loop.start();
    await tick(80);
    await loop.stop();
    expect(errors).toEqual(['test outbox cycle failed']);
    expect(cycles).toBeGreaterThan(1);
  });
});
