import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '#tests/support/app.ts';

/**
 * Per-client limits count an IPv6 client by its /64 (server/lib/client-network.ts): a subscriber who takes a new
 * address in its network for each request still meets the limit, and the next network has an allowance of its own.
 * The flag stream's per-minute limit stands for every route limit the rate-limit plugin keeps.
 */
describe('per-client limits by network', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp('pglite', { FLAGS_STREAMS_PER_MINUTE: '3' });
  }, 60_000);
  afterAll(async () => t?.dispose());

  const ask = (remoteAddress: string) => t.app.inject({ url: '/sub/not-our-key', remoteAddress });

  it('counts every address of one IPv6 /64 as one client, and an IPv4 client written inside IPv6 as itself', async () => {
    const statuses = [];
    for (const address of ['2001:db8:40:1::1', '2001:db8:40:1::2', '2001:db8:40:1:dead:beef:0:1', '2001:db8:40:1:ffff::9'])
      statuses.push((await ask(address)).statusCode);
    expect(statuses).toEqual([404, 404, 404, 429]);
    expect((await ask('2001:db8:40:2::1')).statusCode).toBe(404);

    expect((await ask('198.51.100.40')).headers['x-ratelimit-remaining']).toBe('2');
    expect((await ask('::ffff:198.51.100.40')).headers['x-ratelimit-remaining']).toBe('1');
  });
});
