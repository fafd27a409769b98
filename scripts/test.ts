/**
 * `npm test`: the static checks (types, lint, layering, format) beside every Vitest project (unit, component, integration on
 * PGlite and — when TEST_DATABASE_URL is set — PostgreSQL, browser tests in Chromium), then the reliability and burst runs.
 * Prints one closing line `tests: N passed, N failed, N skipped; not run: …` (what this run left out and why) and
 * exits non-zero on any failure. How the run is laid out, and why: docs/guides/testing.md.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ensureChromium } from './ensure-chromium.ts';
import { ensureClickHouse } from './ensure-clickhouse.ts';

const args = process.argv.slice(2);
/** Test files (or parts of their paths) to run instead of all: `npm test -- tests/e2e/offices/contacts.test.ts`. */
const filters = args.filter((arg) => !arg.startsWith('--'));
const e2eOnly = args.includes('--e2e-only');
const skipE2e = args.includes('--no-e2e') || process.env.SKIP_E2E === '1';
const watch = args.includes('--watch');
const started = Date.now();
const elapsed = (since: number) => `${Math.round((Date.now() - since) / 1000)} s`;

if (watch) {
  // The integration tests read the page build: made first when its sources changed.
  spawnSync(process.execPath, ['scripts/build-pages.ts', '--if-stale'], { stdio: 'inherit' });
  // Vitest's own watch mode on the unit, component and integration tests: what a file change touches runs again.
  const result = spawnSync('npx', ['vitest', '--project', 'unit', '--project', 'component', '--project', 'integration', ...filters], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
}

/** A command run to its end with its output kept: printed whole when it fails, a line when it passes. */
function check(label: string, command: string, commandArgs: string[]): Promise<{ label: string; ok: boolean; output: string; seconds: number }> {
  const since = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error) => resolve({ label, ok: false, output: `${output}${error.message}`, seconds: (Date.now() - since) / 1000 }));
    // 'close', not 'exit': the output is whole once the pipes are closed.
    child.once('close', (status) => {
      console.info(`${status === 0 ? '✔' : '✖'} ${label} (${elapsed(since)})`);
      resolve({ label, ok: status === 0, output, seconds: (Date.now() - since) / 1000 });
    });
  });
}

/**
 * The static checks, one after another in a lane of their own beside the tests (they need no build and no database),
 * so neither holds the other back (ADR 032).
 */
async function staticChecks() {
  const results = [];
  const typegen = await check('typegen', 'npx', ['react-router', 'typegen']);
  results.push(typegen);
  if (typegen.ok) results.push(await check('typecheck (tsc)', 'npx', ['tsc']));
  results.push(await check('lint (eslint)', 'npx', ['eslint', '.', '--max-warnings=0']));
  results.push(
    await check('layering (dependency-cruiser)', 'npx', [
      'depcruise',
      'app',
      'server',
      'core',
      'content',
      'scripts',
      'tests',
      '--config',
      '.dependency-cruiser.cjs',
      '--ignore-known',
    ]),
  );
  results.push(await check('format (prettier)', 'npx', ['prettier', '--check', '--log-level=warn', '.']));
  return results;
}

const projects = e2eOnly ? ['e2e'] : skipE2e ? ['unit', 'component', 'integration'] : ['unit', 'component', 'integration', 'e2e'];
/** What this run leaves out, for the closing line: a green line must not hide a layer that never ran. */
const notRun: string[] = [];
if (e2eOnly) notRun.push('static checks, unit, component, integration and reliability (--e2e-only)');
if (filters.length) notRun.push(`static checks, and every test file but those matching ${filters.join(', ')}`);
if (!projects.includes('e2e')) notRun.push(`browser tests (${process.env.SKIP_E2E === '1' ? 'SKIP_E2E=1' : '--no-e2e'})`);
if (projects.includes('integration') && !process.env.TEST_DATABASE_URL)
  notRun.push('integration tests and reliability runs on PostgreSQL (TEST_DATABASE_URL not set)');

