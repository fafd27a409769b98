import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { operatorTokenPath, prepareOperatorToken, readOperatorToken } from './operator-token.ts';

describe('the operator token', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'operator-token-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('without FLAGS_TOKEN is made anew at each boot, in a file only its owner can read, which the command reads', async () => {
    const dir = join(dataDir(), 'not-yet');
    const first = await prepareOperatorToken({ DATA_DIR: dir, FLAGS_TOKEN: undefined });
    expect(first.file).toBe(operatorTokenPath(dir));
    expect(first.token).toMatch(/^[\w-]{43}$/);
    expect(statSync(first.file!).mode & 0o777).toBe(0o600);
    expect(readOperatorToken({ DATA_DIR: dir, FLAGS_TOKEN: undefined })).toBe(first.token);

    // A file someone made readable is replaced by a private one, with a new token.
    chmodSync(first.file!, 0o644);
    const second = await prepareOperatorToken({ DATA_DIR: dir, FLAGS_TOKEN: undefined });
    expect(second.token).not.toBe(first.token);
    expect(statSync(second.file!).mode & 0o777).toBe(0o600);
    expect(readFileSync(second.file!, 'utf8').trim()).toBe(second.token);
  });

  it('is FLAGS_TOKEN when set: no file, and one left by an earlier boot is removed', async () => {
    const dir = dataDir();
    writeFileSync(operatorTokenPath(dir), 'an-old-token\n', { mode: 0o600 });
    const configured = 'configured-operator-token-0123456789';
    expect(await prepareOperatorToken({ DATA_DIR: dir, FLAGS_TOKEN: configured })).toEqual({ token: configured, file: null });
    expect(existsSync(operatorTokenPath(dir))).toBe(false);
    expect(readOperatorToken({ DATA_DIR: dir, FLAGS_TOKEN: configured })).toBe(configured);
    expect(readOperatorToken({ DATA_DIR: dir, FLAGS_TOKEN: undefined })).toBeNull();
  });
});
