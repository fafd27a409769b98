/**
 * `npm run clickhouse:migrate`: creates the experiment event store's database (unless `default`) and tables
 * (`experiment_views`, `web_vitals`) in CLICKHOUSE_URL's ClickHouse when missing; safe to run again.
 */
import { loadConfig } from '../server/config.ts';
import { clickHouseTables, clickHouseClient, migrateClickHouse } from '../server/modules/events/clickhouse.ts';

const config = loadConfig();
if (!config.CLICKHOUSE_URL) {
  console.error('CLICKHOUSE_URL is not set: the experiment events go to the database (npm run db:migrate creates their tables).');
  process.exit(1);
}
const client = clickHouseClient({
  url: config.CLICKHOUSE_URL,
  username: config.CLICKHOUSE_USER,
  password: config.CLICKHOUSE_PASSWORD,
  database: 'default',
});
try {
  await migrateClickHouse(client, config.CLICKHOUSE_DATABASE);
  console.info(`ClickHouse tables ready in ${config.CLICKHOUSE_DATABASE}: ${Object.keys(clickHouseTables(config.CLICKHOUSE_DATABASE)).join(', ')}.`);
} catch (error) {
  console.error(`ClickHouse migration failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await client.close();
}
