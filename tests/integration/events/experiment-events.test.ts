import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import type { ClickHouseClient } from '@clickhouse/client';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVisitorId } from '#core/tracking/visitor.ts';
import type { EventRecord } from '#core/experiments/events.ts';
import { migrate, type Db } from '#server/db/client.ts';
import { experimentViews, leads, webVitals } from '#server/db/schema/index.ts';
import { clickHouseClient, clickHouseEventSink, migrateClickHouse } from '#server/modules/events/clickhouse.ts';
import {
  clickHouseReportSource,
  configuredSplits,
  databaseReportSource,
  experimentsReport,
  formatReport,
  type ReportSource,
} from '#server/modules/events/report.ts';
import { createEventStore } from '#server/modules/events/store.ts';
import { browserHeaders, testApp, type TestApp } from '#tests/support/app.ts';
import { startClickHouse, type LocalClickHouse } from '#tests/support/clickhouse.ts';
import { ENGINES, type Engine } from '#tests/support/db.ts';
import { throwawayDatabase } from '#tests/support/throwaway-db.ts';

const run = promisify(execFile);
const URL_ = '/api/clickhouse/store_data/';
const CH_DATABASE = 'site_events';

/**
 * The experiment event store (spec §7, §8; ADR 016) against a real ClickHouse — Debian's 18.16 server started
 * by the test on private ports (tests/support/clickhouse.ts; installed when missing, and a failure to install
 * or start fails this file) — and against the database's tables (PGlite, and PostgreSQL with
 * TEST_DATABASE_URL): the endpoint, batching, failures swallowed and counted, and the experiments report on
 * the same seeded rows, which must read the same from both stores.
 */
let clickhouse: LocalClickHouse;
beforeAll(async () => {
  clickhouse = await startClickHouse();
  const admin = clickHouseClient({ url: clickhouse.url, database: 'default' });
  await migrateClickHouse(admin, CH_DATABASE);
  // Twice: the migration is safe to run again.
  await migrateClickHouse(admin, CH_DATABASE);
  await admin.close();
}, 300_000);
afterAll(async () => clickhouse?.stop());

type Store = { engine: Engine; store: 'clickhouse' | 'database' };
const STORES: Store[] = [...ENGINES.map((engine): Store => ({ engine, store: 'database' })), { engine: 'pglite', store: 'clickhouse' }];

type Row = Record<string, string | number>;

