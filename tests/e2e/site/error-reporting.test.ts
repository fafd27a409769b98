import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ru from '#core/i18n/catalogs/ru/index.ts';
import { deferredModules } from '#app/lib/defer-hydration.server.ts';
import { startServer, type RunningServer } from '#tests/support/server.ts';
import { readReplayRecording, startSentryReceiver, type SentryReceiver } from '#tests/support/sentry-receiver.ts';
import { hydrated, setupBrowser } from '../browser.ts';

const browser = setupBrowser();

type Frame = { filename?: string; function?: string; lineno?: number };
type BrowserEvent = {
  level: string;
  platform: string;
  release?: string;
  environment?: string;
  message?: string | { formatted?: string };
  tags?: Record<string, string>;
  contexts?: Record<string, Record<string, unknown>>;
  request?: { url?: string; method?: string; headers?: Record<string, string> };
  exception?: { values: { type: string; value: string; mechanism?: { handled?: boolean; type?: string }; stacktrace?: { frames: Frame[] } }[] };
};

const version = (page: Page) => page.evaluate(() => (window as unknown as { __reactRouterManifest: { version: string } }).__reactRouterManifest.version);
const reportingReady = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.errorReporting === 'ready', undefined, { timeout: 20_000 });

/** The browser SDK against a local receiver (ADR 017), on a server of its own with a DSN and the rates forced to 1. */
describe('browser error reporting (Sentry SDK)', () => {
  let receiver: SentryReceiver;
  let server: RunningServer;
  const events = () => receiver.items('event').map(({ item }) => item.payload as BrowserEvent);
  const exceptionNamed = (value: string) => events().find((event) => event.exception?.values.some((v) => v.value.includes(value)));

  beforeAll(async () => {
    receiver = await startSentryReceiver();
    server = await startServer({
      CAPTCHA_MODE: 'off',
      SENTRY_DSN: receiver.dsn,
      SENTRY_ENVIRONMENT: 'e2e',
      SENTRY_TRACES_SAMPLE_RATE: '1',
      SENTRY_REPLAYS_SESSION_SAMPLE_RATE: '1',
    });
  }, 240_000);
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  it('loads the SDK after the page is interactive: not in the first HTML, not preloaded, only after the load event', async () => {
    const { page } = await browser.page({ baseURL: server.url });
    const sdkRequest = page.waitForRequest(/\/assets\/sentry\.client-[\w-]+\.js$/, { timeout: 20_000 });
    const response = await page.goto('/');
    const html = await response!.text();
    expect(html).not.toContain('sentry.client');
    await hydrated(page);
    const request = await sdkRequest;
    // Playwright fills a request's timing once its response has come.
    expect((await request.response())?.status()).toBe(200);
    const sdkStart = request.timing().startTime;
    const timing = await page.evaluate(() => {
      const [nav] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return { loadEnd: performance.timeOrigin + nav!.loadEventEnd };
    });
    // The page's own preload list (Vite adds links for a dynamic import's chunks when it runs, so read the HTML; the
    // page adds its list after load: app/lib/defer-hydration.server.ts).
    const preloaded = deferredModules(html);
    expect(timing.loadEnd).toBeGreaterThan(0);
    expect(sdkStart).toBeGreaterThanOrEqual(timing.loadEnd - 1);
    expect(preloaded.length).toBeGreaterThan(0);
    expect(preloaded.some((href) => href.includes('sentry'))).toBe(false);
  });

  it('keeps an uncaught error from the first moments and sends it with its stack frames once the SDK has loaded', async () => {
    const { page } = await browser.page({ baseURL: server.url, allowedErrors: /early-failure/ });
    // Thrown right after the page's scripts ran, long before the SDK comes (after load, when idle).
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        setTimeout(function throwEarly() {
          throw new Error('early-failure');
        }, 0);
      });
    });
    await page.goto('/contacts');
    await hydrated(page);
    await expect.poll(() => exceptionNamed('early-failure')).toBeTruthy();
    const event = exceptionNamed('early-failure')!;
    const exception = event.exception!.values[0]!;
    expect(exception.mechanism).toMatchObject({ handled: false, type: 'auto.browser.global_handlers.onerror' });
    expect(exception.stacktrace!.frames.length).toBeGreaterThan(0);
    expect(exception.stacktrace!.frames.some((frame) => frame.function?.includes('throwEarly'))).toBe(true);
    expect(event).toMatchObject({ level: 'error', platform: 'javascript', environment: 'e2e', release: await version(page), tags: { queued: 'true' } });
    expect(event.request?.url).toBe(`${server.url}/contacts`);
  });

  it('reports an uncaught error once the SDK is in charge, with its stack frames', async () => {
    const { page } = await browser.page({ baseURL: server.url, allowedErrors: /late-failure/ });
    await page.goto('/contacts');
    await hydrated(page);
    await reportingReady(page);
    await page.evaluate(() => {
      setTimeout(function throwLate() {
        throw new Error('late-failure');
      }, 0);
    });
    await expect.poll(() => exceptionNamed('late-failure')).toBeTruthy();
    const event = exceptionNamed('late-failure')!;
    expect(event.exception!.values[0]!.stacktrace!.frames.some((frame) => frame.function?.includes('throwLate'))).toBe(true);
    expect(event.tags?.queued).toBeUndefined();
  });

  it('reports failed API calls with URL, status, message and method: 404 as a warning, 400 as an error', async () => {
    const { page } = await browser.page({ baseURL: server.url });
    let status = 404;
    await page.route('**/api/main_page_selector/**', (route) => route.fulfill({ status, json: { detail: status === 404 ? 'Not found.' : 'Bad project.' } }));
    await page.goto('/');
    await hydrated(page);
    const form = page.getByRole('region', { name: ru.homeBlocks.selector.title });
    const project = form.getByRole('combobox', { name: ru.homeBlocks.selector.project });
    await project.selectOption('1');
    const failures = () => events().filter((event) => event.request?.url?.includes('/api/main_page_selector/'));
    await expect.poll(() => failures().length).toBe(1);
    status = 400;
    await project.selectOption('2');
    await expect.poll(() => failures().length).toBe(2);
    const [notFound, bad] = failures();
    expect(notFound).toMatchObject({
      level: 'warning',
      request: { method: 'GET' },
      tags: { 'http.method': 'GET', 'http.status_code': '404' },
      contexts: { response: { status_code: 404 } },
    });
    expect(notFound!.request!.url).toMatch(new RegExp(`^${server.url}/api/main_page_selector/\\?.*project=1`));
    expect(JSON.stringify(notFound!.message)).toContain('404 Not found.');
    expect(bad).toMatchObject({ level: 'error', tags: { 'http.status_code': '400' }, contexts: { response: { status_code: 400 } } });
    expect(JSON.stringify(bad!.message)).toContain('GET');
  });

  it('records a replay segment with every text masked, and sends traces at the configured rates', async () => {
    const { page } = await browser.page({ baseURL: server.url });
    const worker = page.waitForResponse(/\/assets\/worker-bundler-[\w-]+\.js$/, { timeout: 20_000 }).then((response) => response.status());
    await page.goto('/contacts');
    await hydrated(page);
    const heading = (await page.getByRole('heading', { level: 1 }).textContent())!.trim();
    expect(heading.length).toBeGreaterThan(3);
    await reportingReady(page);
    // The first segment is sent after the SDK's minimum replay duration (~5 s): waited for, not slept.
    await expect.poll(() => receiver.items('replay_recording').length, { timeout: 40_000, interval: 500 }).toBeGreaterThan(0);
    const { envelope, item } = receiver.items('replay_recording')[0]!;
    const replayEvent = envelope.items.find((i) => i.header.type === 'replay_event')!.payload as { replay_type: string; replay_id: string };
    expect(replayEvent.replay_type).toBe('session');
    const recording = readReplayRecording(item.raw);
    expect(recording.segmentId).toBe(0);
    // A full DOM snapshot (rrweb type 2) is there, with the page's text masked.
    expect(recording.events.some((event) => (event as { type: number }).type === 2)).toBe(true);
    expect(recording.text).not.toContain(heading);
    // The options the replay started with: the rates read from the configuration, masking on.
    const options = recording.events
      .map((event) => (event as { data?: { tag?: string; payload?: Record<string, unknown> } }).data)
      .find((data) => data?.tag === 'options')?.payload;
    expect(options).toMatchObject({
      sessionSampleRate: 1,
      errorSampleRate: 1,
      maskAllText: true,
      maskAllInputs: true,
      blockAllMedia: true,
      useCompressionOption: true,
    });
    // The compression worker is a file of the site's own origin (CSP worker-src 'self', no blob:).
    expect(await worker).toBe(200);
    // Traces: the envelope headers carry the sampling decision and the configured rate.
    const traced = receiver.envelopes.map((e) => e.header.trace as { sample_rate?: string; sampled?: string; environment?: string } | undefined).find(Boolean);
    expect(traced).toMatchObject({ sample_rate: '1', environment: 'e2e' });
  });
});

