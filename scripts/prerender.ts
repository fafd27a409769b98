/**
 * `npm run build`'s last step: prerenders the static pages (server/http/prerender.ts, ADR 028) into
 * `build/prerendered/pages.json`, which the server keeps from its start. It works on the database the server will
 * use (migrated, and seeded with the demo content on a first run, as the server's first start would), through the
 * app's own page handler. Without a database to read (a build machine without access, `PRERENDER=off`) it says so
 * and prerenders nothing: pages then render on request and are kept by the page cache.
 */
import { readFileSync, rmSync } from 'node:fs';
import { pino, type LoggerOptions } from 'pino';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase, type Database } from '../server/db/client.ts';
import { prepare } from '../server/first-start.ts';
import { loadProductionBuild } from '../server/http/ssr.ts';
import { prerender, prerenderFile, prerenderPaths, writePrerendered } from '../server/http/prerender.ts';
import { loggerOptions } from '../server/logger.ts';
import { createServices } from '../server/services.ts';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
// Every page the build renders is kept until written (the default bound is for a server's working set). The build is
// not a server under visitors' load: a busy machine's event loop delay must not turn a page into a refused build.
const config = {
  ...loadConfig(process.env, pkg.version),
  PAGE_CACHE: 'on' as const,
  PAGE_CACHE_MAX_MB: 2048,
  LOAD_MAX_EVENT_LOOP_DELAY_MS: 0,
  LOAD_MAX_IN_FLIGHT: 0,
};
const log = pino({ ...(loggerOptions(config) as LoggerOptions), level: 'warn' });
const file = prerenderFile(config);

async function main(): Promise<void> {
  // A file of an earlier build is never read (its id differs), but it is not left to mislead either.
  rmSync(file, { force: true });
  if (config.PRERENDER === 'off') return console.info('prerender: off (PRERENDER=off); pages render on request');
  const started = performance.now();
  let database: Database;
  try {
    // What the server's first start does: migrations, the demo content on an empty database, its pictures.
    await prepare(config, log);
    database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, log });
  } catch (error) {
    console.warn(`prerender: skipped, the database cannot be read (${error instanceof Error ? error.message : String(error)}); pages render on request`);
    return;
  }
  const services = createServices(database, log);
  try {
    await services.catalogue.init();
    await services.versions.start(60_000);
    await services.features.payload();
    const app = await buildApp({ config, services, loggerInstance: log });
    try {
      await app.ready();
      const build = await loadProductionBuild();
      const paths = await prerenderPaths(services, config);
      const result = await prerender(app, services, app.pageCache!, paths, build.assets.version, config);
      writePrerendered(file, result);
      const bodies = Object.values(result.bodies);
      const bytes = bodies.reduce((sum, body) => sum + Buffer.byteLength(body.body, 'base64'), 0);
      console.info(
        `prerender: ${paths.length} pages, ${result.pages.length} answers (HTML and payload files per device and audience), ${bodies.length} distinct (${Math.round(bytes / 1024)} KiB) in ${Math.round(performance.now() - started)} ms → ${file}`,
      );
    } finally {
      await app.close();
    }
  } finally {
    services.versions.stop();
    await services.events.close();
    await database.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('prerender failed:', error);
    process.exit(1);
  },
);
