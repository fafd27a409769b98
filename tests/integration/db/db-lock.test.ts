import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir } from '#server/db/lock.ts';
import { freePort, startServer, type RunningServer } from '#tests/support/server.ts';

const bootId = () => (existsSync('/proc/sys/kernel/random/boot_id') ? readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() : '');

describe('embedded database lock: stale files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'lock-stale-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes over a lock naming a live process that is not its holder (pid 1, another start time)', () => {
    writeFileSync(join(dir, '.lock'), JSON.stringify({ pid: 1, started: '1', boot: bootId() }));
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(join(dir, '.lock'), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    expect(existsSync(join(dir, '.lock'))).toBe(false);
  });

  it('takes over a lock written before a reboot, even when the pid and start time happen to match', () => {
    const mine = lockDataDir(dir);
    const record = JSON.parse(readFileSync(join(dir, '.lock'), 'utf8')) as { pid: number; started: string };
    mine();
    // Another process's lock from an earlier boot of the machine, naming a pid alive now.
    writeFileSync(join(dir, '.lock'), JSON.stringify({ pid: 1, started: record.started, boot: 'an-earlier-boot' }));
    expect(() => lockDataDir(dir)()).not.toThrow();
  });

  it('takes over an older bare-pid lock naming a live program that is not Node', async () => {
    const other = spawn('sleep', ['30']);
    try {
      writeFileSync(join(dir, '.lock'), String(other.pid));
      expect(() => lockDataDir(dir)()).not.toThrow();
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('takes over a lock left by a process that has ended', () => {
    writeFileSync(join(dir, '.lock'), JSON.stringify({ pid: 999_999_999, started: '1', boot: bootId() }));
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(join(dir, '.lock'), 'utf8'))).toMatchObject({ pid: process.pid, boot: bootId() });
    release();
    expect(existsSync(join(dir, '.lock'))).toBe(false);
  });
});

describe('embedded database lock: a live second server', () => {
  let first: RunningServer | undefined;
  afterAll(async () => first?.stop());

  it('refuses to start on a directory a running server holds, with a clear message, and leaves the first one working', async () => {
    first = await startServer({ LOG_LEVEL: 'silent' });
    const port = await freePort();
    const second = spawn(process.execPath, ['server/index.ts'], {
      env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', SITE_URL: `http://127.0.0.1:${port}`, DATA_DIR: first.dataDir },
    });
    let err = '';
    second.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise((resolve) => second.on('exit', resolve));
    expect(code).toBe(1);
    expect(err).toContain(`The embedded database in ${first.dataDir} is already open in process ${first.process.pid}.`);
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);
  }, 180_000);
});