describe.each(STORES)('experiment events on $store ($engine)', ({ engine, store }) => {
  let t: TestApp;
  let ch: ClickHouseClient | null = null;
  const chEnv = () => ({ CLICKHOUSE_URL: clickhouse.url, CLICKHOUSE_DATABASE: CH_DATABASE });

  beforeAll(async () => {
    // Batches flushed by the test (a long timer), so what is stored is read at a known moment.
    t = await testApp(engine, { EVENTS_FLUSH_MS: '600000', ...(store === 'clickhouse' ? chEnv() : {}) });
    if (store === 'clickhouse') {
      ch = clickHouseClient({ url: clickhouse.url, database: CH_DATABASE });
      await ch.command({ query: 'TRUNCATE TABLE experiment_views' });
      await ch.command({ query: 'TRUNCATE TABLE web_vitals' });
    }
  }, 180_000);
  afterAll(async () => {
    await ch?.close();
    await t?.dispose();
  });

  /** What the store holds, in one shape for both: seconds since the epoch for the times. */
  async function stored(table: 'experiment_views' | 'web_vitals'): Promise<Row[]> {
    await t.services.events.flush();
    if (ch) {
      const cols =
        table === 'experiment_views'
          ? 'user_id, experiment_id, variation_id, ga_id, value, host, url'
          : 'user_id, ga_id, toString(metric) AS metric, value, host, url';
      const res = await ch.query({ query: `SELECT ${cols}, toUnixTimestamp(timestamp) AS ts FROM ${table} ORDER BY received_at, ts`, format: 'JSONEachRow' });
      return (await res.json<Row>()).map((r) => ({ ...r, ts: Number(r.ts) }));
    }
    const db = t.services.database.db;
    if (table === 'experiment_views') {
      const rows = await db.select().from(experimentViews).orderBy(asc(experimentViews.id));
      return rows.map((r) => ({
        user_id: r.userId,
        experiment_id: r.experimentId,
        variation_id: r.variationId,
        ga_id: r.gaId,
        value: r.value,
        host: r.host,
        url: r.url,
        ts: Math.floor(r.timestamp.getTime() / 1000),
      }));
    }
    const rows = await db.select().from(webVitals).orderBy(asc(webVitals.id));
    return rows.map((r) => ({
      user_id: r.userId,
      ga_id: r.gaId,
      metric: r.metric,
      value: r.value,
      host: r.host,
      url: r.url,
      ts: Math.floor(r.timestamp.getTime() / 1000),
    }));
  }

  let remote = 0;
  const post = (payload: unknown, headers: Record<string, string> = browserHeaders(t.config, URL_)) =>
    t.app.inject({ method: 'POST', url: URL_, headers, payload: payload as string, remoteAddress: `10.7.${remote >> 8}.${remote++ & 255}` });
  /** A beacon: `text/plain`, the page's Origin, no CSRF or anti-bot header (a beacon cannot set one). */
  const beacon = (payload: unknown, origin = 'http://localhost:3000') => post(JSON.stringify(payload), { origin, 'content-type': 'text/plain;charset=UTF-8' });

  const vid = newVisitorId();
  const exposure = (over: Record<string, unknown> = {}) => ({
    user_id: vid,
    experiment_id: 'home-hero-cta',
    variation_id: '1',
    ga_id: '1833409912.1764000000',
    value: '',
    host: 'localhost:3000',
    url: 'http://localhost:3000/en/?utm_source=mail',
    timestamp: '2026-11-25T10:15:30.250Z',
    table_name: 'experiment_views',
    ...over,
  });
  const vital = (over: Record<string, unknown> = {}) => ({
    user_id: vid,
    ga_id: '',
    value: 1234.5,
    host: 'localhost:3000',
    url: '/en/projects',
    timestamp: 1_764_065_731,
    table_name: 'web_vitals',
    metric: 'LCP',
    ...over,
  });

  it('stores the GrowthBook callback’s exposure as sent: 204 at once, written with the next batch', async () => {
    const res = await post(exposure());
    expect(res.statusCode, res.body).toBe(204);
    expect(res.body).toBe('');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(t.services.events.buffered()).toBe(1);
    expect(await stored('experiment_views')).toEqual([
      {
        user_id: vid,
        experiment_id: 'home-hero-cta',
        variation_id: '1',
        ga_id: '1833409912.1764000000',
        value: '',
        host: 'localhost:3000',
        url: '/en/?utm_source=mail',
        ts: Date.UTC(2026, 10, 25, 10, 15, 30) / 1000,
      },
    ]);
    expect(t.services.events.buffered()).toBe(0);
  });

  it('stores a web vital sent as a beacon (text/plain, Origin only), and refuses one from another site', async () => {
    const res = await beacon(vital());
    expect(res.statusCode, res.body).toBe(204);
    const foreign = await beacon(vital(), 'https://evil.example');
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().detail).toMatch(/Origin checking failed/);
    // JSON is checked like every unsafe call: the CSRF token and the anti-bot headers.
    const json = await post(vital(), { origin: 'http://localhost:3000', 'content-type': 'application/json' });
    expect(json.statusCode).toBe(403);
    expect(json.json().detail).toMatch(/^CSRF Failed/);
    expect(await stored('web_vitals')).toEqual([
      { user_id: vid, ga_id: '', metric: 'LCP', value: 1234.5, host: 'localhost:3000', url: '/en/projects', ts: 1_764_065_731 },
    ]);
  });

  it.each([
    ['user_id', { user_id: 'u1' }],
    ['user_id', { user_id: undefined }],
    ['table_name', { table_name: 'experiments' }],
    ['experiment_id', { experiment_id: '' }],
    ['variation_id', { variation_id: undefined }],
    ['experiment_id', { experiment_id: 'a b' }],
    ['timestamp', { timestamp: '25.11.2026' }],
    ['timestamp', { timestamp: 1e300 }],
    ['timestamp', { timestamp: '2150-01-01T00:00:00Z' }],
    ['ga_id', { ga_id: 'anna@example.com' }],
    ['ga_id', { ga_id: '+79161234567' }],
    ['host', { host: 'bad host' }],
    ['url', { url: 'javascript:alert(1)' }],
    ['url', { url: '/a\u0000' }],
    ['metric', { metric: 'LCP' }],
    ['colour', { colour: 'red' }],
  ])('answers 400 naming %s for a bad exposure', async (field, over) => {
    const res = await post(exposure(over));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toHaveProperty(field);
  });

  it.each([
    ['metric', { metric: undefined }],
    ['metric', { metric: 'FID' }],
    ['value', { value: 'fast' }],
    ['value', { value: -1 }],
  ])('answers 400 naming %s for a bad vital', async (field, over) => {
    const res = await beacon(vital(over));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toHaveProperty(field);
  });

  it('names every field of an empty body, refuses a body over 8 KiB, and stores none of it', async () => {
    const empty = await post({});
    expect(Object.keys(empty.json().errors)).toEqual(expect.arrayContaining(['user_id', 'host', 'url', 'timestamp', 'table_name']));
    const big = await beacon(exposure({ value: 'x'.repeat(9000) }));
    expect(big.statusCode).toBe(413);
    expect(t.services.events.buffered()).toBe(0);
  });

  it('drops the query parameters holding an e-mail address, and keeps nothing of the client (IP, user agent)', async () => {
    const res = await post(exposure({ url: '/en/?email=anna%40example.com&utm_source=mail#top' }), {
      ...browserHeaders(t.config, URL_),
      'user-agent': 'Mozilla/5.0 Test',
      'x-forwarded-for': '203.0.113.9',
    });
    expect(res.statusCode).toBe(204);
    const last = (await stored('experiment_views')).at(-1)!;
    expect(last.url).toBe('/en/?utm_source=mail');
    expect(Object.keys(last).sort()).toEqual(['experiment_id', 'ga_id', 'host', 'ts', 'url', 'user_id', 'value', 'variation_id']);
    expect(JSON.stringify(await stored('experiment_views'))).not.toMatch(/203\.0\.113|Mozilla|anna/);
  });

  it('keeps nothing personal of a beacon: the value must be a token, the host and address this site’s, the address its path and UTM tags', async () => {
    // The review's beacon, as sent: a name, phone and e-mail in `value`, another site's address with a form's fields in its query.
    const person = ['Иван Петров', '+7 916 123-45-67', ['ivan', 'mail.ru'].join('@')].join(' ');
    const query = '?name=Ivan%20Petrov&phone=%2B79161234567&comment=call+me';
    const refused = await beacon(exposure({ value: person, host: 'evil.example', url: `https://evil.example/${query}` }));
    expect(refused.statusCode, refused.body).toBe(400);
    expect(Object.keys(refused.json().errors).sort()).toEqual(['value']);
    for (const [field, over] of [
      ['host', { host: 'evil.example' }],
      ['url', { url: `https://evil.example/${query}` }],
      ['url', { url: '//evil.example/' }],
      ['value', { value: 'call me' }],
      ['value', { value: 'x'.repeat(65) }],
    ] as const) {
      const res = await beacon(exposure(over));
      expect(res.statusCode, `${field} ${res.body}`).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual([field]);
    }
    const kept = await beacon(exposure({ value: 'cta.v2', url: `http://localhost:3000/en/${query}&utm_source=mail&utm_term=%2B79161234567#form` }));
    expect(kept.statusCode, kept.body).toBe(204);
    const vitalKept = await beacon(vital({ url: `/en/projects${query}&utm_campaign=spring` }));
    expect(vitalKept.statusCode, vitalKept.body).toBe(204);
    const rows = (await stored('experiment_views')).filter((r) => r.value === 'cta.v2');
    expect(rows).toEqual([expect.objectContaining({ host: 'localhost:3000', url: '/en/?utm_source=mail' })]);
    expect((await stored('web_vitals')).map((r) => r.url)).toContain('/en/projects?utm_campaign=spring');
    const all = JSON.stringify([await stored('experiment_views'), await stored('web_vitals')]);
    expect(all).not.toMatch(/Ivan|Иван|9161234567|call|evil\.example|mail\.ru/);
  });

  it('stores an exposure once while it waits: the same visitor, experiment and variation again is counted, not queued', async () => {
    const user = newVisitorId();
    const mine = async () => (await stored('experiment_views')).filter((r) => r.user_id === user).sort((a, b) => Number(a.ts) - Number(b.ts));
    for (const timestamp of ['2026-11-25T10:00:05Z', '2026-11-25T10:00:00Z', '2026-11-25T10:00:09Z']) {
      expect((await beacon(exposure({ user_id: user, timestamp }))).statusCode).toBe(204);
    }
    expect((await beacon(exposure({ user_id: user, variation_id: '0' }))).statusCode).toBe(204);
    expect(t.services.events.buffered()).toBe(2);
    // The earliest time of the three is kept.
    expect((await mine()).map((r) => [r.user_id, r.variation_id, r.ts])).toEqual([
      [user, '1', Date.UTC(2026, 10, 25, 10, 0, 0) / 1000],
      [user, '0', Date.UTC(2026, 10, 25, 10, 15, 30) / 1000],
    ]);
    expect(t.services.events.renderMetrics()).toContain(`experiment_events_deduplicated_total{store="${store}"} 2`);
    // Once written, a later exposure is stored again (the report counts a visitor once all the same).
    expect((await beacon(exposure({ user_id: user }))).statusCode).toBe(204);
    expect(await mine()).toHaveLength(3);
  });

  it('limits each client to 120 a minute', async () => {
    const headers = browserHeaders(t.config, URL_);
    const send = () => t.app.inject({ method: 'POST', url: URL_, headers, payload: exposure(), remoteAddress: '10.99.0.1' });
    const codes: number[] = [];
    for (let i = 0; i < 121; i++) codes.push((await send()).statusCode);
    expect(codes.filter((c) => c === 204)).toHaveLength(120);
    expect(codes.at(-1)).toBe(429);
    await t.services.events.flush();
  });

  it('counts what it received and stored in /metrics', async () => {
    const res = await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`experiment_events_stored_total{store="${store}",table="web_vitals"} 2`);
    expect(res.body).toMatch(new RegExp(`experiment_events_received_total\\{store="${store}",table="experiment_views"\\} 12[0-9]`));
    expect(res.body).toContain(`experiment_events_dropped_total{reason="buffer_full",store="${store}",table="experiment_views"} 0`);
  });

  describe('the experiments report on seeded rows', () => {
    let report: Awaited<ReturnType<typeof experimentsReport>>;
    const seeded = seedRows();

    beforeAll(async () => {
      if (ch) {
        await ch.command({ query: 'TRUNCATE TABLE experiment_views' });
        await ch.command({ query: 'TRUNCATE TABLE web_vitals' });
      } else {
        await t.services.database.db.delete(experimentViews);
        await t.services.database.db.delete(webVitals);
      }
      for (const row of seeded.events) t.services.events.record(row);
      await t.services.events.flush();
      await insertLeads(t.services.database.db, seeded.leads);
      const source: ReportSource = ch ? clickHouseReportSource(ch) : databaseReportSource(t.services.database.db);
      report = await experimentsReport(source, t.services.database.db, { now: new Date('2026-11-26T00:00:00Z') });
    });

    it("takes each experiment's split and control from the flags table (the demo's hero experiment: find, project; 50/50)", async () => {
      const splits = await configuredSplits(t.services.database.db);
      expect(splits.weights['home-hero-cta']).toEqual({ find: 0.5, project: 0.5 });
      expect(splits.control['home-hero-cta']).toBe('find');
      expect(splits.weights['home-stories']).toBeUndefined();
    });

    it('counts visitors in the variation of their first exposure, and leads after it', () => {
      expect(report.store).toBe(store);
      expect(report.experiments.map((e) => e.experiment)).toEqual(['hero', 'stories']);
      const hero = report.experiments[0]!;
      expect(hero.control).toBe('0');
      expect(hero.variations.map((v) => [v.variation, v.visitors, v.leads, v.converted])).toEqual([
        ['0', 40, 5, 4],
        ['1', 40, 2, 2],
      ]);
      expect(hero.variations[0]!.conversion).toBeCloseTo(0.1, 12);
      // Wilson 95 % for 4/40 and 2/40.
      expect(hero.variations[0]!.ci95[0]).toBeCloseTo(0.03958, 4);
      expect(hero.variations[0]!.ci95[1]).toBeCloseTo(0.23052, 4);
      expect(hero.variations[1]!.ci95[0]).toBeCloseTo(0.01382, 4);
      expect(hero.variations[1]!.ci95[1]).toBeCloseTo(0.16501, 4);
      expect(hero.srm).toMatchObject({ chiSquare: 0, df: 1, pValue: 1, mismatch: false });
    });

    it('flags a sample ratio mismatch (p < 0.001) against the assumed equal split, and passes it with the configured weights', async () => {
      const stories = report.experiments[1]!;
      expect(stories.variations.map((v) => v.visitors)).toEqual([60, 20]);
      expect(stories.srm.chiSquare).toBeCloseTo(20, 10);
      expect(stories.srm.mismatch).toBe(true);
      const source: ReportSource = ch ? clickHouseReportSource(ch) : databaseReportSource(t.services.database.db);
      const weighted = await experimentsReport(source, t.services.database.db, { experiment: 'stories', weights: { stories: { '0': 75, '1': 25 } } });
      expect(weighted.experiments.map((e) => e.experiment)).toEqual(['stories']);
      expect(weighted.experiments[0]!.weightsSource).toBe('configured');
      expect(weighted.experiments[0]!.srm).toMatchObject({ chiSquare: 0, mismatch: false });
    });

    it('takes the p75 of each vital of exposed visitors after their exposure, and flags the slower variation', () => {
      const hero = report.experiments[0]!;
      const [control, b] = hero.variations;
      expect(control!.vitals.LCP).toEqual({ p75: seeded.p75.hero0LCP, samples: 40, slower: false });
      expect(b!.vitals.LCP).toEqual({ p75: seeded.p75.hero1LCP, samples: 40, slower: true });
      expect(b!.vitals.CLS.slower).toBe(false);
      expect(b!.vitals.INP).toEqual({ p75: null, samples: 0, slower: false });
      expect(hero.slower).toEqual([{ variation: '1', metrics: ['LCP'] }]);
      const text = formatReport(report);
      expect(text).toContain('Slower than control: variation 1 (LCP)');
      expect(text).toContain('MISMATCH');
    });
  });
});

