import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { lockDataDir } from '#server/db/lock.ts';
import { startServer } from '#tests/support/server.ts';
import { tempDataDir } from '#tests/support/throwaway-db.ts';

describe('embedded database lock', () => {
  const { dir, dispose } = tempDataDir('lock-test');
  afterAll(dispose);

  it('refuses a second opener of the same PGlite directory with a clear error, and frees it on close', async () => {
    const first = await openDatabase({ dataDir: dir });
    const child = spawn(process.execPath, [
      '--input-type=module',
      '-e',
      `import { lockDataDir } from '${process.cwd()}/server/db/lock.ts'; try { lockDataDir('${dir}'); console.log('locked'); } catch (e) { console.log(e.name + ': ' + e.message); }`,
    ]);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    await new Promise((resolve) => child.on('exit', resolve));
    expect(out).toMatch(/^DataDirLockedError: The embedded database in .* is already open in process \d+/);
    await first.close();
    const release = lockDataDir(dir);
    release();
  });

  it('takes over a lock left by a dead process', async () => {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(dir, '.lock'), '999999');
    const release = lockDataDir(dir);
    expect(JSON.parse(readFileSync(join(dir, '.lock'), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    expect(existsSync(join(dir, '.lock'))).toBe(false);
  });
});

describe('server process', () => {
  it('refuses to start with bad configuration, naming the variable', async () => {
    const child = spawn(process.execPath, ['server/index.ts'], { env: { ...process.env, PORT: 'not-a-port', DATA_DIR: tempDataDir('cfg').dir } });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(err).toMatch(/Invalid configuration:\n {2}PORT:/);
  });

  it('finishes in-flight requests on SIGTERM, then exits 0 and releases the database', async () => {
    const server = await startServer({ LOG_LEVEL: 'info' });
    // SIGTERM once the server has the request (its "incoming request" log line), so the test is about a request
    // in progress, not a connection still waiting to be accepted.
    const received = new Promise<void>((resolve) => {
      const onData = (chunk: Buffer) => {
        if (!/"msg":"incoming request"/.test(chunk.toString()) || !chunk.toString().includes('/en/privacy')) return;
        server.process.stdout?.off('data', onData);
        resolve();
      };
      server.process.stdout?.on('data', onData);
    });
    const inflight = fetch(`${server.url}/en/privacy`, { headers: { 'user-agent': 'Mozilla/5.0 Chrome/156' } });
    await received;
    const exited = new Promise<number | null>((resolve) => server.process.once('exit', resolve));
    server.process.kill('SIGTERM');
    const response = await inflight;
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('</html>');
    expect(await exited).toBe(0);
    // The lock is released: the directory opens again.
    const reopened = await openDatabase({ dataDir: server.dataDir });
    await reopened.close();
    await server.stop();
  }, 120_000);

  it('renders pages in development too (`npm run dev`: Vite inside Fastify), a public one and a back-office one', async () => {
    // The app's React Router comes through Vite there (its development build), the server's from Node (the
    // production one): the context and the handler must come from the same one, or every page is a 500.
    const server = await startServer({ NODE_ENV: 'development' });
    try {
      for (const [path, text] of [
        ['/en', '<html lang="en-GB"'],
        ['/admin/login', 'Вход в управление сайтом'],
      ] as const) {
        const res = await fetch(`${server.url}${path}`, { headers: { 'user-agent': 'Mozilla/5.0 Chrome/156' } });
        const body = await res.text();
        expect(res.status, `${path}: ${body.slice(0, 300)}\n${server.output().slice(-2000)}`).toBe(200);
        expect(body, path).toContain(text);
      }
      expect(server.output()).not.toMatch(/Invalid `context` value/);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
