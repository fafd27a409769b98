import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);

/**
 * The shell's commands for staff (issue #42): `admin:create` names the configured site address, `admin:unlock` and
 * `admin:revoke` find a member by e-mail and say what they did, or fail with one clear line.
 */
describe('admin:create, admin:unlock, admin:revoke', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'admin-commands-'));
  });
  afterAll(async () => rm(dataDir, { recursive: true, force: true }));

  const command = (script: string, args: string[], env: Record<string, string> = {}) =>
    run(process.execPath, [`scripts/${script}.ts`, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', SITE_URL: 'https://www.example.ru', LOG_LEVEL: 'warn', ...env },
    });

  it('creates an account and prints the site’s configured address; unlocks and ends the sessions of a member by e-mail', { timeout: 120_000 }, async () => {
    const created = await command('admin-create', ['--email', 'Chief@Example.ru', '--role', 'admin'], { ADMIN_PASSWORD: 'a-long-enough-password' });
    expect(created.stdout).toContain('sign in at https://www.example.ru/admin/login');
    expect(created.stdout).not.toContain('a-long-enough-password');
    const unlocked = await command('admin-unlock', ['--email', 'chief@example.ru']);
    expect(unlocked.stdout).toMatch(
      /^Sign-in of chief@example\.ru unlocked \(0 failed attempts forgotten\); sign in at https:\/\/www\.example\.ru\/admin\/login/,
    );
    const revoked = await command('admin-revoke', ['--email', 'chief@example.ru']);
    expect(revoked.stdout).toMatch(/^0 sessions of chief@example\.ru ended\./);
    await expect(command('admin-unlock', ['--email', 'nobody@example.ru'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No staff member with the e-mail nobody@example.ru.'),
    });
  });
});
