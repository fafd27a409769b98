import { buildPages } from '../../scripts/build-pages.ts';
import { buildTemplates, disposeTemplates, TEMPLATES_ENV } from './db.ts';
import { SERVER_DATA_TEMPLATE_ENV, seededDataDir } from './server.ts';

/**
 * The integration tests' global setup: the run's database templates (tests/support/db.ts) and the embedded database
 * as a server's first start leaves it (tests/support/server.ts), each built once and handed to every test process
 * through the environment. A test file then copies what it needs in well under a second. The page build the files
 * of pages read is made first when its sources changed (`npm test` has made it; `vitest` alone may not have).
 */
export default async function setup() {
  buildPages({ ifStale: true });
  const [templates, serverData] = await Promise.all([buildTemplates(), seededDataDir()]);
  process.env[TEMPLATES_ENV] = JSON.stringify(templates);
  process.env[SERVER_DATA_TEMPLATE_ENV] = serverData;
  return async () => {
    delete process.env[TEMPLATES_ENV];
    await disposeTemplates(templates);
  };
}