/**
 * Two experiments over 80 visitors each. `hero`: 40 + 40, an LCP per visitor after the exposure (control
 * 1000 + 10·i ms, variation 1 1500 + 10·i ms) and one before it (ignored), a CLS each; leads: 4 control
 * visitors (one with two leads) and 2 of variation 1 after exposure, one control lead before it (ignored),
 * one lead of an unexposed visitor. `stories`: 60 + 20 (a mismatch against 50/50, χ² = 20).
 */
function seedRows() {
  const t0 = Date.UTC(2026, 10, 20, 12, 0, 0);
  const events: EventRecord[] = [];
  const leadsOut: { visitorId: string; createdAt: Date }[] = [];
  const common = { gaId: '', host: 'localhost:3000', url: '/' };
  const lcp: Record<'0' | '1', number[]> = { '0': [], '1': [] };
  for (let i = 0; i < 80; i++) {
    const userId = newVisitorId();
    const variation = i % 2 === 0 ? '0' : '1';
    const at = new Date(t0 + i * 60_000);
    events.push({ table: 'experiment_views', ...common, userId, experimentId: 'hero', variationId: variation, value: '', timestamp: at });
    // A repeat exposure later (another page) does not count twice.
    events.push({
      table: 'experiment_views',
      ...common,
      userId,
      experimentId: 'hero',
      variationId: variation,
      value: '',
      timestamp: new Date(at.getTime() + 5000),
    });
    const value = (variation === '0' ? 1000 : 1500) + 10 * Math.floor(i / 2);
    lcp[variation].push(value);
    events.push({ table: 'web_vitals', ...common, userId, metric: 'LCP', value, timestamp: new Date(at.getTime() + 2000) });
    events.push({ table: 'web_vitals', ...common, userId, metric: 'LCP', value: 99_999, timestamp: new Date(at.getTime() - 60_000) });
    events.push({ table: 'web_vitals', ...common, userId, metric: 'CLS', value: 0.05, timestamp: new Date(at.getTime() + 2000) });
    events.push({ table: 'experiment_views', ...common, userId, experimentId: 'stories', variationId: i < 60 ? '0' : '1', value: '', timestamp: at });
    const after = new Date(at.getTime() + 3_600_000);
    if (variation === '0' && i < 8) leadsOut.push({ visitorId: userId, createdAt: after });
    if (i === 0) leadsOut.push({ visitorId: userId, createdAt: new Date(after.getTime() + 60_000) });
    if (variation === '1' && i < 4) leadsOut.push({ visitorId: userId, createdAt: after });
    if (i === 10) leadsOut.push({ visitorId: userId, createdAt: new Date(at.getTime() - 3_600_000) });
  }
  leadsOut.push({ visitorId: newVisitorId(), createdAt: new Date(t0) });
  const p75 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(0.75 * xs.length) - 1]!;
  return { events, leads: leadsOut, p75: { hero0LCP: p75(lcp['0']), hero1LCP: p75(lcp['1']) } };
}

