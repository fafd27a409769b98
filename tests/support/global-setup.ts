import { buildTemplates, disposeTemplates, TEMPLATES_ENV } from './db.ts';
import { SERVER_DATA_TEMPLATE_ENV, seededDataDir } from './server.ts';

/**
 * The integration tests' global setup: the run's database templates (tests/support/db.ts) and the embedded database
 * as a server's first start leaves it (tests/support/server.ts), each built once and handed to every test process
 * through the environment. A test file then copies what it needs in well under a second.
 */
export default async function setup() {
  const [templates, serverData] = await Promise.all([buildTemplates(), seededDataDir()]);
  process.env[TEMPLATES_ENV] = JSON.stringify(templates);
  process.env[SERVER_DATA_TEMPLATE_ENV] = serverData;
  return async () => {
    delete process.env[TEMPLATES_ENV];
    await disposeTemplates(templates);
  };
}
