import { describe, expect, it } from 'vitest';
import { ConfigError } from './config.ts';
import { poolPerProcess, serverProcesses, sharedEnvironment } from './cluster.ts';

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
