import { describe, expect, it } from 'vitest';
import { cached, cachePolicy } from './cache.ts';

/** A database stand-in: answers `value`, or fails while `down`; counts how often it is asked. */
function source() {
  const s = { value: 'v1', down: false, calls: 0, load: async () => {} };
  s.load = async () => {
    s.calls += 1;
    if (s.down) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  };
  return s;
}

function setup(opts: { maxStaleMs?: number; retryMs?: number } = {}) {
  let now = 1_000_000;
  const lines: { msg: string; obj: object }[] = [];
  const log = { warn: (obj: object, msg: string) => lines.push({ msg, obj }), info: (obj: object, msg: string) => lines.push({ msg, obj }) };
  const policy = cachePolicy(log, { maxStaleMs: opts.maxStaleMs ?? 60_000, retryMs: opts.retryMs ?? 5_000, now: () => now });
  const db = source();
  const cache = cached(
    async () => {
      await db.load();
      return db.value;
    },
    1_000,
    policy,
    'menus',
  );
  return { cache, db, lines, policy, advance: (ms: number) => (now += ms) };
}

describe('shared TTL cache with stale-if-error', () => {
  it('reloads after the TTL and shares one load between concurrent callers', async () => {
    const { cache, db, advance } = setup();
    expect(await Promise.all([cache.get(), cache.get()])).toEqual(['v1', 'v1']);
    expect(db.calls).toBe(1);
    db.value = 'v2';
    expect(await cache.get()).toBe('v1');
    advance(1_001);
    expect(await cache.get()).toBe('v2');
  });

  it('answers the last good copy while the database fails, asks it again only every retry interval, logs once', async () => {
    const { cache, db, lines, policy, advance } = setup();
    await cache.get();
    db.down = true;
    advance(1_500);
    const answers = await Promise.all(Array.from({ length: 20 }, () => cache.get()));
    expect(new Set(answers)).toEqual(new Set(['v1']));
    expect(db.calls).toBe(2);
    expect(policy.health.down).toBe(true);
    for (let i = 0; i < 10; i++) {
      advance(1_000);
      expect(await cache.get()).toBe('v1');
    }
    // Ten seconds of requests, one try every five seconds.
    expect(db.calls).toBe(4);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.msg).toMatch(/^database read failed/);
    expect(lines[0]!.obj).toMatchObject({ what: 'menus', errorClass: 'Error', code: 'ECONNREFUSED', unavailable: true });

    db.down = false;
    db.value = 'v3';
    advance(5_000);
    expect(await cache.get()).toBe('v3');
    expect(policy.health.down).toBe(false);
    expect(lines.map((l) => l.msg)).toEqual([expect.stringMatching(/^database read failed/), expect.stringMatching(/^database available again/)]);
  });

  it('gives the error once the copy is older than TTL + max staleness', async () => {
    const { cache, db, advance } = setup({ maxStaleMs: 10_000 });
    await cache.get();
    db.down = true;
    advance(10_000);
    expect(await cache.get()).toBe('v1');
    advance(1_001);
    await expect(cache.get()).rejects.toThrow(/ECONNREFUSED/);
  });

  it('gives the error when there was never a good copy, and a fallback when one is given', async () => {
    const { db, policy } = setup();
    db.down = true;
    const plain = cached(async () => db.load().then(() => 'x'), 1_000, policy);
    await expect(plain.get()).rejects.toThrow(/ECONNREFUSED/);
    const withFallback = cached(
      async () => db.load().then(() => 'x'),
      1_000,
      policy,
      'redirects',
      () => 'empty',
    );
    expect(await withFallback.get()).toBe('empty');
    db.down = false;
    // Within the retry interval the fallback is answered without asking the database again.
    const calls = db.calls;
    expect(await withFallback.get()).toBe('empty');
    expect(db.calls).toBe(calls);
  });
});
