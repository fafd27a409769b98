import type { TestProject } from 'vitest/node';
import { ensureChromium, HEADLESS_SHELL_PATH } from '../../scripts/ensure-chromium.ts';
import { buildPages } from '../../scripts/build-pages.ts';
import { SERVER_DATA_TEMPLATE_ENV, seededDataDir, startServer } from '../support/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One production server per worker: a test file uses the one of the worker it runs in (`baseURL()` in browser.ts). */
    baseURLs: string[];
    chromiumPath: string;
    headlessShellPath: string;
  }
}

/**
 * A production server on a fresh seeded database for each of the run's workers, so that browser test files run in
 * parallel while a file still has a server to itself (its leads, its cookies' sessions, its page cache).
 */
export default async function setup(project: TestProject) {
  const chromiumPath = ensureChromium();
  buildPages({ ifStale: true });
  const workers = Math.max(1, project.globalConfig.maxWorkers);
  // Several files send leads through one server, all from 127.0.0.1: with proof of work after three leads an hour,
  // whether a form without JavaScript succeeded would depend on the files' order. Proof of work has its own tests,
  // on servers of their own (forms.test.ts).
  const servers = await Promise.all(Array.from({ length: workers }, () => startServer({ CAPTCHA_MODE: 'off' })));
  project.provide(
    'baseURLs',
    servers.map((server) => server.url),
  );
  // The files that start servers of their own copy the same seeded database (made once, above).
  process.env[SERVER_DATA_TEMPLATE_ENV] = await seededDataDir();
  project.provide('chromiumPath', chromiumPath);
  project.provide('headlessShellPath', HEADLESS_SHELL_PATH);
  return async () => {
    // The browser tests are a few visitors at once: a server should never have refused one of them. Said here,
    // since a refused page fails a test far from its cause (a 503 warning is logged at most every 10 s).
    for (const server of servers) {
      const shed = server.output().match(/^.*shedding load.*$/gm) ?? [];
      if (shed.length) console.warn(`a browser tests' server shed load ${shed.length} time(s):\n${shed.join('\n')}`);
    }
    await Promise.all(servers.map((server) => server.stop()));
  };
}
