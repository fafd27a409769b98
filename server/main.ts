import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { buildApp } from './app.ts';
import { fork } from 'node:child_process';
import { pino, type Logger, type LoggerOptions } from 'pino';
import { assertPortFree, listenWithAcceptors } from './http/acceptors.ts';
import { announceListening, isClusterWorker, runPrimary, serverProcesses, sharedEnvironment, workerOperatorToken, workerPoolSize } from './cluster.ts';
import { toImageProxyOptions } from './modules/images/config.ts';
import { IMAGE_PROXY_DEFAULTS } from './modules/images/options.ts';
import { startCacheSweeper } from './modules/images/sweep.ts';
import { loggerOptions } from './logger.ts';
import { ConfigError, assertServable, loadConfig, withListenPort, type Config } from './config.ts';
import { migrate, openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { needsFirstSeed, seedIfEmpty } from './db/seed.ts';
import { adoptPictures } from './modules/content/editor/library.ts';
import { drawMedia } from './first-start.ts';
import { closeErrorReporting, initErrorReporting, reportFatal } from './error-reporting.ts';
import { loadProductionBuild } from './http/ssr.ts';
import { prepareOperatorToken } from './http/operator-token.ts';
import { startJobs } from './jobs/index.ts';
import { createServices } from './services.ts';
import { batchOptions, eventSinkFor } from './modules/events/sinks.ts';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

async function devBuild(app: FastifyInstance): Promise<() => Promise<ServerBuild>> {
  const { createServer } = await import('vite');
  const { default: middie } = await import('@fastify/middie');
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
  await app.register(middie);
  app.use(vite.middlewares);
  app.addHook('onClose', () => vite.close());
  return () => vite.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
}

/** Runs server/first-start.ts in a child process (same Node, flags and environment) and waits for it. */
function runFirstStart(log: Logger): Promise<void> {
  log.info('first start: seeding the demo content and drawing its pictures in a separate process');
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./first-start.ts', import.meta.url), { stdio: 'inherit', execArgv: process.execArgv });
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`the first start's seeding failed (${signal ?? `exit code ${code}`})`))));
  });
}

/**
 * What is done once for every process serving the site: migrations, the first start's demo content and its pictures.
 * Returns the database, open.
 */
async function prepareDatabase(config: Config, log: Logger) {
  const open = () => openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, log });
  let database = await open();
  await migrate(database);
  if (config.SEED_DEMO && (await needsFirstSeed(database.db))) {
    // Seeding an empty database is done by a process of its own (server/first-start.ts), so this one does not
    // keep the memory it takes. The embedded database is closed meanwhile: one process opens it at a time.
    await database.close();
    await runFirstStart(log);
    database = await open();
  }
  // An older database gets the demo blocks it lacks (small); the pictures missing are drawn (none after the first start).
  if (config.SEED_DEMO && (await seedIfEmpty(database))) log.info('seeded the demo content');
  // Pictures items hold without a media library row (held before migration 0037, seeded, imported) get theirs.
  const adopted = await adoptPictures(database.db);
  if (adopted) log.info({ items: adopted }, 'pictures added to the media library');
  await drawMedia(config);
  return database;
}

