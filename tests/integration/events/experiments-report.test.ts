import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import type { ClickHouseClient } from '@clickhouse/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVisitorId } from '#core/tracking/visitor.ts';
import type { EventRecord } from '#core/experiments/events.ts';
import { migrate, type Db } from '#server/db/client.ts';
import { experimentViews, leads, webVitals } from '#server/db/schema/index.ts';
import { clickHouseClient, clickHouseEventSink } from '#server/modules/events/clickhouse.ts';
import {
  clickHouseReportSource,
  configuredSplits,
  databaseReportSource,
  experimentsReport,
  formatReport,
  type ReportSource,
} from '#server/modules/events/report.ts';
import { createEventStore } from '#server/modules/events/store.ts';
import type { TestApp } from '#tests/support/app.ts';
import { throwawayDatabase } from '#tests/support/throwaway-db.ts';
import { clickhouse, setUpClickHouse, storeApp, STORES } from './event-stores.ts';

const run = promisify(execFile);

setUpClickHouse();

describe.each(STORES)('experiment events on $store ($engine)', ({ engine, store }) => {
  let t: TestApp;
  let ch: ClickHouseClient | null = null;

  beforeAll(async () => {
    ({ t, ch } = await storeApp(engine, store));
  }, 180_000);
  afterAll(async () => {
    await ch?.close();
    await t?.dispose();
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