async function insertLeads(db: Db, rows: { visitorId: string; createdAt: Date }[]) {
  await db.delete(leads);
  await db.insert(leads).values(
    rows.map((r) => ({
      id: randomUUID(),
      idempotencyKey: randomUUID(),
      requestHash: 'x',
      kind: 'request',
      locale: 'en',
      name: 'Test',
      consentAt: r.createdAt,
      details: {},
      context: { visitor_id: r.visitorId, page_url: '/' },
      createdAt: r.createdAt,
    })),
  );
}

describe('when the store fails', () => {
  it('answers 204 all the same, keeps the rows for a retry, then drops and counts them', async () => {
    // A ClickHouse that is not there: a port nothing listens on.
    const t = await testApp('pglite', { CLICKHOUSE_URL: 'http://127.0.0.1:9', EVENTS_FLUSH_MS: '600000', EVENTS_BUFFER_MAX: '3' });
    try {
      const body = () => ({
        user_id: newVisitorId(),
        experiment_id: 'e',
        variation_id: 0,
        host: 'localhost:3000',
        url: '/',
        timestamp: Date.now(),
        table_name: 'experiment_views',
      });
      for (let i = 0; i < 4; i++) {
        const res = await t.app.inject({ method: 'POST', url: URL_, headers: browserHeaders(t.config, URL_), payload: body() });
        expect(res.statusCode).toBe(204);
      }
      await t.services.events.flush();
      expect(t.services.events.buffered()).toBe(3);
      for (let i = 0; i < 4; i++) await t.services.events.flush();
      expect(t.services.events.buffered()).toBe(0);
      const metrics = (await t.app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).body;
      expect(metrics).toContain('experiment_events_received_total{store="clickhouse",table="experiment_views"} 4');
      expect(metrics).toContain('experiment_events_dropped_total{reason="buffer_full",store="clickhouse",table="experiment_views"} 1');
      expect(metrics).toContain('experiment_events_dropped_total{reason="store_error",store="clickhouse",table="experiment_views"} 3');
      expect(metrics).toContain('experiment_events_store_failures_total{store="clickhouse"} 5');
      expect(metrics).toContain('experiment_events_stored_total{store="clickhouse",table="experiment_views"} 0');
    } finally {
      await t.dispose();
    }
  }, 120_000);
});

