import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { buildApp } from './app.ts';
import { catalogueMediaDir, ensureCatalogueMedia } from './catalogue-ingest/media.ts';
import { pino, type LoggerOptions } from 'pino';
import { listenWithAcceptors } from './http/acceptors.ts';
import { loggerOptions } from './logger.ts';
import { ConfigError, assertServable, loadConfig, withListenPort, type Config } from './config.ts';
import { migrate, openDatabase } from './db/client.ts';
import { DataDirLockedError } from './db/lock.ts';
import { seedIfEmpty } from './db/seed.ts';
import { ensureDemoMedia } from './images/demo-media.ts';
import { ensureBankLogos } from './purchase/logos.ts';
import { ensureOfficePhotos } from './offices/photos.ts';
import { startJobs } from './jobs/index.ts';
import { createServices } from './services/index.ts';
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

async function main(config: Config): Promise<void> {
  // One structured logger for the process (redaction and error cleaning included), made before the app so
  // start-up and the services' warnings go through it too.
  const log = pino(loggerOptions(config) as LoggerOptions);
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, log });
  await migrate(database);
  if (config.SEED_DEMO && (await seedIfEmpty(database))) log.info('seeded the demo content');
  // The demo's photographs and renders are generated once (large originals, so resizing is real).
  if (config.SEED_DEMO) await ensureDemoMedia(config.MEDIA_DIR);
  // The demo partner banks' logos (banks/{id}.png), drawn once; a real logo put there is never overwritten.
  if (config.SEED_DEMO) await ensureBankLogos(config.MEDIA_DIR);
  // The demo sales offices' photos (offices/{slug}.png), drawn once; a real photo put there is never overwritten.
  if (config.SEED_DEMO) await ensureOfficePhotos(config.MEDIA_DIR);

  const services = createServices(database, log);
  // Catalogue pictures are drawn once per media directory; the lot index is built before the first request
  // and follows imports made by other processes.
  await ensureCatalogueMedia(catalogueMediaDir(config));
  await services.catalogue.init();
  services.catalogue.watch();
  let getDevBuild: (() => Promise<ServerBuild>) | null = null;
  const dev = config.NODE_ENV === 'development';
  const app = await buildApp({
    config,
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
      await jobs?.stop();
      await database.close();
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
    await listenWithAcceptors(app, { port: config.PORT, host: config.HOST, sockets: config.ACCEPT_SOCKETS });
    app.log.info({ siteOrigin: config.siteOrigin }, `site origin ${config.siteOrigin}`);
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
try {
  config = loadConfig(process.env, pkg.version);
  assertServable(config);
  if (config.PORT === 0 && !config.SITE_URL) config = withListenPort(config, await reservePort(config.HOST));
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
main(config).catch((error: unknown) => {
  if (error instanceof DataDirLockedError) console.error(error.message);
  else console.error('Failed to start:', error);
  process.exit(1);
});
