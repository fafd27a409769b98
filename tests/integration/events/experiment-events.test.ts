import type { ClickHouseClient } from '@clickhouse/client';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newVisitorId } from '#core/tracking/visitor.ts';
import { experimentViews, webVitals } from '#server/db/schema/index.ts';
import { browserHeaders, type TestApp } from '#tests/support/app.ts';
import { setUpClickHouse, storeApp, STORES, URL_, type Row } from './event-stores.ts';

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
});
