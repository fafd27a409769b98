import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/**
 * The alert digests' reliability check at a bounded size (ADR 021): `scripts/test-alerts-reliability.ts` with the
 * demo catalogue (~3,300 lots, all repriced by one import) and 60 subscriptions; the sending process is SIGKILLed
 * twice mid-send and restarted. The full run (10k lots, 1k subscriptions) is `npm run test:alerts-reliability`.
 */
describe('alert digests survive a killed sender', () => {
  it('every digest is enqueued once and delivered once, each message received under one Message-ID', () => {
    const run = spawnSync(process.execPath, ['scripts/test-alerts-reliability.ts'], {
      env: { ...process.env, RELIABILITY_LOT_COPIES: '1', RELIABILITY_SUBSCRIPTIONS: '60', RELIABILITY_DEADLINE_MS: '240000' },
      encoding: 'utf8',
      timeout: 280_000,
    });
    const output = `${run.stdout}${run.stderr}`;
    expect(output, output).toMatch(/→ OK/);
    expect(output).not.toMatch(/FAILED/);
    expect(run.status, output).toBe(0);
  }, 300_000);
});
