import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.ts';

/**
 * The operator's token for the flag admin API (ADR 015). Every operator call needs it as a bearer token. It is
 * FLAGS_TOKEN when set; otherwise the server makes a random one at each boot and writes it to
 * `DATA_DIR/operator-token`, readable by its owner only (0600), where `npm run flags:*` on the same machine reads
 * it: the demo's commands work with no setup, and nothing but someone who can read the server's data directory
 * can change a flag, whatever proxy stands in front of the server.
 */
export const OPERATOR_TOKEN_FILE = 'operator-token';

export function operatorTokenPath(dataDir: string): string {
  return join(dataDir, OPERATOR_TOKEN_FILE);
}

/**
 * At boot: the token in force. FLAGS_TOKEN when set (a file left by an earlier boot is removed, so its stale token
 * opens nothing); else a new random token, written to `DATA_DIR/operator-token` with mode 0600
 * (a new file renamed over the old one, so it is never readable by others, not even for a moment).
 */
export async function prepareOperatorToken(config: Pick<Config, 'FLAGS_TOKEN' | 'DATA_DIR'>): Promise<{ token: string; file: string | null }> {
  const path = operatorTokenPath(config.DATA_DIR);
  if (config.FLAGS_TOKEN) {
    await rm(path, { force: true });
    return { token: config.FLAGS_TOKEN, file: null };
  }
  const token = randomBytes(32).toString('base64url');
  await mkdir(config.DATA_DIR, { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  await rm(temporary, { force: true });
  await writeFile(temporary, `${token}\n`, { mode: 0o600, flag: 'wx' });
  await rename(temporary, path);
  return { token, file: path };
}

/** For the command line: FLAGS_TOKEN, else the token the server on this machine wrote, else null. */
export function readOperatorToken(config: Pick<Config, 'FLAGS_TOKEN' | 'DATA_DIR'>): string | null {
  if (config.FLAGS_TOKEN) return config.FLAGS_TOKEN;
  try {
    return readFileSync(operatorTokenPath(config.DATA_DIR), 'utf8').trim() || null;
  } catch {
    return null;
  }
}
