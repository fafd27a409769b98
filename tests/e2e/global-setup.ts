import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { ensureChromium } from '../../scripts/ensure-chromium.ts';
import { startServer } from '../support/server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    chromiumPath: string;
  }
}

/** One production server on a fresh seeded database for all browser tests. */
export default async function setup(project: TestProject) {
  const chromiumPath = ensureChromium();
  if (!existsSync('build/server/index.js')) execFileSync('npx', ['react-router', 'build'], { stdio: 'inherit' });
  const server = await startServer();
  project.provide('baseURL', server.url);
  project.provide('chromiumPath', chromiumPath);
  return async () => {
    // The browser tests are a few visitors at once: the server should never have refused one of them. Said
    // here, since a refused page fails a test far from its cause (a 503 warning is logged at most every 10 s).
    const shed = server.output().match(/^.*shedding load.*$/gm) ?? [];
    if (shed.length) console.warn(`the browser tests' server shed load ${shed.length} time(s):\n${shed.join('\n')}`);
    await server.stop();
  };
}