async function main(config: Config, processes: number): Promise<void> {
  const dev = config.NODE_ENV === 'development';
  // Error reporting first, so failures of the start itself are reported too; the release is the build id the
  // browser reports with (and `/builds/latest.json` names). The production build is imported once: the app reuses it.
  if (config.SENTRY_DSN) await initErrorReporting(config, dev ? undefined : (await loadProductionBuild()).assets.version);
  // One structured logger for the process (redaction and error cleaning included), made before the app so
  // start-up and the services' warnings go through it too.
  const log = pino(loggerOptions(config) as LoggerOptions);
  // Several processes on the port (server/cluster.ts, ADR 036): the primary prepares the database and the flag API's
  // token once, checks the port is free, and forks the workers; a worker skips what the primary did.
  const worker = isClusterWorker();
  if (processes > 1) {
    await (await prepareDatabase(config, log)).close();
    const operator = await prepareOperatorToken(config);
    if (operator.file) log.info({ file: operator.file }, 'operator token for the flag admin API written (FLAGS_TOKEN is unset)');
    await assertPortFree(config.PORT, config.HOST);
    // The workers share one image cache folder, each keeping its budget over the files it knows: the primary keeps
    // the folder as a whole within IMAGE_CACHE_MAX_MB (sweep.ts).
    const images = toImageProxyOptions(config);
    startCacheSweeper(images.cacheDir, images.cacheMaxBytes ?? IMAGE_PROXY_DEFAULTS.cacheMaxBytes, ({ err, dir }, message) => log.warn({ err, dir }, message));
    await runPrimary({ processes, env: sharedEnvironment(config, operator.token, processes), shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS, log });
    log.info({ siteOrigin: config.siteOrigin }, `site origin ${config.siteOrigin}`);
    return;
  }
  // A worker pools its share of the connections one process would (server/cluster.ts), so N processes open no more.
  const database = worker
    ? await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, log, maxConnections: workerPoolSize() })
    : await prepareDatabase(config, log);

  const services = createServices(
    database,
    log,
    {},
    { sink: eventSinkFor(config, database.db), batch: batchOptions(config) },
    { snapshotDir: config.CATALOGUE_SNAPSHOT_DIR },
  );
  // The lot index is built before the first request and follows imports made by other processes.
  await services.catalogue.init();
  services.catalogue.watch();
  // Which kinds of data changed anywhere (data_versions): kept pages and shared caches follow within the poll.
  await services.versions.start(config.DATA_VERSIONS_POLL_MS).catch((error: unknown) => log.warn({ err: error }, 'data versions unavailable at start'));
  // Flags and experiments are read once, then followed (a `flags:set` against PostgreSQL, another instance).
  await services.features.payload().catch((error: unknown) => log.warn({ err: error }, 'feature flags unavailable at start'));
  services.features.watch(config.FLAGS_POLL_MS);
  // The flag admin API always asks for a bearer token: FLAGS_TOKEN, or one made now for `npm run flags:*` (ADR 015).
  const shared = worker ? workerOperatorToken() : null;
  const operator = shared ? { token: shared, file: null } : await prepareOperatorToken(config);
  if (operator.file) log.info({ file: operator.file }, 'operator token for the flag admin API written (FLAGS_TOKEN is unset)');
  let getDevBuild: (() => Promise<ServerBuild>) | null = null;
  const app = await buildApp({
    config: { ...config, FLAGS_TOKEN: operator.token },
    services,
    loggerInstance: log,
    build: dev ? { getBuild: () => getDevBuild!(), mode: 'development' } : undefined,
    beforePages: dev
      ? async (instance) => {
          getDevBuild = await devBuild(instance);
        }
      : undefined,
  });

  let jobs: ReturnType<typeof startJobs> | undefined;
  let closing = false;
  async function shutdown(signal: string): Promise<void> {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS).unref();
    try {
      await app.close();
      // The experiment events still in memory are written before the database (or ClickHouse) goes.
      await services.events.close();
      await jobs?.stop();
      // The data versions' poll and its notification connection (PostgreSQL) go before the pool.
      services.versions.stop();
      await database.close();
      // Reports still queued are sent (at most 2 s, inside SHUTDOWN_TIMEOUT_MS).
      await closeErrorReporting(2000);
      clearTimeout(timer);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await listenWithAcceptors(app, { port: config.PORT, host: config.HOST, sockets: config.ACCEPT_SOCKETS, clusterWorker: worker });
    if (worker) announceListening();
    else app.log.info({ siteOrigin: config.siteOrigin }, `site origin ${config.siteOrigin}`);
    jobs = startJobs({ config, database, services, log: app.log });
  } catch (error) {
    await database.close();
    throw error;
  }
}

/**
 * The port to listen on. PORT=0 without SITE_URL asks the system for a free port first, so the site's
 * origin (canonical links, sitemap, feeds, PDFs) names the real address before anything reads it.
 */
function reservePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host: host === 'localhost' ? '127.0.0.1' : host, exclusive: true }, () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

let config: Config;
let processes = 1;
try {
  config = loadConfig(process.env, pkg.version);
  assertServable(config);
  // Several processes on the port (server/cluster.ts), decided here so a configuration that cannot have them is
  // refused as one. Their port is the one the primary settled on (`sharedEnvironment`).
  processes = isClusterWorker() || config.NODE_ENV === 'development' ? 1 : serverProcesses(config);
  if (config.PORT === 0 && (!config.SITE_URL || processes > 1)) config = withListenPort(config, await reservePort(config.HOST));
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
main(config, processes).catch(async (error: unknown) => {
  if (error instanceof DataDirLockedError) console.error(error.message);
  else {
    console.error('Failed to start:', error);
    await reportFatal(error);
  }
  process.exit(1);
});
