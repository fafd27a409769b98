/**
 * The page build (`react-router build`) with a stamp of what it was built from: a hash of every source file that can
 * change it. `npm run build` always builds; `npm test` passes `--if-stale` and reuses a build whose stamp matches the
 * working tree (CI's `npm start` has just built it), so a run builds once.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the page build reads: the app and everything it imports, the public files, the build's configuration and the locked packages. */
const INPUTS = ['app', 'core', 'content', 'server', 'public', 'package.json', 'package-lock.json', 'vite.config.ts', 'react-router.config.ts', 'tsconfig.json'];
const STAMP = 'build/.sources';
/** Unit and component tests sit beside the code and never reach the build: writing one does not make it stale. */
const TESTS = /\.test\.tsx?$/;

function files(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => (entry.name === 'node_modules' || TESTS.test(entry.name) ? [] : files(join(path, entry.name))));
}

/** The hash of the inputs' paths and contents, as they are in the working tree. */
export function sourcesHash(root = process.cwd()): string {
  const hash = createHash('sha256');
  for (const input of INPUTS)
    for (const file of files(join(root, input))) {
      hash.update(file.slice(root.length));
      hash.update('\0');
      hash.update(readFileSync(file));
      hash.update('\0');
    }
  return hash.digest('hex');
}

/** Whether build/ was built from the working tree as it is now. */
export function buildIsCurrent(root = process.cwd()): boolean {
  const stamp = join(root, STAMP);
  return existsSync(join(root, 'build/server/index.js')) && existsSync(stamp) && readFileSync(stamp, 'utf8') === sourcesHash(root);
}

/** Builds the pages (unless `ifStale` and the build is current) and stamps the build. Returns whether it built. */
export function buildPages(opts: { ifStale?: boolean } = {}): boolean {
  if (opts.ifStale && buildIsCurrent()) return false;
  const hash = sourcesHash();
  // Always React's production build, what visitors get: Vitest's NODE_ENV=test would give the development build,
  // whose warnings fail the browser tests.
  execFileSync('npx', ['react-router', 'build'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } });
  writeFileSync(STAMP, hash);
  return true;
}

if (import.meta.main) {
  const built = buildPages({ ifStale: process.argv.includes('--if-stale') });
  if (!built) console.info('build: current (its sources are unchanged), reused');
}
