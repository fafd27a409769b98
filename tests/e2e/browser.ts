import { VITALS_OBSERVING_MARK } from '#core/experiments/events.ts';
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject, type TestContext } from 'vitest';
import { CHROMIUM_ARGS } from '../../scripts/ensure-chromium.ts';
import { USER_AGENT } from '../support/templates.ts';

export { CHROMIUM_ARGS };

export { USER_AGENT };

/**
 * The production server of the worker this file runs in (tests/e2e/global-setup.ts starts one per worker; Vitest
 * numbers a run's concurrent workers 1…maxWorkers in VITEST_POOL_ID).
 */
export function baseURL(): string {
  const urls = inject('baseURLs');
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length]!;
}

export const VIEWPORTS = { mobile: { width: 375, height: 812 }, desktop: { width: 1440, height: 900 } } as const;

/**
 * Where a failed test's pages are photographed: `test-results/screenshots/` (or under TEST_REPORT_DIR), one PNG a
 * page, named by the file and the test's full name (its describe blocks too: the language of a `describe.each`). No
 * retries (docs/guides/testing.md): the picture is what a failure leaves. A test that closed its page before failing leaves
 * none.
 */
const SCREENSHOTS = join(process.env.TEST_REPORT_DIR ?? 'test-results', 'screenshots');

/** A file name of at most `bytes` UTF-8 bytes (Cyrillic and Chinese letters take two and three). */
function fileName(text: string, bytes = 180): string {
  let name = text.replace(/[^\p{L}\p{N}]+/gu, '-');
  while (Buffer.byteLength(name) > bytes) name = name.slice(0, -1);
  return name;
}

async function photograph(test: TestContext['task'], contexts: BrowserContext[]): Promise<void> {
  const pages = contexts.flatMap((context) => context.pages());
  if (!pages.length) return;
  const name = `${fileName(`${basename(test.file.name, '.test.ts')} ${test.fullTestName ?? test.name}`)}-${test.id}`;
  mkdirSync(SCREENSHOTS, { recursive: true });
  await Promise.all(
    pages.map(async (page, i) => {
      const path = join(SCREENSHOTS, `${name}${pages.length > 1 ? `-${i + 1}` : ''}.png`);
      // A page that no longer answers (its test's own failure) leaves no picture; the failure is still reported.
      const taken = await page.screenshot({ path, fullPage: true, timeout: 10_000 }).then(
        () => true,
        () => false,
      );
      if (taken) console.warn(`the failed test's page ${page.url()}: ${path}`);
    }),
  );
}

/**
 * One Chromium per test file; each test gets a fresh context (no cookies carried over). Every context a test
 * opens is closed after it, whether it passed or failed (a failed test's pages photographed first), and an error
 * in the page's console or an uncaught exception fails the test even when the test itself did not look
 * (`allowedErrors` names the ones a test provokes on purpose).
 */
export function setupBrowser(options: { backForwardCache?: boolean } = {}) {
  const state: { browser?: Browser } = {};
  const opened: { context: BrowserContext; errors: string[] }[] = [];
  beforeAll(async () => {
    state.browser = await chromium.launch({
      // The headless shell, lighter by a browser window per context; it has no back/forward cache (ADR 031).
      executablePath: options.backForwardCache ? inject('chromiumPath') : inject('headlessShellPath'),
      args: CHROMIUM_ARGS,
      // Playwright turns the back/forward cache off; a file that tests a page's return from it turns it on, as a
      // phone has it.
      ...(options.backForwardCache ? { ignoreDefaultArgs: ['--disable-back-forward-cache'] } : {}),
    });
  });
  afterEach(async ({ task }) => {
    const contexts = opened.splice(0);
    const errors = contexts.flatMap((c) => c.errors);
    // Failed, or about to fail on what the page logged.
    if (task.result?.state === 'fail' || errors.length)
      await photograph(
        task,
        contexts.map(({ context }) => context),
      );
    await Promise.all(contexts.map(({ context }) => context.close().catch(() => {})));
    if (errors.length) throw new Error(`The page logged ${errors.length} error(s):\n${errors.join('\n')}`);
  });
  afterAll(async () => state.browser?.close());
  return {
    baseURL,
    async page(options: BrowserContextOptions & { allowedErrors?: RegExp } = {}): Promise<{ page: Page; context: BrowserContext; errors: string[] }> {
      const { allowedErrors, ...contextOptions } = options;
      const context = await state.browser!.newContext({
        baseURL: baseURL(),
        viewport: VIEWPORTS.desktop,
        locale: 'ru-RU',
        userAgent: USER_AGENT,
        ...contextOptions,
      });
      // Playwright's 30 s for a navigation or a wait is for a hung page; on a machine the whole suite loads, a page
      // with the 4× CPU throttle took longer. A test's own limit (vitest.config.ts) still ends a hung one.
      context.setDefaultTimeout(60_000);
      const page = await context.newPage();
      const errors: string[] = [];
      opened.push({ context, errors });
      const keep = (text: string) => !allowedErrors?.test(text);
      page.on('pageerror', (error) => {
        if (keep(error.message)) errors.push(error.message);
      });
      page.on('console', (message) => {
        if (message.type() === 'error' && !/^Failed to load resource: the server responded with a status of \d+/.test(message.text()) && keep(message.text()))
          errors.push(message.text());
      });
      return { page, context, errors };
    },
  };
}

/** The page after React has hydrated it (the router marks hydration on window). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/**
 * A sampled page load observing its web vitals (app/lib/vitals.ts marks it): from here, hiding the page (going to
 * another one) sends them. Waiting for the chunk's request alone raced its evaluation on a loaded machine.
 */
export async function observingVitals(page: Page): Promise<void> {
  await page.waitForFunction((mark) => performance.getEntriesByName(mark, 'mark').length > 0, VITALS_OBSERVING_MARK, { timeout: 20_000 });
}

export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join('\n  ')}`,
  );
  expect(summary, summary.join('\n')).toEqual([]);
}
