import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { ensureChromium, HEADLESS_SHELL_PATH } from '../../scripts/ensure-chromium.ts';
import { startServer } from '../support/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    chromiumPath: string;
    headlessShellPath: string;
  }
}

/** One production server on a fresh seeded database for all browser tests. */
export default async function setup(project: TestProject) {
  const chromiumPath = ensureChromium();
  if (!existsSync('build/server/index.js')) execFileSync('npx', ['react-router', 'build'], { stdio: 'inherit' });
  // Several files send leads through this one server, all from 127.0.0.1: with proof of work after three leads
  // an hour, whether a form without JavaScript succeeded would depend on the files' order. Proof of work has
  // its own tests, on servers of their own (forms.test.ts).
  const server = await startServer({ CAPTCHA_MODE: 'off' });
  project.provide('baseURL', server.url);
  project.provide('chromiumPath', chromiumPath);
  project.provide('headlessShellPath', HEADLESS_SHELL_PATH);
  return async () => {
    // The browser tests are a few visitors at once: the server should never have refused one of them. Said
    // here, since a refused page fails a test far from its cause (a 503 warning is logged at most every 10 s).
    const shed = server.output().match(/^.*shedding load.*$/gm) ?? [];
    if (shed.length) console.warn(`the browser tests' server shed load ${shed.length} time(s):\n${shed.join('\n')}`);
    await server.stop();
  };
}