describe('a route chunk missing after a deploy', () => {
  /** The route module of the slug pages (`/legal`), which /contacts has not loaded yet. */
  async function slugModule(page: Page): Promise<string> {
    // React Router discovers the routes of the links on the page after hydration (lazy route discovery).
    const handle = await page.waitForFunction(() => {
      const manifest = (window as unknown as { __reactRouterManifest: { routes: Record<string, { module?: string }> } }).__reactRouterManifest;
      return Object.values(manifest.routes).find((route) => route.module?.includes('slug-page'))?.module;
    });
    return (await handle.jsonValue()) as string;
  }

  it('takes the visitor to the page they clicked (a full load), and shows the error page when it fails again within 10 s', async () => {
    const { page } = await browser.page({ allowedErrors: /Error loading route module|dynamically imported module|Loading chunk for \/legal/ });
    // The page's clock stands still (its timers still run): the second failure below comes "within 10 s" however long
    // the loads between take on a busy machine (a minute's worth was seen while the whole suite ran).
    await page.clock.setFixedTime(new Date());
    await page.goto('/contacts');
    await hydrated(page);
    const module = new URL(await slugModule(page), page.url()).href;
    // The chunk is gone (an old build's file), until the browser loads a new page.
    let missing = true;
    await page.route(module, (route) => (missing ? route.fulfill({ status: 404, body: 'gone' }) : route.continue()));
    const documents: string[] = [];
    page.on('request', (request: Request) => {
      if (request.resourceType() !== 'document') return;
      documents.push(new URL(request.url()).pathname);
      missing = false;
    });
    await page.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Правовая информация' }).click();
    await expect.poll(() => documents).toEqual(['/legal']);
    await page.waitForURL('**/legal');
    await hydrated(page);
    expect(await page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBeUndefined();
    const guard = JSON.parse((await page.evaluate(() => sessionStorage.getItem('chunk-reload')))!) as { path: string; expires: number };
    expect(guard.path).toBe('/legal');
    expect(guard.expires - Date.now()).toBeLessThanOrEqual(10_000);

    // Within the 10 s: the same failure does not load /legal again (no loop), it shows the error page.
    await page.goto('/contacts');
    await hydrated(page);
    documents.length = 0;
    missing = true;
    await page.getByRole('contentinfo').getByRole('link', { name: 'Правовая информация' }).click();
    await expect(page.getByRole('heading', { level: 1, name: ru.error.title500 }).waitFor()).resolves.toBeUndefined();
    expect(documents).toEqual([]);
  });
});
