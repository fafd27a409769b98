import { describe, expect, it } from 'vitest';
import { newVisitorId } from '#core/tracking/visitor.ts';
import type { EventRecord } from '#core/experiments/events.ts';
import { clickHouseClient, clickHouseEventSink } from '#server/modules/events/clickhouse.ts';
import { createEventStore } from '#server/modules/events/store.ts';
import { browserHeaders, testApp } from '#tests/support/app.ts';
import { CH_DATABASE, clickhouse, setUpClickHouse, URL_ } from './event-stores.ts';

setUpClickHouse();

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