describe('batches into ClickHouse', () => {
  it('writes when a batch is full, at shutdown, and again once ClickHouse is back', async () => {
    const client = clickHouseClient({ url: clickhouse.url, database: CH_DATABASE });
    await client.command({ query: 'TRUNCATE TABLE web_vitals' });
    const warnings: string[] = [];
    const events = createEventStore(clickHouseEventSink(client), { warn: (_o, msg) => warnings.push(msg) }, { batchRows: 5, flushMs: 600_000 });
    const count = async () =>
      Number((await (await client.query({ query: 'SELECT count() AS n FROM web_vitals', format: 'JSONEachRow' })).json<{ n: string }>())[0]!.n);
    const row = (i: number): EventRecord => ({
      table: 'web_vitals',
      userId: newVisitorId(),
      gaId: '',
      host: 'h',
      url: '/',
      metric: 'INP',
      value: i,
      timestamp: new Date(),
    });
    for (let i = 0; i < 5; i++) events.record(row(i));
    // The fifth row starts a flush by itself (no timer, no call).
    await expect.poll(count, { timeout: 10_000 }).toBe(5);
    events.record(row(5));
    events.record(row(6));
    expect(events.buffered()).toBe(2);
    await events.close();
    expect(await count()).toBe(6 + 1);
    expect(warnings).toEqual([]);
    // After close nothing more is taken (and it says so in the counts).
    events.record(row(7));
    expect(events.renderMetrics()).toContain('experiment_events_dropped_total{reason="shutdown",store="clickhouse",table="web_vitals"} 1');
  });
});

