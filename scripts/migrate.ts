/** `npm run db:migrate`: applies the committed migrations to DATABASE_URL or the embedded database. */
import { loadConfig } from '../server/config.ts';
import { migrate, openDatabase } from '../server/db/client.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrate(database);
  console.info(`Migrations applied (${database.engine}).`);
} finally {
  await database.close();
}
