import { connect } from 'node:net';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the tests share (TEST_REDIS_URL, else the one on this machine's default port). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether something answers PING at `url` within `ms` (a busy machine's seconds): a suite needing Redis skips, never hangs, without one. */
export async function redisAnswers(url = TEST_REDIS_URL, ms = 5_000): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port || 6379) });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(ms, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

/** A namespace of the test's own (`REDIS_PREFIX`), so it flushes only its keys. */
export const testNamespace = (name: string) => `test:${name}:${randomBytes(4).toString('hex')}:`;

/** Deletes every key under `namespace` (SCAN, never FLUSHDB: the Redis is shared). */
export async function flushNamespace(namespace: string, url = TEST_REDIS_URL): Promise<number> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${namespace.replace(/[*?[\]\\]/g, '\\$&')}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) deleted += await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return deleted;
}