const checks = !e2eOnly && !filters.length ? staticChecks() : Promise.resolve([]);
// The experiment event store's tests run against a real ClickHouse (tests/support/clickhouse.ts): installed
// here, once, before any test starts; when it cannot be, this throws and the run fails (never a silent skip).
if (projects.includes('integration') || projects.includes('e2e')) ensureClickHouse();
if (projects.includes('e2e')) ensureChromium();
// The page build, which the browser tests' servers and the integration tests of pages run: reused when it was built
// from the sources as they are (CI's `npm start` has just built it), built otherwise.
if (projects.includes('integration') || projects.includes('e2e')) {
  console.info('\n▶ build (when its sources changed)');
  const build = await check('build', process.execPath, ['scripts/build-pages.ts', '--if-stale']);
  console.info(build.output.includes('reused') ? 'build: current (its sources are unchanged), reused' : 'build: built');
  if (!build.ok) {
    console.info(build.output);
    console.info('tests: 0 passed, 1 failed; not run: every test (the build failed)');
    process.exit(1);
  }
}
// Pages `npm run build` prerendered from another database (ADR 028) are never taken by the tests' servers (their
// databases differ), but each would read the file at its start: the tests that prerender write their own.
rmSync('build/prerendered', { recursive: true, force: true });

/**
 * Two Vitest processes at once, each with its own report: the unit and integration files on every core, and the
 * browser tests, whose files run in E2E_WORKERS workers (3 by default), each worker with a server of its own
 * (tests/e2e/global-setup.ts). The browser tests mostly wait on pages, timers and throttled networks, so they share
 * the cores with the integration tests' computing.
 */
/** Where the Vitest JSON reports go: kept when TEST_REPORT_DIR names a directory, a temporary one removed otherwise. */
const keepReports = process.env.TEST_REPORT_DIR;
if (keepReports) mkdirSync(keepReports, { recursive: true });
const dir = keepReports ?? mkdtempSync(join(tmpdir(), 'vitest-report-'));
/** Pictures of a failed browser test's pages (tests/e2e/browser.ts): this run's only. */
const screenshots = join(keepReports ?? 'test-results', 'screenshots');
rmSync(screenshots, { recursive: true, force: true });
const e2eWorkers = Math.max(1, Number(process.env.E2E_WORKERS ?? 3) || 1);
const groups: { projects: string[]; workers: number }[] = [
  { projects: projects.filter((p) => p !== 'e2e'), workers: availableParallelism() },
  { projects: projects.filter((p) => p === 'e2e'), workers: e2eWorkers },
];
function runVitest(
  group: { projects: string[]; workers: number },
  index: number,
): Promise<{ report: string; status: number | null; label: string; seconds: number }> {
  const report = join(dir, `report-${index}.json`);
  const label = group.projects.join(', ');
  console.info(`\n▶ vitest (${label})`);
  const since = Date.now();
  const child = spawn(
    'npx',
    [
      'vitest',
      'run',
      ...group.projects.flatMap((p) => ['--project', p]),
      `--maxWorkers=${group.workers}`,
      ...(filters.length ? ['--passWithNoTests', ...filters] : []),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    { stdio: 'inherit', env: process.env },
  );
  return new Promise((resolve) => child.once('exit', (status) => resolve({ report, status, label, seconds: (Date.now() - since) / 1000 })));
}
const runs = await Promise.all(groups.filter((group) => group.projects.length > 0).map(runVitest));

let passed = 0;
let failed = 0;
let skipped = 0;
/** Each test file's wall time, for the closing summary: what makes the run long is named in every CI log. */
const files: { name: string; seconds: number }[] = [];
/**
 * Every failed test by file and name with the first line of its error, printed just above the closing line: a CI
 * log shown only from its end still says what failed.
 */
const failures: string[] = [];
/**
 * A failure's message up to its stack: the assertion and the lines it names (a layout shift's sources, a diff), at most
 * eight lines of 300 characters, so the summary at the end of a long log says what failed and why.
 */
function failureLines(message: string | undefined): string {
  const lines = stripVTControlCharacters(message ?? '')
    .split('\n')
    .filter((text) => text.trim());
  const end = lines.findIndex((text) => /^\s+at /.test(text));
  const kept = (end === -1 ? lines : lines.slice(0, end)).slice(0, 8).map((text) => text.trim().slice(0, 300));
  return kept.length ? kept.join('\n      ') : 'no message';
}
for (const { report, status, label, seconds } of runs) {
  console.info(`vitest (${label}): ${Math.round(seconds)} s`);
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
      numTodoTests: number;
      testResults?: {
        name: string;
        startTime: number;
        endTime: number;
        message?: string;
        assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
      }[];
    };
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    skipped += json.numPendingTests + json.numTodoTests;
    if (status !== 0 && json.numFailedTests === 0) {
      failed += 1; // a suite that crashed before its tests counts as a failure
      failures.push(`vitest (${label}): ended with ${status} and no failed test (see its output above)`);
    }
    for (const file of json.testResults ?? []) {
      const name = relative(process.cwd(), file.name);
      files.push({ name, seconds: (file.endTime - file.startTime) / 1000 });
      for (const test of file.assertionResults ?? [])
        if (test.status === 'failed') failures.push(`${name} › ${test.fullName}: ${failureLines(test.failureMessages?.[0])}`);
      if (file.message && !(file.assertionResults ?? []).some((test) => test.status === 'failed')) failures.push(`${name}: ${failureLines(file.message)}`);
    }
  } catch {
    failed += 1;
    failures.push(`vitest (${label}): no report (the process ended with ${status})`);
  }
}
if (files.length) {
  console.info('slowest test files:');
  for (const file of files.sort((a, b) => b.seconds - a.seconds).slice(0, 12)) console.info(`  ${file.seconds.toFixed(0).padStart(5)} s  ${file.name}`);
}
if (!keepReports) rmSync(dir, { recursive: true, force: true });

