/**
 * `npm test`: typecheck, lint, format check, then every Vitest project (unit, integration on PGlite and — when
 * TEST_DATABASE_URL is set — PostgreSQL, browser tests in Chromium), then the reliability runs. Prints one closing
 * line `tests: N passed, N failed, N skipped; not run: …` (what this run left out and why) and exits non-zero on
 * any failure.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { ensureChromium } from './ensure-chromium.ts';
import { ensureClickHouse } from './ensure-clickhouse.ts';

const args = process.argv.slice(2);
/** Test files (or parts of their paths) to run instead of all: `npm test -- tests/e2e/contacts.test.ts`. */
const filters = args.filter((arg) => !arg.startsWith('--'));
const e2eOnly = args.includes('--e2e-only');
const skipE2e = args.includes('--no-e2e') || process.env.SKIP_E2E === '1';

function run(label: string, command: string, commandArgs: string[]): void {
  console.info(`\n▶ ${label}`);
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', env: process.env });
  if (result.status !== 0) {
    console.error(`✖ ${label} failed`);
    console.info(`tests: 0 passed, 1 failed; not run: everything after ${label}`);
    process.exit(result.status ?? 1);
  }
}

if (!e2eOnly) {
  run('typecheck', 'npx', ['react-router', 'typegen']);
  run('typecheck', 'npx', ['tsc']);
  run('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
  run('layering (dependency-cruiser)', 'npx', [
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
  ]);
  run('format', 'npx', ['prettier', '--check', '--log-level=warn', '.']);
}
const projects = e2eOnly ? ['e2e'] : skipE2e ? ['unit', 'integration'] : ['unit', 'integration', 'e2e'];
/** What this run leaves out, for the closing line: a green line must not hide a layer that never ran. */
const notRun: string[] = [];
if (e2eOnly) notRun.push('typecheck, lint, format, unit, integration and reliability (--e2e-only)');
if (filters.length) notRun.push(`every test file but those matching ${filters.join(', ')}`);
if (!projects.includes('e2e')) notRun.push(`browser tests (${process.env.SKIP_E2E === '1' ? 'SKIP_E2E=1' : '--no-e2e'})`);
if (projects.includes('integration') && !process.env.TEST_DATABASE_URL)
  notRun.push('integration tests and reliability runs on PostgreSQL (TEST_DATABASE_URL not set)');
// The experiment event store's tests run against a real ClickHouse (tests/support/clickhouse.ts): installed
// here, once, before any test starts; when it cannot be, this throws and the run fails (never a silent skip).
if (projects.includes('integration') || projects.includes('e2e')) ensureClickHouse();
if (projects.includes('e2e')) {
  ensureChromium();
  run('build', 'npx', ['react-router', 'build']);
}
// Pages `npm run build` prerendered from another database (ADR 028) are never taken by the tests' servers (their
// databases differ), but each would read the file at its start: the tests that prerender write their own.
rmSync('build/prerendered', { recursive: true, force: true });

/**
 * Vitest runs a project whose files may not run in parallel (the browser tests share one server) before the
 * others, so in one process the browser tests (mostly waiting on pages) and the integration tests (mostly
 * computing) would take turns. They run as processes at once instead, each with its own report. The browser
 * tests are split by file into E2E_SHARDS processes (2 by default), each with its own server and database
 * (tests/e2e/global-setup.ts): they spend most of their time waiting on pages, timers and throttled networks,
 * so two shards take about half the time on the same cores. The unit and integration tests run their files on every
 * core (Vitest's default leaves one free: a single worker on two cores). In Chromium's headless shell the browser
 * shards ended in about 40 minutes and the integration files, one after another, took 7 more on one core; on every
 * core the three processes end within two minutes of each other, in 25–27 minutes on a quiet machine (ADR 031).
 */
/** Where the Vitest JSON reports go: kept when TEST_REPORT_DIR names a directory, a temporary one removed otherwise. */
const keepReports = process.env.TEST_REPORT_DIR;
if (keepReports) mkdirSync(keepReports, { recursive: true });
const dir = keepReports ?? mkdtempSync(join(tmpdir(), 'vitest-report-'));
const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 2) || 1);
const groups: { projects: string[]; shard?: string }[] = [{ projects: projects.filter((p) => p !== 'e2e') }];
if (projects.includes('e2e')) for (let i = 1; i <= shards; i++) groups.push({ projects: ['e2e'], ...(shards > 1 ? { shard: `${i}/${shards}` } : {}) });
function runVitest(
  group: { projects: string[]; shard?: string },
  index: number,
): Promise<{ report: string; status: number | null; label: string; seconds: number }> {
  const report = join(dir, `report-${index}.json`);
  const label = `${group.projects.join(', ')}${group.shard ? `, shard ${group.shard}` : ''}`;
  console.info(`\n▶ vitest (${label})`);
  const started = Date.now();
  const child = spawn(
    'npx',
    [
      'vitest',
      'run',
      ...group.projects.flatMap((p) => ['--project', p]),
      ...(group.shard ? [`--shard=${group.shard}`] : []),
      ...(group.projects.includes('e2e') ? [] : [`--maxWorkers=${availableParallelism()}`]),
      ...(filters.length ? ['--passWithNoTests', ...filters] : []),
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ],
    { stdio: 'inherit', env: process.env },
  );
  return new Promise((resolve) => child.once('exit', (status) => resolve({ report, status, label, seconds: (Date.now() - started) / 1000 })));
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
function firstLine(message: string | undefined): string {
  const line = stripVTControlCharacters(message ?? '')
    .split('\n')
    .find((text) => text.trim());
  return (line ?? 'no message').trim().slice(0, 300);
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
        if (test.status === 'failed') failures.push(`${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      if (file.message && !(file.assertionResults ?? []).some((test) => test.status === 'failed')) failures.push(`${name}: ${firstLine(file.message)}`);
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
if (!e2eOnly && skipReliability) notRun.push('reliability runs (SKIP_RELIABILITY=1, --no-reliability or test files named)');
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
}
if (failures.length) {
  console.info('\nfailed:');
  for (const failure of failures) console.info(`  ✖ ${failure}`);
}
console.info(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped; not run: ${notRun.length ? notRun.join('; ') : 'nothing'}`);
process.exit(failed === 0 ? 0 : 1);
