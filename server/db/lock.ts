import { execFileSync } from 'node:child_process';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/** What the lock file records: the holder's pid and what tells that process apart from a later one with the same pid. */
type Holder = { pid: number; started: string; boot: string };

function readProc(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** This boot of the machine (Linux): a pid and a start time only mean something within one boot. */
const bootId = (): string => readProc('/proc/sys/kernel/random/boot_id')?.trim() ?? '';

/**
 * When process `pid` started, as the system tells it, or null when no such process is visible. On Linux the
 * start time in clock ticks after boot (`/proc/<pid>/stat`, field 22); elsewhere `ps`'s start date.
 */
function startOf(pid: number): string | null {
  if (process.platform === 'linux') {
    const stat = readProc(`/proc/${pid}/stat`);
    if (stat === null) return null;
    // The command name (field 2) is in parentheses and may hold spaces: count fields after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  }
  try {
    const out = execFileSync('ps', ['-o', 'lstart=', '-p', String(pid)], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return out || null;
  } catch {
    return null;
  }
}

function parseHolder(text: string): Holder | null {
  try {
    const value = JSON.parse(text) as Partial<Holder>;
    if (typeof value.pid === 'number' && typeof value.started === 'string' && typeof value.boot === 'string') {
      return { pid: value.pid, started: value.started, boot: value.boot };
    }
  } catch {
    // an older lock file (a bare pid) or a torn one: nobody we can prove alive
  }
  return null;
}

/**
 * A lock file of an older version names only a pid: believed while that pid runs Node (on Linux), since the
 * old server may still be up during an upgrade. Anything else naming a pid is not ours.
 */
function legacyHolder(text: string): Holder | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const pid = Number(text.trim());
  const cmdline = readProc(`/proc/${pid}/cmdline`);
  return cmdline !== null && /(^|\/)node(\0|$)/.test(cmdline.split('\0')[0] ?? '') ? { pid, started: startOf(pid) ?? '', boot: bootId() } : null;
}

/** Whether the process the lock file names still runs: same boot, same pid, same start time. */
function holderAlive(holder: Holder): boolean {
  if (holder.boot !== bootId()) return false;
  const started = startOf(holder.pid);
  return started !== null && started === holder.started;
}

/**
 * PGlite is a single-process database: two processes writing one directory silently lose data.
 * The first process takes `{dir}/.lock`, naming itself by pid, start time and boot; a second one is refused
 * while that very process runs. A lock left by a process that has ended is taken over, even when its pid
 * now belongs to another program (after a reboot or a container restart pids come round again).
 */
export function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, '.lock');
  const me: Holder = { pid: process.pid, started: startOf(process.pid) ?? `${Date.now() - Math.round(process.uptime() * 1000)}`, boot: bootId() };
  // Written whole under a private name, then linked into place: a reader never sees a half-written lock.
  const draft = `${path}.${process.pid}.${Date.now()}`;
  writeFileSync(draft, JSON.stringify(me));
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      try {
        linkSync(draft, path);
        let released = false;
        return () => {
          if (released) return;
          released = true;
          // Only our own lock: a process that took over a lock we had lost must keep it.
          const current = readProc(path);
          if (current !== null && parseHolder(current)?.pid === me.pid) rmSync(path, { force: true });
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const text = readProc(path) ?? '';
        const holder = parseHolder(text) ?? legacyHolder(text);
        if (holder && holder.pid !== process.pid && holderAlive(holder)) {
          throw new DataDirLockedError(
            `The embedded database in ${dir} is already open in process ${holder.pid}. ` +
              'Only one process may use a PGlite directory (a second one would lose writes): stop the other process, ' +
              'or set DATA_DIR to another directory, or set DATABASE_URL to use PostgreSQL.',
          );
        }
        rmSync(path, { force: true });
      }
    }
    throw new DataDirLockedError(`Could not take the lock on ${path}`);
  } finally {
    rmSync(draft, { force: true });
  }
}