// The lead pipeline under SIGKILLs and a failing CRM (ADR 006), on each database: one test per engine.
const skipReliability = args.includes('--no-reliability') || process.env.SKIP_RELIABILITY === '1' || filters.length > 0;
if (!e2eOnly && skipReliability) notRun.push('reliability and burst runs (SKIP_RELIABILITY=1, --no-reliability or test files named)');
if (!e2eOnly && !skipReliability) {
  console.info('\n▶ reliability (npm run test:reliability)');
  const reliability = spawnSync(process.execPath, ['scripts/test-reliability.ts'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: process.env,
    encoding: 'utf8',
  });
  process.stdout.write(reliability.stdout ?? '');
  const counts = /reliability: (\d+) passed, (\d+) failed/.exec(reliability.stdout ?? '');
  passed += Number(counts?.[1] ?? 0);
  failed += counts ? Number(counts[2]) : 1;
  if (reliability.status !== 0 && (!counts || counts[2] === '0')) failed++;
  if (reliability.status !== 0 || !counts || counts[2] !== '0') failures.push('reliability: see its output above');

  // Visitors' writes are not shed while the server is busy (issue #38, finding 11): 100 leads at once beside 50
  // connections rendering uncached pages, every one taken. One test; it asserts counts, never times.
  console.info('\n▶ burst (npm run test:burst)');
  const burst = spawnSync(process.execPath, ['scripts/burst.ts'], { stdio: ['ignore', 'pipe', 'inherit'], env: process.env, encoding: 'utf8' });
  process.stdout.write(burst.stdout ?? '');
  if (burst.status === 0 && /^burst: OK$/m.test(burst.stdout ?? '')) passed++;
  else {
    failed++;
    failures.push('burst: see its output above');
  }
}
for (const result of await checks) {
  console.info(`${result.label}: ${Math.round(result.seconds)} s`);
  if (result.ok) passed++;
  else {
    failed++;
    failures.push(`${result.label}: see its output below`);
    console.info(`\n✖ ${result.label}:\n${result.output.trim()}`);
  }
}
if (failures.length) {
  console.info('\nfailed:');
  for (const failure of failures) console.info(`  ✖ ${failure}`);
  // A failed browser test leaves a picture of each page it had open (tests/e2e/browser.ts).
  if (existsSync(screenshots) && readdirSync(screenshots).length) console.info(`  screenshots of the failed browser tests' pages: ${screenshots}/`);
}
console.info(`\nnpm test: ${elapsed(started)} in all`);
console.info(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped; not run: ${notRun.length ? notRun.join('; ') : 'nothing'}`);
process.exit(failed === 0 ? 0 : 1);
