import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian's ClickHouse server (18.16 in bookworm), in /usr/sbin. */
export const CLICKHOUSE_PATH = process.env.CLICKHOUSE_SERVER_PATH ?? '/usr/sbin/clickhouse-server';

/**
 * The experiment-events tests run against a real ClickHouse (tests/support/clickhouse.ts starts it on private
 * ports). Installs Debian's `clickhouse-server` with apt when it is missing and we are root, without starting
 * the system service (the tests start their own); otherwise explains what to do. Throws when it cannot.
 */
export function ensureClickHouse(): string {
  if (existsSync(CLICKHOUSE_PATH)) return CLICKHOUSE_PATH;
  if (process.getuid?.() !== 0) {
    throw new Error(`ClickHouse is not installed at ${CLICKHOUSE_PATH}. Install it (sudo apt-get install -y clickhouse-server) or set CLICKHOUSE_SERVER_PATH.`);
  }
  console.info('Installing clickhouse-server with apt-get (once per machine)…');
  // RUNLEVEL=1 and policy-rc.d's absence: invoke-rc.d does not start the service in a container; the tests never use it.
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive', RUNLEVEL: '1' };
  const install = () => execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'clickhouse-server'], { stdio: 'inherit', env });
  try {
    install();
  } catch {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    install();
  }
  if (!existsSync(CLICKHOUSE_PATH)) throw new Error(`apt-get finished but ${CLICKHOUSE_PATH} is still missing`);
  return CLICKHOUSE_PATH;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.info(ensureClickHouse());
}
