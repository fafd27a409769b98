import { spawnSync } from 'node:child_process';

/**
 * How `npm start` and `npm run serve` run Node (package.json): V8's young generation capped, glibc's malloc arenas
 * limited. A bench that starts or hosts the server runs it under the same, or it measures V8's defaults, which
 * production never runs. At 1M lots, a diagnosis run of the catalogue bench's server and mix (one core, a process that
 * loaded the lots' columns file) had a p99 of 37 ms under the defaults (a full collection every 1–3 s) and 10.9–11.7 ms
 * under these (docs/performance.md, 2026-12-01). `production-node.test.ts` holds package.json's scripts to exactly
 * these flags and variables.
 */
export const PRODUCTION_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16'];
export const PRODUCTION_NODE_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };

/** Set in a relaunched bench: a second relaunch would be a loop, so it is refused. */
const RELAUNCHED = 'BENCH_PRODUCTION_NODE';

/** Whether this process runs with production's flags and environment (glibc reads MALLOC_ARENA_MAX at start). */
export function underProductionNode(): boolean {
  return (
    PRODUCTION_NODE_FLAGS.every((flag) => process.execArgv.includes(flag)) &&
    Object.entries(PRODUCTION_NODE_ENV).every(([name, value]) => process.env[name] === value)
  );
}

/** Runs `script` again in a child under production's flags and environment (output shared); throws unless it succeeds. */
export function relaunchUnderProductionNode(script: string, args: readonly string[] = []): void {
  if (process.env[RELAUNCHED] === '1') throw new Error(`${script} was relaunched under ${PRODUCTION_NODE_FLAGS.join(' ')} and still does not run under them`);
  const child = spawnSync(process.execPath, [...process.execArgv, ...PRODUCTION_NODE_FLAGS, script, ...args], {
    stdio: 'inherit',
    env: { ...process.env, ...PRODUCTION_NODE_ENV, [RELAUNCHED]: '1' },
  });
  if (child.error) throw new Error(`${script} could not be relaunched`, { cause: child.error });
  if (child.status !== 0) throw new Error(`${script} ended with ${child.signal ? `signal ${child.signal}` : `status ${child.status}`}`);
}

/** The same for a child the bench starts itself: production's environment and its flags in NODE_OPTIONS. */
export function productionNodeEnv(): Record<string, string> {
  return { ...PRODUCTION_NODE_ENV, NODE_OPTIONS: [process.env.NODE_OPTIONS ?? '', ...PRODUCTION_NODE_FLAGS].join(' ').trim() };
}
