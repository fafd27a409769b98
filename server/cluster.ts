import cluster, { type Worker } from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { Logger } from 'pino';
import { ConfigError, type Config } from './config.ts';

/**
 * Several server processes on one port (ADR 036): Node's cluster module forks them and restarts one that dies; each
 * binds its own SO_REUSEPORT sockets (server/http/acceptors.ts), so the kernel hands each new connection to one of
 * them, with no process in between. Each is a whole instance of the site as ADR 024 has them (its own catalogue index,
 * page cache and jobs), so this needs what two instances need: PostgreSQL, and Redis for limits counted once.
 */

/** The environment variable that carries, from the primary to its workers, what every process must hold alike. */
const SHARED_TOKEN = 'SITE_CLUSTER_OPERATOR_TOKEN';

/** How many processes serve the port: WEB_CONCURRENCY, or one per core when the processes can share their state. */
export function serverProcesses(config: Pick<Config, 'WEB_CONCURRENCY' | 'DATABASE_URL' | 'REDIS_URL'>, cores = availableParallelism()): number {
  if (config.WEB_CONCURRENCY > 1 && !config.DATABASE_URL)
    throw new ConfigError(`WEB_CONCURRENCY: ${config.WEB_CONCURRENCY} processes need DATABASE_URL (PostgreSQL): the embedded database is one process's`);
  if (config.WEB_CONCURRENCY > 0) return config.WEB_CONCURRENCY;
  return config.DATABASE_URL && config.REDIS_URL ? cores : 1;
}

/** Whether this process is one of the cluster's workers (it then skips what the primary did once for all). */
export const isClusterWorker = (): boolean => cluster.isWorker;

/** The message a worker sends once it listens (its own sockets raise no 'listening' in the primary). */
const LISTENING = 'site:listening';

/** In a worker: tells the primary this process serves. */
export function announceListening(): void {
  process.send?.(LISTENING);
}

/** In a worker: the flag admin API's token the primary prepared (one for all processes; `npm run flags:*` reads it). */
export function workerOperatorToken(): string | null {
  return process.env[SHARED_TOKEN] || null;
}

/**
 * What every process must hold alike, when the configuration leaves it to chance: a CAPTCHA_SECRET made at random
 * would differ per process, and a challenge one gave would fail on another.
 */
export function sharedEnvironment(config: Pick<Config, 'CAPTCHA_SECRET' | 'PORT'>, operatorToken: string): Record<string, string> {
  return {
    [SHARED_TOKEN]: operatorToken,
    PORT: String(config.PORT),
    ...(config.CAPTCHA_SECRET ? {} : { CAPTCHA_SECRET: `${randomUUID()}${randomUUID()}` }),
  };
}

type PrimaryOptions = {
  processes: number;
  env: Record<string, string>;
  shutdownTimeoutMs: number;
  log: Logger;
  /** Restarts allowed within a minute before the primary gives up (a worker that cannot start would loop). */
  maxRestartsPerMinute?: number;
};

/**
 * The primary: forks the workers, restarts one that ends unasked (after a second), and on SIGTERM or SIGINT asks each
 * to finish its requests and waits for them. Resolves once every worker listens; exits the process when all have
 * ended on a signal, or when workers keep dying.
 */
export function runPrimary({ processes, env, shutdownTimeoutMs, log, maxRestartsPerMinute = 10 }: PrimaryOptions): Promise<void> {
  let closing = false;
  const restarts: number[] = [];
  const listening = new Set<number>();

  const fork = (): Worker => cluster.fork(env);

  const stop = (signal: string, code: number) => {
    if (closing) return;
    closing = true;
    log.info({ signal, workers: Object.keys(cluster.workers ?? {}).length }, 'shutting down: asking every server process to finish');
    // Each worker finishes within its own SHUTDOWN_TIMEOUT_MS; this is the backstop.
    setTimeout(() => {
      log.error('server processes did not end in time; exiting');
      process.exit(1);
    }, shutdownTimeoutMs + 5000).unref();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    const check = () => {
      if (!Object.keys(cluster.workers ?? {}).length) process.exit(code);
    };
    cluster.on('exit', check);
    check();
  };

  return new Promise((resolve) => {
    cluster.on('message', (worker, message) => {
      if (message !== LISTENING) return;
      listening.add(worker.id);
      if (listening.size === processes) {
        log.info({ processes }, `serving on ${processes} processes`);
        resolve();
      }
    });
    cluster.on('exit', (worker, code, signal) => {
      listening.delete(worker.id);
      if (closing) return;
      const now = Date.now();
      restarts.push(now);
      while (restarts.length && restarts[0]! < now - 60_000) restarts.shift();
      if (restarts.length > maxRestartsPerMinute) {
        log.error({ restarts: restarts.length }, 'server processes keep ending; stopping');
        stop('restarts', 1);
        return;
      }
      log.error({ pid: worker.process.pid, code, signal }, 'a server process ended; starting another');
      // Not unref'd: with every worker gone, this timer is what keeps the primary alive to start the next.
      setTimeout(() => {
        if (!closing) fork();
      }, 1000);
    });
    process.on('SIGTERM', () => stop('SIGTERM', 0));
    process.on('SIGINT', () => stop('SIGINT', 0));
    for (let i = 0; i < processes; i++) fork();
  });
}
