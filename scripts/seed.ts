/** `npm run db:seed`: migrates and seeds the demo content into an empty database (a seeded one is left alone). */
import { loadConfig } from '../server/config.ts';
import { migrate, openDatabase } from '../server/db/client.ts';
import { seedIfEmpty } from '../server/db/seed.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrate(database);
  console.info((await seedIfEmpty(database)) ? 'Seeded the demo content.' : 'The database already has content; nothing seeded.');
} finally {
  await database.close();
}
