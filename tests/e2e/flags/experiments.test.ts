import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GrowthBook, type FeatureApiResponse } from '@growthbook/growthbook';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOME_HERO_CTA, HOME_STORIES, isHeroCtaVariant, type ExperimentView, type FeaturesPayload } from '#core/flags/features.ts';
import ru from '#core/i18n/catalogs/ru/index.ts';
import { DEMO_GROWTHBOOK_CLIENT_KEY } from '#server/config.ts';
import { startServer, type RunningServer } from '#tests/support/server.ts';
import { hydrated, setupBrowser, VIEWPORTS } from '../browser.ts';

// With the back/forward cache on, as on a phone: a page shown again from it must still hear of flag changes.
const browser = setupBrowser({ backForwardCache: true });
const STORE = '**/api/clickhouse/store_data/';
const CRAWLER = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/**
 * Flags and experiments in the browser (ADR 015), on a server of their own: these tests change flags, which
 * the other browser tests' shared server must not see. The store endpoint is another part's: its calls are
 * answered here (page.route) and their bodies asserted.
 */
describe('experiments and flags on the home page', () => {
  let server: RunningServer;
  let payload: FeaturesPayload;

  beforeAll(async () => {
    server = await startServer({ CAPTCHA_MODE: 'off', FLAGS_POLL_MS: '500' });
    payload = (await (await fetch(`${server.url}/api/features/${DEMO_GROWTHBOOK_CLIENT_KEY}`)).json()) as FeaturesPayload;
  }, 180_000);
  afterAll(async () => server?.stop());

  /** The variation the official SDK gives this visitor id, from the payload the server serves. */
  const variationFor = (vid: string): string =>
    new GrowthBook({ attributes: { id: vid }, features: payload.features as FeatureApiResponse['features'] }).getFeatureValue(HOME_HERO_CTA, 'find');
  const ctaText = (variant: string) => (isHeroCtaVariant(variant) ? ru.home.heroCta[variant] : '');
  /** Visitor ids (22 base64url characters) that the experiment puts in each variation. */
  const visitorIn = (variant: string): string => {
    for (let i = 0; i < 1000; i++) {
      const vid = `e2e-visitor-${String(i).padStart(10, '0')}`;
      if (variationFor(vid) === variant) return vid;
    }
    throw new Error(`no visitor id in ${variant}`);
  };

  /** Answers the store endpoint and keeps what the page posted. */
  async function recordViews(page: Page): Promise<ExperimentView[]> {
    const views: ExperimentView[] = [];
    await page.route(STORE, async (route) => {
      views.push(route.request().postDataJSON() as ExperimentView);
      await route.fulfill({ status: 201, contentType: 'application/json', body: '{"status":"ok"}' });
    });
    return views;
  }

  /** The hero's main button (the block of the page's heading). */
  const cta = (page: Page, variant: string) =>
    page
      .locator('main h1')
      .locator('xpath=..')
      .getByRole('link', { name: ctaText(variant), exact: true });

  async function setFlag(key: string, body: unknown): Promise<void> {
    // The operator token the server wrote at boot (no FLAGS_TOKEN here), as `npm run flags:set` reads it.
    const token = readFileSync(join(server.dataDir, 'operator-token'), 'utf8').trim();
    const res = await fetch(`${server.url}/api/admin/flags/${key}/`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBe(200);
  }

  it.each(['find', 'project'])(
    'shows a visitor in variation %s that wording, the same in the server HTML and after hydration, and stores the exposure once',
    async (variant) => {
      const vid = visitorIn(variant);
      const cookies = [
        { name: 'vid', value: vid, url: server.url },
        { name: '_ga', value: 'GA1.1.1833409912.1764000000', url: server.url },
      ];

      // Without JavaScript the page is the server's HTML as it is.
      const plain = await browser.page({ baseURL: server.url, javaScriptEnabled: false });
      await plain.context.addCookies(cookies);
      await plain.page.goto('/');
      const serverText = await plain.page.locator('main h1').locator('xpath=..').textContent();
      expect(await cta(plain.page, variant).isVisible()).toBe(true);

      const { page, context } = await browser.page({ baseURL: server.url });
      await context.addCookies(cookies);
      const views = await recordViews(page);
      // Answered: the exposure is in `views` (the SDK loads once the page is idle, ADR 027, so it comes after hydration).
      const posted = page.waitForResponse((r: Response) => r.url().endsWith('/api/clickhouse/store_data/') && r.request().method() === 'POST');
      const response = await page.goto('/');
      // A known visitor keeps the id: no new cookie.
      expect((await response!.headerValue('set-cookie')) ?? '').not.toMatch(/\bvid=/);
      await hydrated(page);
      expect(await cta(page, variant).isVisible()).toBe(true);
      expect(await page.locator('main h1').locator('xpath=..').textContent()).toBe(serverText);

      const request = (await posted).request();
      // Through the site's API client: CSRF and anti-bot headers.
      expect(request.headers()['x-csrftoken']).toBeTruthy();
      // The request is seen as it leaves; the route records its body a moment later.
      await expect.poll(() => views.length).toBe(1);
      const view = views[0]!;
      expect(view).toEqual({
        user_id: vid,
        experiment_id: HOME_HERO_CTA,
        variation_id: variant,
        ga_id: '1833409912.1764000000',
        value: '',
        host: new URL(server.url).host,
        url: `${server.url}/`,
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown as string,
        table_name: 'experiment_views',
      });

      // The next page view of the same visitor does not store the same exposure again.
      await page.goto('/projects');
      await hydrated(page);
      await page.goto('/');
      await hydrated(page);
      expect(await cta(page, variant).isVisible()).toBe(true);
      expect(views).toHaveLength(1);
    },
  );

  it('gives a first-time visitor the shared page without a cookie, its id once the page has loaded, and its variation from the next page on', async () => {
    const { page, context } = await browser.page({ baseURL: server.url });
    const views = await recordViews(page);
    // Pages set no cookie (ADR 035): the id comes from the tiny request the page makes after its load.
    const given = page.waitForResponse((r: Response) => r.url().endsWith('/api/visitor/'));
    const response = await page.goto('/');
    expect((await response!.headerValue('set-cookie')) ?? '').toBe('');
    expect(await response!.headerValue('cache-control')).toMatch(/^public/);
    await hydrated(page);
    // The first view is the defaults' (as a crawler's): nothing changes on it, nothing is stored for it.
    expect(await cta(page, 'find').isVisible()).toBe(true);
    const setCookie = (await (await given).headerValue('set-cookie')) ?? '';
    const vid = /\bvid=([A-Za-z0-9_-]{22});/.exec(setCookie)?.[1];
    expect(vid, setCookie).toBeDefined();
    expect(setCookie).toMatch(/vid=[^;]+; Max-Age=34560000; Path=\/; SameSite=Lax/);
    expect((await context.cookies()).find((c) => c.name === 'vid')?.value).toBe(vid);
    expect(await cta(page, 'find').isVisible()).toBe(true);
    expect(views).toEqual([]);

    // A move to another page and back, in the page (no load): the home page comes with the visitor's variation, and
    // the SDK, started by that move, stores the exposure under the id.
    const variant = variationFor(vid!);
    const posted = page.waitForResponse((r: Response) => r.url().endsWith('/api/clickhouse/store_data/'));
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page.locator('a[href="/projects"]').first().click();
    await page.waitForURL('**/projects');
    // Drawn, not only addressed: the projects page's heading is there (the home page has none of that name).
    await expect.poll(() => page.getByRole('heading', { level: 1, name: ru.catalogue.projects.title, exact: true }).isVisible()).toBe(true);
    // The logo leads home from either page's markup (the address changes a moment before the new page is drawn, so
    // a link found by its address alone could be the old page's and change under the click).
    await page
      .getByRole('link', { name: /на главную$/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => cta(page, variant).isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await posted;
    await expect.poll(() => views.length).toBe(1);
    expect(views.map((v) => [v.user_id, v.variation_id, v.ga_id])).toEqual([[vid, variant, '']]);

    // A full load of it: the visitor's variation from the server (private), the exposure not stored again.
    const next = await page.goto('/');
    expect(await next!.headerValue('cache-control')).toBe('private, no-cache');
    await hydrated(page);
    expect(await cta(page, variant).isVisible()).toBe(true);
    await page.waitForLoadState('networkidle');
    expect(views).toHaveLength(1);
  });

  it('gives a crawler the default wording, no visitor cookie and stores nothing', async () => {
    const { page, context } = await browser.page({ baseURL: server.url, userAgent: CRAWLER });
    const views = await recordViews(page);
    const response = await page.goto('/');
    expect((await response!.headerValue('set-cookie')) ?? '').not.toMatch(/\bvid=/);
    await hydrated(page);
    expect(await cta(page, 'find').isVisible()).toBe(true);
    // No stream is opened for a crawler, so the network goes quiet; nothing was posted by then.
    await page.waitForLoadState('networkidle');
    expect(views).toEqual([]);
    expect((await context.cookies()).some((c) => c.name === 'vid')).toBe(false);
  });

  it('takes a flag change to an open page through the stream, without a reload', async () => {
    const { page, context } = await browser.page({ baseURL: server.url, viewport: VIEWPORTS.mobile, isMobile: true, hasTouch: true });
    // A returning visitor (an id): a first visit's page opens no stream (ADR 035).
    await context.addCookies([{ name: 'vid', value: visitorIn('find'), url: server.url }]);
    await recordViews(page);
    const stream = page.waitForResponse((r) => r.url().endsWith(`/sub/${DEMO_GROWTHBOOK_CLIENT_KEY}`));
    await page.goto('/');
    await hydrated(page);
    await stream;
    const stories = page.getByRole('region', { name: ru.stories.title });
    expect(await stories.isVisible()).toBe(true);
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });

    try {
      await setFlag(HOME_STORIES, { defaultValue: false });
      await stories.waitFor({ state: 'detached', timeout: 10_000 });
      // The experiment stopped with everyone on "choose a project": the button follows too.
      await setFlag(HOME_HERO_CTA, { defaultValue: 'project', rules: [] });
      await cta(page, 'project').waitFor({ timeout: 10_000 });
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    } finally {
      await setFlag(HOME_STORIES, { defaultValue: true, rules: payload.features[HOME_STORIES]!.rules });
      await setFlag(HOME_HERO_CTA, payload.features[HOME_HERO_CTA]);
    }
    await stories.waitFor({ timeout: 10_000 });
  });

  it('closes the stream of a page kept in the back/forward cache (a visitor has four), and opens it again with the changes made meanwhile', async () => {
    const { page, context } = await browser.page({ baseURL: server.url, viewport: VIEWPORTS.mobile, isMobile: true, hasTouch: true });
    await context.addCookies([{ name: 'vid', value: visitorIn('project'), url: server.url }]);
    await recordViews(page);
    const streamAnswer = () => page.waitForResponse((r) => r.url().endsWith(`/sub/${DEMO_GROWTHBOOK_CLIENT_KEY}`));
    // Five pages one after another, each left for the next with its stream open: the browser keeps the earlier ones
    // in its back/forward cache. Were their streams kept too, the fifth would be refused (four per client address).
    for (const path of ['/projects', '/news', '/contacts', '/promo', '/']) {
      const stream = streamAnswer();
      await page.goto(path);
      await hydrated(page);
      expect((await stream).status(), path).toBe(200);
    }
    const stories = page.getByRole('region', { name: ru.stories.title });
    expect(await stories.isVisible()).toBe(true);
    await page.evaluate(() => {
      (window as unknown as { sameDocument: boolean }).sameDocument = true;
    });
    await page.goto('/projects');
    await hydrated(page);

    try {
      await setFlag(HOME_STORIES, { defaultValue: false });
      const reopened = streamAnswer();
      // Back: the same document, shown from the cache (no load).
      await page.goBack({ waitUntil: 'commit' });
      await expect.poll(() => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument ?? false)).toBe(true);
      // The change made while the page was away is fetched on its return…
      await stories.waitFor({ state: 'detached', timeout: 10_000 });
      // …and its stream is open again for the next one.
      expect((await reopened).status()).toBe(200);
      await setFlag(HOME_HERO_CTA, { defaultValue: 'project', rules: [] });
      await cta(page, 'project').waitFor({ timeout: 10_000 });
    } finally {
      await setFlag(HOME_STORIES, { defaultValue: true, rules: payload.features[HOME_STORIES]!.rules });
      await setFlag(HOME_HERO_CTA, payload.features[HOME_HERO_CTA]);
    }
    await stories.waitFor({ timeout: 10_000 });
  });
});
