import { spawnSync } from 'node:child_process';

/**
 * How `npm start` and `npm run serve` run Node (package.json): V8's young generation capped, glibc's malloc arenas
 * limited. A bench that hosts the server in its own process runs under the same, or it measures V8's defaults, which
 * production never runs: the filter at 1M lots (`npm run bench -- catalogue`) in a process that loaded the lots' columns
 * file had a p99 of 37 ms under the defaults (a full collection every 1–3 s) and 11–12 ms under these.
 * `production-node.test.ts` holds package.json's scripts to them.
 */
export const PRODUCTION_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16'];
export const PRODUCTION_NODE_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };

/** Whether this process runs with production's flags and environment (glibc reads MALLOC_ARENA_MAX at start). */
export function underProductionNode(): boolean {
  return (
    PRODUCTION_NODE_FLAGS.every((flag) => process.execArgv.includes(flag)) &&
    Object.entries(PRODUCTION_NODE_ENV).every(([name, value]) => process.env[name] === value)
  );
}

/** Runs `script` again in a child under production's flags and environment (output shared); its exit status. */
export function relaunchUnderProductionNode(script: string, args: readonly string[] = []): number {
  const child = spawnSync(process.execPath, [...process.execArgv, ...PRODUCTION_NODE_FLAGS, script, ...args], {
    stdio: 'inherit',
    env: { ...process.env, ...PRODUCTION_NODE_ENV },
  });
  return child.status ?? 1;
}

/** The same for a child the bench starts itself: production's environment and its flags in NODE_OPTIONS. */
export function productionNodeEnv(): Record<string, string> {
  return { ...PRODUCTION_NODE_ENV, NODE_OPTIONS: [process.env.NODE_OPTIONS ?? '', ...PRODUCTION_NODE_FLAGS].join(' ').trim() };
}
