import { describe, expect, it } from 'vitest';
import { memoryOnceStore } from '../redis.ts';
import type { DataKind } from '../db/versions.ts';
import { cdnTagHeader, createCdnPurger, type CdnConfig } from './cdn-purge.ts';

const TOKEN = 'purge-token-0123456789abcdef';

const config = (over: Partial<CdnConfig> = {}): CdnConfig => ({
  CDN_PURGE: 'cloudflare',
  CDN_PURGE_URL: 'https://api.cloudflare.com/client/v4/zones/zone1/purge_cache',
  CDN_PURGE_TOKEN: TOKEN,
  CDN_TAG_PREFIX: '',
  CDN_PURGE_DELAY_MS: 0,
  ...over,
});

/** The data versions of one database, as every instance hears them. */
function fakeVersions() {
  const versions = new Map<string, number>();
  const listeners = new Set<(kinds: DataKind[]) => void>();
  return {
    get: (kind: DataKind) => versions.get(kind) ?? 0,
    onChange(listener: (kinds: DataKind[]) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** A commit moved these kinds; every listener (instance) hears it. */
    bump(...kinds: DataKind[]) {
      for (const kind of kinds) versions.set(kind, (versions.get(kind) ?? 0) + 1);
      for (const listener of listeners) listener(kinds);
    },
  };
}

type Sent = { url: string; headers: Record<string, string>; body: unknown };

/** A CDN API answering each request with the next status (200 once they run out). */
function fakeCdn(statuses: number[] = []) {
  const sent: Sent[] = [];
  const fetch = (async (url: string, init: RequestInit) => {
    sent.push({ url, headers: init.headers as Record<string, string>, body: JSON.parse(String(init.body)) });
    const status = statuses.shift() ?? 200;
    return new Response(JSON.stringify({ success: status === 200, errors: status === 200 ? [] : [{ message: 'no' }] }), { status });
  }) as unknown as typeof globalThis.fetch;
  return { sent, fetch };
}

function recordingLog() {
  const lines: { level: string; obj: object; msg: string }[] = [];
  const at = (level: string) => (obj: object, msg: string) => void lines.push({ level, obj, msg });
  return { lines, log: { info: at('info'), warn: at('warn'), error: at('error') } };
}

describe('the tag header of a kept page', () => {
  const deps: [string, string][] = [
    ['catalogue', '7'],
    ['content', '3'],
  ];
  it('is left out without a CDN purge', () => {
    expect(cdnTagHeader(config({ CDN_PURGE: 'off' }), deps)).toBeNull();
  });
  it('names every page and each kind the page was made from, as the CDN reads it', () => {
    expect(cdnTagHeader(config(), deps)).toEqual(['cache-tag', 'pages,data-catalogue,data-content']);
    expect(cdnTagHeader(config({ CDN_PURGE: 'fastly', CDN_TAG_PREFIX: 'sl:' }), deps)).toEqual(['surrogate-key', 'sl:pages sl:data-catalogue sl:data-content']);
  });
});

describe('the CDN purger', () => {
  it('is not made without a CDN', () => {
    const { log } = recordingLog();
    expect(createCdnPurger({ config: config({ CDN_PURGE: 'off' }), versions: fakeVersions(), once: memoryOnceStore(), log })).toBeNull();
  });

  it('purges the tags of the kinds that moved, in one request, with the token', async () => {
    const versions = fakeVersions();
    const cdn = fakeCdn();
    const { log } = recordingLog();
    const purger = createCdnPurger({ config: config(), versions, once: memoryOnceStore(), log, fetch: cdn.fetch })!;
    versions.bump('offers', 'catalogue');
    await purger.idle();
    expect(cdn.sent).toEqual([
      {
        url: 'https://api.cloudflare.com/client/v4/zones/zone1/purge_cache',
        headers: expect.objectContaining({ authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' }),
        body: { tags: ['data-catalogue', 'data-offers'] },
      },
    ]);
    expect(purger.renderMetrics()).toContain('cdn_purges_total{result="ok"} 1');
    purger.close();
  });

  it('purges once for two instances that share their claims (Redis), whichever hears first', async () => {
    const versions = fakeVersions();
    const cdn = fakeCdn();
    const once = memoryOnceStore();
    const { log } = recordingLog();
    const a = createCdnPurger({ config: config(), versions, once, log, fetch: cdn.fetch })!;
    const b = createCdnPurger({ config: config(), versions, once, log, fetch: cdn.fetch })!;
    versions.bump('content');
    await Promise.all([a.idle(), b.idle()]);
    versions.bump('content');
    await Promise.all([a.idle(), b.idle()]);
    expect(cdn.sent.map((request) => request.body)).toEqual([{ tags: ['data-content'] }, { tags: ['data-content'] }]);
    a.close();
    b.close();
  });

  it('soft-purges Fastly surrogate keys, 256 a request at most', async () => {
    const cdn = fakeCdn();
    const { log } = recordingLog();
    const purger = createCdnPurger({
      config: config({ CDN_PURGE: 'fastly', CDN_PURGE_URL: 'https://api.fastly.com/service/svc1/purge', CDN_TAG_PREFIX: 'sl-' }),
      versions: fakeVersions(),
      once: memoryOnceStore(),
      log,
      fetch: cdn.fetch,
    })!;
    purger.purge(Array.from({ length: 300 }, (_, i) => `kind${String(i).padStart(3, '0')}`));
    await purger.idle();
    expect(cdn.sent).toHaveLength(2);
    expect(cdn.sent[0]!.headers).toEqual(expect.objectContaining({ 'fastly-key': TOKEN, 'fastly-soft-purge': '1' }));
    expect((cdn.sent[0]!.body as { surrogate_keys: string[] }).surrogate_keys).toHaveLength(256);
    expect((cdn.sent[1]!.body as { surrogate_keys: string[] }).surrogate_keys).toHaveLength(44);
    expect((cdn.sent[0]!.body as { surrogate_keys: string[] }).surrogate_keys[0]).toBe('sl-data-kind000');
    purger.close();
  });

  it('tries a purge the CDN could not take again, and gives up on one it refuses, never logging the token', async () => {
    const versions = fakeVersions();
    const cdn = fakeCdn([503, 429, 200, 403]);
    const { log, lines } = recordingLog();
    const purger = createCdnPurger({ config: config(), versions, once: memoryOnceStore(), log, fetch: cdn.fetch, retryDelaysMs: [1, 1, 1] })!;
    versions.bump('catalogue');
    await purger.idle();
    expect(cdn.sent).toHaveLength(3);
    versions.bump('bookings');
    await purger.idle();
    expect(cdn.sent).toHaveLength(4);
    const metrics = purger.renderMetrics();
    expect(metrics).toContain('cdn_purges_total{result="ok"} 1');
    expect(metrics).toContain('cdn_purges_total{result="retry"} 2');
    expect(metrics).toContain('cdn_purges_total{result="failed"} 1');
    expect(lines.filter((line) => line.level === 'error').map((line) => line.msg)).toEqual([
      'CDN purge refused (check CDN_PURGE_URL and CDN_PURGE_TOKEN); pages follow by expiry',
    ]);
    expect(JSON.stringify(lines)).not.toContain(TOKEN);
    purger.close();
  });

  it('gives up after its last retry when the CDN stays away', async () => {
    const versions = fakeVersions();
    const { log, lines } = recordingLog();
    const fetch = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof globalThis.fetch;
    const purger = createCdnPurger({ config: config(), versions, once: memoryOnceStore(), log, fetch, retryDelaysMs: [1, 1] })!;
    versions.bump('content');
    await purger.idle();
    expect(purger.renderMetrics()).toContain('cdn_purges_total{result="failed"} 1');
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(3);
    expect(lines.at(-1)).toEqual(expect.objectContaining({ level: 'error', obj: { tags: ['data-content'], attempts: 3 } }));
    purger.close();
  });

  it('purges every page once per build', async () => {
    const cdn = fakeCdn();
    const once = memoryOnceStore();
    const { log } = recordingLog();
    const purger = createCdnPurger({ config: config(), versions: fakeVersions(), once, log, fetch: cdn.fetch })!;
    await purger.purgePagesOf('build-1');
    await purger.purgePagesOf('build-1');
    await purger.idle();
    await purger.purgePagesOf('build-2');
    await purger.idle();
    expect(cdn.sent.map((request) => request.body)).toEqual([{ tags: ['pages'] }, { tags: ['pages'] }]);
    purger.close();
  });
});
