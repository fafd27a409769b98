import { describe, expect, it } from 'vitest';
import { ImageProxyError } from './errors.ts';
import { Limiter } from './limiter.ts';

describe('limiter', () => {
  it('runs at most `concurrency` tasks, in arrival order, and refuses past the queue', async () => {
    const limiter = new Limiter(2, 3);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    const gates: (() => void)[] = [];
    const task = (id: number) =>
      limiter.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        order.push(id);
        await new Promise<void>((resolve) => gates.push(resolve));
        running -= 1;
        return id;
      });
    const results = [1, 2, 3, 4, 5].map(task);
    await expect(task(6)).rejects.toMatchObject({ code: 'busy', statusCode: 503 });
    expect([limiter.active, limiter.waiting]).toEqual([2, 3]);
    while (gates.length || limiter.waiting) {
      gates.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4, 5]);
    expect(order).toEqual([1, 2, 3, 4, 5]);
    expect(peak).toBe(2);
    expect([limiter.active, limiter.waiting]).toEqual([0, 0]);
  });

  it('frees the slot when a task fails', async () => {
    const limiter = new Limiter(1, 10);
    await expect(limiter.run(() => Promise.reject(new ImageProxyError('timeout', 'x')))).rejects.toThrow('x');
    expect(await limiter.run(async () => 'next')).toBe('next');
    expect(limiter.active).toBe(0);
  });

  it('drops a waiter whose visitor left, and never starts its task', async () => {
    const limiter = new Limiter(1, 10);
    let release = () => {};
    const first = limiter.run(() => new Promise<string>((resolve) => (release = () => resolve('first'))));
    const left = new AbortController();
    let started = false;
    const second = limiter.run(async () => {
      started = true;
    }, left.signal);
    expect(limiter.waiting).toBe(1);
    left.abort(new Error('gone'));
    await expect(second).rejects.toThrow('gone');
    expect(limiter.waiting).toBe(0);
    release();
    expect(await first).toBe('first');
    expect(started).toBe(false);
    expect(limiter.active).toBe(0);
    await expect(limiter.run(async () => 1, AbortSignal.abort(new Error('already gone')))).rejects.toThrow('already gone');
  });
});
