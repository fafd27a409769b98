import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tempDataDir } from './throwaway-db.ts';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export type RunningServer = {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  /** What the server has written so far (warnings and errors: LOG_LEVEL is `warn`). */
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * Generated demo media are deterministic and written atomically, so every test server shares one copy:
 * drawing them (~10 s) happens once per machine, not once per server.
 */
export const SHARED_TEST_MEDIA_DIR = join(tmpdir(), 'site-test-media');

/**
 * The image proxy's variants of those media, shared the same way: a variant's key is its source and options, never
 * the signature (server/modules/images/service.ts), and the disk cache is written by rename and reads what another process
 * wrote (server/modules/images/cache.ts). Each server made every size it was asked for again, a core's work per page on the
 * first visit: the browser workers' servers and the files' own ones now make each once per machine.
 */
export const SHARED_TEST_IMAGE_CACHE_DIR = join(tmpdir(), 'site-test-image-cache');

/**
 * The embedded database as a server's first start leaves it (migrated, the demo seeded: server/first-start.ts), made
 * once per run by a global setup (named by SERVER_DATA_TEMPLATE_ENV), or else once per test process, and copied into
 * each server's data directory. Seeding is a child process's ~10 s of a core (a generated catalogue of thousands of
 * rows). The demo's relative dates (auctions, price history) move in hours and days, not in a test run's minutes.
 */
export const SERVER_DATA_TEMPLATE_ENV = 'TEST_SERVER_DATA_TEMPLATE';
let seeded: Promise<string> | null = null;
export function seededDataDir(): Promise<string> {
  const ofRun = process.env[SERVER_DATA_TEMPLATE_ENV];
  if (ofRun) return Promise.resolve(ofRun);
  seeded ??= new Promise<string>((resolve, reject) => {
    const { dir, dispose } = tempDataDir('site-seeded');
    process.once('exit', dispose);
    const child = spawn(process.execPath, ['server/first-start.ts'], {
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dir, MEDIA_DIR: SHARED_TEST_MEDIA_DIR, LOG_LEVEL: 'warn', DATABASE_URL: '' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(dir) : reject(new Error(`seeding the test database exited with ${code}`))));
  }).catch((error: unknown) => {
    seeded = null;
    throw error;
  });
  return seeded;
}

/** Starts the production server (`node server/index.ts`) on a free port with its own fresh data directory. */
export async function startServer(env: Record<string, string> = {}, opts: { beforeStart?: (dataDir: string) => void } = {}): Promise<RunningServer> {
  const port = await freePort();
  // The seeded database, unless the test asks for another database or seeding of its own.
  const seeded = env.DATABASE_URL === undefined && env.SEED_DEMO === undefined && env.DATA_DIR === undefined && !process.env.DATABASE_URL;
  const data = tempDataDir('site-e2e', seeded ? await seededDataDir() : undefined);
  const dataDir = data.dir;
  // Work on the data directory before the server takes it (e.g. `npm run admin:create`, tests/support/admin.ts).
  opts.beforeStart?.(dataDir);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['server/index.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: url,
      DATA_DIR: dataDir,
      MEDIA_DIR: SHARED_TEST_MEDIA_DIR,
      IMAGE_CACHE_DIR: SHARED_TEST_IMAGE_CACHE_DIR,
      ERROR_PREVIEW: 'true',
      LOG_LEVEL: 'warn',
      // The browser tests are a few visitors on a machine the suite loads to the full (Chromium, the browser workers, the
      // integration tests): an event loop late by a second is the machine's, not the visitors', and a 503 for it
      // fails a test far from its cause. Shedding has its own tests (integration `limits`), with this on.
      LOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      // For the same reason a queue that stands (renders slowed by the machine, not by these visitors) keeps them
      // waiting in turn rather than sending a 503 after LOAD_QUEUE_TARGET_MS (`createWaitQueue` has its own tests).
      LOAD_QUEUE_TARGET_MS: '0',
      // Every browser test is one address to the server: a cold image cache (a new machine) makes more variants a
      // minute than one visitor may. The limit has its own tests (integration `images-caching`).
      IMAGE_RENDERS_PER_MINUTE: '100000',
      // No reads of the Bank of Russia from tests: a test that needs rates gives its stand-in (tests/support/fake-cbr.ts).
      CBR_DAILY_URL: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // A guard, not a time asserted: in a full test run (load average 16 on two cores) a first start's seeding alone took 96 s.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  // A server that dies while its tests run says why, or they fail far from the cause (refused connections).
  let stopping = false;
  child.once('exit', (code, signal) => {
    if (!stopping && code !== 0) console.error(`the test server ${url} exited (${signal ?? code}) while its tests ran:\n${output.slice(-4000)}`);
  });
  return {
    url,
    port,
    dataDir,
    process: child,
    output: () => output,
    stop: async () => {
      stopping = true;
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      data.dispose();
    },
  };
}
