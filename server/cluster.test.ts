import type { Worker } from 'node:cluster';
import { describe, expect, it } from 'vitest';
import { ConfigError } from './config.ts';
import { metricsGatherer, poolPerProcess, serverProcesses, sharedEnvironment } from './cluster.ts';

const PG = 'postgres://site@db/site';
const REDIS = 'redis://cache:6379';

describe('serverProcesses', () => {
  it('is one per core by default only when the processes can share their state (PostgreSQL and Redis)', () => {
    expect(serverProcesses({ WEB_CONCURRENCY: 0, DATABASE_URL: PG, REDIS_URL: REDIS }, 8)).toBe(8);
    expect(serverProcesses({ WEB_CONCURRENCY: 0, DATABASE_URL: PG, REDIS_URL: undefined }, 8)).toBe(1);
    expect(serverProcesses({ WEB_CONCURRENCY: 0, DATABASE_URL: undefined, REDIS_URL: REDIS }, 8)).toBe(1);
  });

  it('takes WEB_CONCURRENCY as asked, and refuses several processes on the embedded database', () => {
    expect(serverProcesses({ WEB_CONCURRENCY: 3, DATABASE_URL: PG, REDIS_URL: REDIS }, 8)).toBe(3);
    // Without Redis each would keep its own limits and spent proofs of work.
    expect(() => serverProcesses({ WEB_CONCURRENCY: 3, DATABASE_URL: PG, REDIS_URL: undefined }, 8)).toThrow(/REDIS_URL/);
    expect(serverProcesses({ WEB_CONCURRENCY: 1, DATABASE_URL: PG, REDIS_URL: REDIS }, 8)).toBe(1);
    expect(serverProcesses({ WEB_CONCURRENCY: 1, DATABASE_URL: undefined, REDIS_URL: undefined }, 8)).toBe(1);
    expect(() => serverProcesses({ WEB_CONCURRENCY: 2, DATABASE_URL: undefined, REDIS_URL: REDIS }, 8)).toThrow(ConfigError);
  });
});

describe('sharedEnvironment', () => {
  it('gives every worker the port, the operator token and one CAPTCHA secret when none is configured', () => {
    const made = sharedEnvironment({ CAPTCHA_SECRET: undefined, PORT: 3000 }, 'token', 4);
    // Four processes pool the ten connections one would (rounded up), at least two each.
    expect(made).toMatchObject({ PORT: '3000', SITE_CLUSTER_OPERATOR_TOKEN: 'token', SITE_CLUSTER_WORKER: '1', SITE_CLUSTER_POOL: '3' });
    expect(poolPerProcess(16)).toBe(2);
    expect(made.CAPTCHA_SECRET).toMatch(/^[0-9a-f-]{72}$/);
    expect(sharedEnvironment({ CAPTCHA_SECRET: 'configured', PORT: 3000 }, 'token', 2)).not.toHaveProperty('CAPTCHA_SECRET');
  });
});

describe('metricsGatherer (the primary’s side of /metrics across processes)', () => {
  type Sent = { to: number; message: unknown };
  const fakeWorker = (id: number, sent: Sent[], opts: { connected?: boolean; refuses?: boolean } = {}) =>
    ({
      id,
      isConnected: () => opts.connected ?? true,
      send: (message: unknown, _handle: unknown, callback: (error: Error | null) => void) => {
        sent.push({ to: id, message });
        setImmediate(() => callback(opts.refuses ? new Error('channel closed') : null));
        return true;
      },
    }) as unknown as Worker;

  it('asks every listening process for its text and hands the texts back to the one that asked', async () => {
    const sent: Sent[] = [];
    const workers = [fakeWorker(1, sent), fakeWorker(2, sent)];
    const handle = metricsGatherer(() => workers);
    expect(handle(workers[0]!, 'site:listening')).toBe(false);
    expect(handle(workers[0]!, { type: 'site:metrics:gather', id: 7 })).toBe(true);
    const asks = sent.map(({ to, message }) => ({ to, message: message as { type: string; id: string } }));
    expect(asks.map(({ to, message }) => [to, message.type])).toEqual([
      [1, 'site:metrics:local'],
      [2, 'site:metrics:local'],
    ]);
    const round = asks[0]!.message.id;
    handle(workers[1]!, { type: 'site:metrics:text', id: round, text: 'b 1\n' });
    // A second answer from the same process counts once.
    handle(workers[1]!, { type: 'site:metrics:text', id: round, text: 'b 1\n' });
    handle(workers[0]!, { type: 'site:metrics:text', id: round, text: 'a 1\n' });
    expect(sent.at(-1)).toEqual({ to: 1, message: { type: 'site:metrics:all', id: 7, texts: ['b 1\n', 'a 1\n'], missing: 0 } });
  });

  it('counts a process that cannot be asked, or fails to render, as missing, and does not wait for it', async () => {
    const sent: Sent[] = [];
    const workers = [fakeWorker(1, sent), fakeWorker(2, sent, { refuses: true })];
    const handle = metricsGatherer(() => workers);
    handle(workers[0]!, { type: 'site:metrics:gather', id: 1 });
    const round = (sent[0]!.message as { id: string }).id;
    handle(workers[0]!, { type: 'site:metrics:text', id: round, text: null });
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent.at(-1)).toEqual({ to: 1, message: { type: 'site:metrics:all', id: 1, texts: [], missing: 2 } });
  });
});
