/**
 * `npm run feeds:check [-- --json FILE]`: makes every portal feed from the catalogue (the documents the server
 * serves at /feeds/{portal}.xml), reads each back and checks it against the portal's required fields, and says per
 * portal how many lots are in it and which are left out and why (grouped by reason, with the lot ids). `--json FILE`
 * writes the whole report as JSON (`-` for standard output). Exit code 0: every feed valid; 2: a feed is invalid;
 * 1: the check could not run. With the embedded database stop the server first (one process per data directory).
 */
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config.ts';
import { migrate, openDatabase } from '../server/db/client.ts';
import { feedsReport, formatFeedsReport } from '../server/modules/feeds/documents.ts';
import { createImageSigner } from '../server/modules/images/routes.ts';
import { createServices } from '../server/services.ts';

const usage = 'Usage: npm run feeds:check [-- --json FILE|-]';
let parsed;
try {
  parsed = parseArgs({ options: { json: { type: 'string' } } });
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(1);
}
const { json } = parsed.values;
const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  await migrate(database);
  const services = createServices(database, { warn: () => {} });
  const sign = config.IMGPROXY_KEY && config.IMGPROXY_SALT ? createImageSigner({ key: config.IMGPROXY_KEY, salt: config.IMGPROXY_SALT }) : undefined;
  const report = await feedsReport(services, { origin: config.siteOrigin, sign });
  if (json === '-') console.info(JSON.stringify(report, null, 2));
  else {
    console.info(formatFeedsReport(report));
    if (json) {
      await writeFile(json, `${JSON.stringify(report, null, 2)}\n`);
      console.info(`\nJSON report: ${json}`);
    }
  }
  process.exitCode = report.valid ? 0 : 2;
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
