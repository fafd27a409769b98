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
/** Marks this site's own workers: a process another cluster manager forked (PM2) is a whole server of its own. */
const WORKER_MARK = 'SITE_CLUSTER_WORKER';
/** A worker's database pool size, its share of one process's. */
const POOL_SHARE = 'SITE_CLUSTER_POOL';
/** The database connections one server process pools when it is alone (server/db/client.ts); the processes share them. */
const POOL_FOR_ONE = 10;

/** How many processes serve the port: WEB_CONCURRENCY, or one per core when the processes can share their state. */
export function serverProcesses(config: Pick<Config, 'WEB_CONCURRENCY' | 'DATABASE_URL' | 'REDIS_URL'>, cores = availableParallelism()): number {
  if (config.WEB_CONCURRENCY > 1 && !config.DATABASE_URL)
    throw new ConfigError(`WEB_CONCURRENCY: ${config.WEB_CONCURRENCY} processes need DATABASE_URL (PostgreSQL): the embedded database is one process's`);
  // Without Redis each process would keep its own rate limits, spent proofs of work, flag-stream places and CDN purges.
  if (config.WEB_CONCURRENCY > 1 && !config.REDIS_URL)
    throw new ConfigError(
      `WEB_CONCURRENCY: ${config.WEB_CONCURRENCY} processes need REDIS_URL: without it each would keep its own limits and spent proofs of work`,
    );
  if (config.WEB_CONCURRENCY > 0) return config.WEB_CONCURRENCY;
  return config.DATABASE_URL && config.REDIS_URL ? cores : 1;
}

/** Whether this process is one of this site's workers (it then skips what the primary did once for all). */
export const isClusterWorker = (): boolean => cluster.isWorker && process.env[WORKER_MARK] === '1';

/** A worker's share of the database connections one process would pool (at least 2: a page reads while a job writes). */
export function poolPerProcess(processes: number): number {
  return Math.max(2, Math.ceil(POOL_FOR_ONE / processes));
}

/** In a worker: how many database connections it pools (undefined: a process alone, the database's default). */
export function workerPoolSize(): number | undefined {
  const share = Number(process.env[POOL_SHARE]);
  return isClusterWorker() && Number.isInteger(share) && share > 0 ? share : undefined;
}

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
export function sharedEnvironment(config: Pick<Config, 'CAPTCHA_SECRET' | 'PORT'>, operatorToken: string, processes: number): Record<string, string> {
  return {
    [WORKER_MARK]: '1',
    [SHARED_TOKEN]: operatorToken,
    PORT: String(config.PORT),
    [POOL_SHARE]: String(poolPerProcess(processes)),
    ...(config.CAPTCHA_SECRET ? {} : { CAPTCHA_SECRET: `${randomUUID()}${randomUUID()}` }),
  };
}

type PrimaryOptions = {
  processes: number;
  env: Record<string, string>;
  shutdownTimeoutMs: number;
  log: Logger;
};

/**
 * The primary: forks the workers, restarts one that ends unasked (after a second), and on SIGTERM or SIGINT asks each
 * to finish its requests and waits for them. Resolves once every worker listens. Exits the process when all have
 * ended after a signal (1 if one of them failed its shutdown), or with 1 when workers keep dying: more than
 * max(10, 2 × processes) ends within a minute, since a worker that cannot start would loop.
 */
