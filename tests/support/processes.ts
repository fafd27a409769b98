import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';

/** The processes whose parent is `pid` (from /proc: the cluster's workers). */
export function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name is in parentheses and may hold spaces: the fields after it are split.
      const stat = readFileSync(join('/proc', entry, 'stat'), 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return children;
}

/** How many of the sockets listening on `port` process `pid` holds (from /proc/net/tcp{,6} and its fds). */
export function listenersHeldBy(pid: number, port: number): number {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // local_address is ADDR:PORT; st 0A is LISTEN; the inode is the tenth field.
      if (fields[1]?.endsWith(`:${hexPort}`) && fields[3] === '0A') inodes.add(fields[9]!);
    }
  }
  let held = 0;
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      if (inodes.has(/^socket:\[(\d+)\]$/.exec(target)?.[1] ?? '')) held++;
    } catch {
      // closed meanwhile
    }
  }
  return held;
}

/** Whether a process still exists (a reaped one does not; the primary reaps its workers). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return !/^\S+ \S+ Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/\(.*\)/, 'x'));
  } catch {
    return false;
  }
}
