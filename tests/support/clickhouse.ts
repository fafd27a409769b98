import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureClickHouse } from '../../scripts/ensure-clickhouse.ts';

export type LocalClickHouse = { url: string; httpPort: number; stop: () => Promise<void> };

/** A port free now on 127.0.0.1 (the system's choice). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host: '127.0.0.1', exclusive: true }, () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

const configXml = (dir: string, ports: { http: number; tcp: number; interserver: number }) => `<?xml version="1.0"?>
<yandex>
  <logger>
    <level>warning</level>
    <log>${dir}/server.log</log>
    <errorlog>${dir}/server.err.log</errorlog>
    <size>10M</size>
    <count>1</count>
  </logger>
  <http_port>${ports.http}</http_port>
  <tcp_port>${ports.tcp}</tcp_port>
  <interserver_http_port>${ports.interserver}</interserver_http_port>
  <interserver_http_host>127.0.0.1</interserver_http_host>
  <listen_host>127.0.0.1</listen_host>
  <max_connections>64</max_connections>
  <keep_alive_timeout>3</keep_alive_timeout>
  <max_concurrent_queries>32</max_concurrent_queries>
  <uncompressed_cache_size>67108864</uncompressed_cache_size>
  <mark_cache_size>67108864</mark_cache_size>
  <path>${dir}/data/</path>
  <tmp_path>${dir}/data/tmp/</tmp_path>
  <user_files_path>${dir}/data/user_files/</user_files_path>
  <format_schema_path>${dir}/data/format_schemas/</format_schema_path>
  <users_config>${dir}/users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <timezone>UTC</timezone>
  <mlock_executable>false</mlock_executable>
</yandex>
`;

const usersXml = (password: string) => `<?xml version="1.0"?>
<yandex>
  <profiles><default><max_memory_usage>1000000000</max_memory_usage></default></profiles>
  <users>
    <default>
      <password>${password}</password>
      <networks><ip>127.0.0.1</ip></networks>
      <profile>default</profile>
      <quota>default</quota>
    </default>
  </users>
  <quotas><default><interval><duration>3600</duration><queries>0</queries><errors>0</errors><result_rows>0</result_rows><read_rows>0</read_rows><execution_time>0</execution_time></interval></default></quotas>
</yandex>
`;

/**
 * A ClickHouse server of our own for a test file: Debian's `clickhouse-server` (installed when missing by
 * scripts/ensure-clickhouse.ts; a failure to install throws, so the test fails loudly), started as a child
 * process on free loopback ports (HTTP, native TCP, interserver) with a temporary config, users file and data
 * directory, ready once `/ping` answers; `stop` ends it and deletes the directory. `password` sets the
 * default user's (to test credentials); the server's time zone is UTC.
 */
export async function startClickHouse(opts: { password?: string; timeoutMs?: number } = {}): Promise<LocalClickHouse> {
  const binary = ensureClickHouse();
  const dir = mkdtempSync(join(tmpdir(), 'clickhouse-test-'));
  const ports = { http: await freePort(), tcp: await freePort(), interserver: await freePort() };
  writeFileSync(join(dir, 'config.xml'), configXml(dir, ports));
  writeFileSync(join(dir, 'users.xml'), usersXml(opts.password ?? ''));
  let output = '';
  const child: ChildProcess = spawn(binary, [`--config-file=${join(dir, 'config.xml')}`], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  let exited: number | string | null = null;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = signal ?? code ?? 'unknown';
      resolve();
    }),
  );
  const url = `http://127.0.0.1:${ports.http}`;
  const stop = async () => {
    if (exited === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exit;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  for (;;) {
    if (exited !== null) {
      let log = '';
      try {
        log = readFileSync(join(dir, 'server.err.log'), 'utf8').slice(-2000);
      } catch {
        // no log yet
      }
      await stop();
      throw new Error(`clickhouse-server exited (${exited}) before answering /ping:\n${output.slice(-2000)}\n${log}`);
    }
    try {
      const res = await fetch(`${url}/ping`, { signal: AbortSignal.timeout(1000) });
      if (res.ok && (await res.text()).trim() === 'Ok.') break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`clickhouse-server did not answer /ping on ${url} within ${opts.timeoutMs ?? 60_000} ms:\n${output.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, httpPort: ports.http, stop };
}