export function runPrimary({ processes, env, shutdownTimeoutMs, log }: PrimaryOptions): Promise<void> {
  const maxRestartsPerMinute = Math.max(10, 2 * processes);
  let closing = false;
  const restarts: number[] = [];
  const listening = new Set<number>();
  // Tracked here, not by `cluster.workers`, which keeps a worker until both its 'exit' and 'disconnect' have come.
  const live = new Set<number>();

  const fork = (): Worker => {
    const worker = cluster.fork(env);
    live.add(worker.id);
    return worker;
  };
  const exitWhenAllEnded = () => {
    if (closing && live.size === 0) process.exit(process.exitCode ?? 0);
  };

  const stop = (signal: string, code: number) => {
    if (closing) return;
    closing = true;
    process.exitCode = code;
    log.info({ signal, workers: live.size }, 'shutting down: asking every server process to finish');
    // Each worker finishes within its own SHUTDOWN_TIMEOUT_MS; this is the backstop.
    setTimeout(() => {
      log.error('server processes did not end in time; exiting');
      process.exit(1);
    }, shutdownTimeoutMs + 5000).unref();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    exitWhenAllEnded();
  };

  const gatherMetrics = metricsGatherer(() => [...listening].map((id) => cluster.workers?.[id]).filter((worker) => worker !== undefined));

  return new Promise((resolve) => {
    cluster.on('message', (worker, message) => {
      if (gatherMetrics(worker, message)) return;
      if (message !== LISTENING) return;
      listening.add(worker.id);
      if (listening.size === processes) {
        log.info({ processes }, `serving on ${processes} processes`);
        resolve();
      }
    });
    cluster.on('exit', (worker, code, signal) => {
      live.delete(worker.id);
      listening.delete(worker.id);
      if (closing) {
        // Ended by the signal it was sent (one still starting has no handler yet) is as asked; an error code is not.
        if (code !== 0 && signal !== 'SIGTERM') {
          log.error({ pid: worker.process.pid, code, signal }, 'a server process failed its shutdown');
          process.exitCode = 1;
        }
        exitWhenAllEnded();
        return;
      }
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

/**
 * `/metrics` across the processes (ADR 036): the worker that took the scrape asks the primary, the primary asks every
 * worker that listens for its own text and hands the texts back (server/http/metrics-merge.ts merges them). A worker
 * that has not answered within METRICS_GATHER_MS is counted as missing, never waited for.
 */
const METRICS_GATHER_MS = 2000;
type MetricsMessage =
  | { type: 'site:metrics:gather'; id: number }
  | { type: 'site:metrics:local'; id: string }
  | { type: 'site:metrics:text'; id: string; text: string | null }
  | { type: 'site:metrics:all'; id: number; texts: string[]; missing: number };

const isMetricsMessage = (message: unknown): message is MetricsMessage =>
  typeof message === 'object' &&
  message !== null &&
  typeof (message as { type?: unknown }).type === 'string' &&
  (message as { type: string }).type.startsWith('site:metrics:');

/** The primary's side: returns whether `message` was one of the metrics exchange's (then handled). */
export function metricsGatherer(workers: () => Worker[]): (from: Worker, message: unknown) => boolean {
  let next = 0;
  const rounds = new Map<string, { texts: string[]; waiting: Set<number>; missing: number; done: () => void }>();
  return (from, message) => {
    if (!isMetricsMessage(message)) return false;
    if (message.type === 'site:metrics:gather') {
      const id = `${next++}`;
      const asked = workers();
      const round = {
        texts: [] as string[],
        waiting: new Set(asked.map((worker) => worker.id)),
        missing: 0,
        done: () => {
          clearTimeout(timer);
          rounds.delete(id);
          const reply: MetricsMessage = { type: 'site:metrics:all', id: message.id, texts: round.texts, missing: round.missing + round.waiting.size };
          // The asking worker may have ended meanwhile: its scrape ended with it.
          if (from.isConnected()) from.send(reply, undefined, () => undefined);
        },
      };
      const timer = setTimeout(round.done, METRICS_GATHER_MS);
      rounds.set(id, round);
      for (const worker of asked) {
        const ask: MetricsMessage = { type: 'site:metrics:local', id };
        worker.send(ask, undefined, (error) => {
          if (!error || !round.waiting.delete(worker.id)) return;
          round.missing++;
          if (round.waiting.size === 0) round.done();
        });
      }
      if (round.waiting.size === 0) round.done();
    } else if (message.type === 'site:metrics:text') {
      const round = rounds.get(message.id);
      if (!round?.waiting.delete(from.id)) return true;
      if (message.text === null) round.missing++;
      else round.texts.push(message.text);
      if (round.waiting.size === 0) round.done();
    }
    return true;
  };
}

/** In a worker: answers the primary's requests for this process's own `/metrics` text. */
export function answerMetricsRequests(render: () => Promise<string>): void {
  process.on('message', (message: unknown) => {
    if (!isMetricsMessage(message) || message.type !== 'site:metrics:local') return;
    const send = (text: string | null) =>
      process.send?.({ type: 'site:metrics:text', id: message.id, text } satisfies MetricsMessage, undefined, {}, () => undefined);
    render().then(send, () => send(null));
  });
}

let nextGather = 0;
/**
 * In a worker: every listening process's own `/metrics` text, through the primary; null when the primary did not
 * answer in time (then the caller answers with its own figures and says so).
 */
export function gatherMetrics(): Promise<{ texts: string[]; missing: number } | null> {
  const id = nextGather++;
  return new Promise((resolve) => {
    const listener = (message: unknown) => {
      if (!isMetricsMessage(message) || message.type !== 'site:metrics:all' || message.id !== id) return;
      finish({ texts: message.texts, missing: message.missing });
    };
    const finish = (result: { texts: string[]; missing: number } | null) => {
      clearTimeout(timer);
      process.off('message', listener);
      resolve(result);
    };
    const timer = setTimeout(() => finish(null), METRICS_GATHER_MS + 1000);
    process.on('message', listener);
    if (!process.send) return finish(null);
    process.send({ type: 'site:metrics:gather', id } satisfies MetricsMessage, undefined, {}, (error: Error | null) => {
      if (error) finish(null);
    });
  });
}