describe('the commands', () => {
  it('npm run clickhouse:migrate creates the tables; npm run experiments:report --json reads ClickHouse and the leads', async () => {
    const made = await throwawayDatabase('pglite', { label: 'report-cli' });
    const dataDir = made.dataDir;
    try {
      const database = await made.open();
      await migrate(database);
      await database.close();
      const env = {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        CLICKHOUSE_URL: clickhouse.url,
        CLICKHOUSE_DATABASE: 'cli_events',
        LOG_LEVEL: 'silent',
      };
      const migrated = await run(process.execPath, ['scripts/clickhouse-migrate.ts'], { env });
      expect(migrated.stdout).toContain('ClickHouse tables ready in cli_events: experiment_views, web_vitals.');
      const client = clickHouseClient({ url: clickhouse.url, database: 'cli_events' });
      const store = createEventStore(clickHouseEventSink(client), { warn: () => {} });
      const at = new Date('2026-11-25T10:00:00Z');
      for (let i = 0; i < 10; i++)
        store.record({
          table: 'experiment_views',
          userId: newVisitorId(),
          gaId: '',
          host: 'h',
          url: '/',
          experimentId: 'cta',
          variationId: String(i % 2),
          value: '',
          timestamp: at,
        });
      await store.close();
      const { stdout } = await run(process.execPath, ['scripts/experiments-report.ts', '--json', '--weights', 'cta=1,1'], { env });
      const report = JSON.parse(stdout);
      expect(report.store).toBe('clickhouse');
      expect(report.experiments).toHaveLength(1);
      expect(report.experiments[0]).toMatchObject({ experiment: 'cta', weightsSource: 'configured', srm: { mismatch: false } });
      expect(report.experiments[0].variations.map((v: { visitors: number; leads: number }) => [v.visitors, v.leads])).toEqual([
        [5, 0],
        [5, 0],
      ]);
      const text = await run(process.execPath, ['scripts/experiments-report.ts'], { env });
      expect(text.stdout).toContain('Experiment cta — control 0, weights equal (assumed)');
    } finally {
      await made.dispose();
    }
    // Three commands, each a Node process that opens the embedded database: 75 s alone beside the suite, and over
    // 120 s within it (CI, and a run here) while the browser shards and the other integration files share the cores.
  }, 300_000);
});
