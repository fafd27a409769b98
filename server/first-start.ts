/**
 * The first start's heavy work (seeding an empty database, drawing the demo pictures), run by server/main.ts as a
 * child process so the long-lived server does not keep the memory seeding took: PGlite's WebAssembly memory never
 * shrinks, and V8 and the allocator keep much of a burst (ADR 010).
 */
import { readFileSync } from 'node:fs';
import { pino, type LoggerOptions } from 'pino';
import { catalogueMediaDir, ensureCatalogueMedia } from './modules/catalogue/ingest/media.ts';
import { loadConfig, type Config } from './config.ts';
import { migrate, openDatabase } from './db/client.ts';
import { seedIfEmpty } from './db/seed.ts';
import { ensureDemoMedia } from './modules/images/demo-media.ts';
import { loggerOptions } from './logger.ts';
import { ensureOfficePhotos } from './modules/offices/photos.ts';
import { ensureBankLogos } from './modules/purchase/logos.ts';
import type { Logger } from 'pino';

/** Seeds an empty database (demo content, when SEED_DEMO) and draws the pictures that are missing. */
export async function prepare(config: Config, log: Logger): Promise<void> {
  const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, log });
  try {
    await migrate(database);
    if (config.SEED_DEMO && (await seedIfEmpty(database))) log.info('seeded the demo content');
  } finally {
    await database.close();
  }
  await drawMedia(config);
}

/** The demo's photographs, renders, logos and office photos, and the catalogue's pictures: each drawn once. */
export async function drawMedia(config: Config): Promise<void> {
  if (config.SEED_DEMO) {
    await ensureDemoMedia(config.MEDIA_DIR);
    // The demo partner banks' logos (banks/{id}.png); a real logo put there is never overwritten.
    await ensureBankLogos(config.MEDIA_DIR);
    // The demo sales offices' photos (offices/{slug}.png); a real photo put there is never overwritten.
    await ensureOfficePhotos(config.MEDIA_DIR);
  }
  await ensureCatalogueMedia(catalogueMediaDir(config));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
  const config = loadConfig(process.env, pkg.version);
  const log = pino(loggerOptions(config) as LoggerOptions);
  prepare(config, log).then(
    () => process.exit(0),
    (error: unknown) => {
      log.error({ err: error }, 'first start failed');
      process.exit(1);
    },
  );
}
