import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { GrowthBook, type FeatureApiResponse } from '@growthbook/growthbook';
import { describe, expect, it } from 'vitest';
import type { FeaturesPayload } from '#core/flags/features.ts';
import { newRenderReads, type RenderReads } from '../db/read-tracking.ts';
import {
  createPageCache,
  cspWithHashes,
  inlineHashes,
  pageAnswer,
  pageRequest,
  PAGE_VARY,
  variationKey,
  visitorAudience,
  visitorDependent,
} from './page-cache.ts';

const page = (text: string) => ({ status: 200, headers: [['content-type', 'text/html; charset=utf-8']] as [string, string][], body: Buffer.from(text) });
const reads = (versions: Record<string, string | null>, direct: string | null = null): RenderReads => ({
  ...newRenderReads(),
  versions: new Map(Object.entries(versions)),
  direct,
});

function setup() {
  let clock = 1_000_000;
  const versions = new Map<string, string>([
    ['content', '1'],
    ['catalogue', '7@2026-11-26@x'],
  ]);
  const cache = createPageCache({ maxBytes: 1024 * 1024, freshMs: 60_000, versionOf: (kind) => versions.get(kind) ?? null, now: () => clock });
  return { cache, versions, tick: (ms: number) => (clock += ms) };
}
const noVariation = () => 'defaults';

describe('page cache', () => {
  it('answers a kept page while every kind it read is at the version it saw, for its freshness at most', () => {
    const { cache, versions, tick } = setup();
    expect(cache.get('/en', noVariation)).toBeNull();
    cache.put('/en', page('<p>home</p>'), reads({ content: '1', catalogue: '7@2026-11-26@x' }), null);
    expect(cache.get('/en', noVariation)?.entry.body.toString()).toBe('<p>home</p>');
    versions.set('catalogue', '8@2026-11-26@x');
    expect(cache.get('/en', noVariation)).toBeNull();
    cache.put('/en', page('<p>home 2</p>'), reads({ content: '1', catalogue: '8@2026-11-26@x' }), null);
    tick(59_000);
    expect(cache.get('/en', noVariation)?.entry.body.toString()).toBe('<p>home 2</p>');
    tick(2_000);
    expect(cache.get('/en', noVariation)).toBeNull();
  });

  it('keeps a page that read only other kinds when one kind changes (exactly what changed)', () => {
    const { cache, versions } = setup();
    cache.put('/privacy', page('<p>policy</p>'), reads({ content: '1' }), null);
    cache.put('/filter', page('<p>lots</p>'), reads({ content: '1', catalogue: '7@2026-11-26@x' }), null);
    versions.set('catalogue', '8@2026-11-26@x');
    expect(cache.get('/privacy', noVariation)).not.toBeNull();
    expect(cache.get('/filter', noVariation)).toBeNull();
  });

  it('never keeps a page that queried the database itself, saw a kind at two versions or failed', () => {
    const { cache } = setup();
    expect(cache.put('/a', page('a'), reads({ content: '1' }, 'select 1'), null).key).toBeNull();
    expect(cache.put('/b', page('b'), reads({ content: null }), null).key).toBeNull();
    expect(cache.put('/c', { ...page('c'), status: 500 }, reads({ content: '1' }), null).key).toBeNull();
    expect(cache.get('/a', noVariation) ?? cache.get('/b', noVariation) ?? cache.get('/c', noVariation)).toBeNull();
    expect(cache.stats()).toMatchObject({ bypassed: 3, stored: 0 });
  });

  it("keeps a page that evaluated an experiment once per variation, marked as some visitors' only", () => {
    const { cache } = setup();
    const variation = (visitor: string) => (features: string[]) => `${features.join(',')}=${visitor === 'v1' ? 'a' : 'b'}`;
    const stored = cache.put('/', page('variation a'), reads({ content: '1' }), { features: ['hero'], variation: variation('v1') });
    expect(stored.key).toBe('/|hero=a');
    expect(stored.entry.perVisitor).toBe(true);
    expect(cache.get('/', variation('v1'))?.entry.body.toString()).toBe('variation a');
    expect(cache.get('/', variation('v2'))).toBeNull();
    cache.put('/', page('variation b'), reads({ content: '1' }), { features: ['hero'], variation: variation('v2') });
    expect(cache.get('/', variation('v2'))?.entry.body.toString()).toBe('variation b');
    expect(cache.get('/', variation('v1'))?.entry.body.toString()).toBe('variation a');
  });

  it('compresses a kept page once per encoding, as the client accepts', () => {
    const { cache } = setup();
    const html = `<html>${'<p>a lot of text</p>'.repeat(200)}</html>`;
    const { entry, key } = cache.put('/big', page(html), reads({ content: '1' }), null);
    const br = cache.encoded(entry, key, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(html);
    expect(cache.encoded(entry, key, 'gzip, deflate, br').body).toBe(br.body);
    const gzip = cache.encoded(entry, key, 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(html);
    expect(cache.encoded(entry, key, 'br;q=0, identity').encoding).toBeNull();
  });
});

describe('CSP hashes', () => {
  const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

  it("hashes the page's inline scripts and styles, not its external scripts or JSON data blocks", () => {
    const html = [
      '<script>window.a = 1;</script>',
      '<script type="module">import "/assets/entry.js";</script>',
      '<script src="/assets/x.js"></script>',
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '<style>.x{color:red}</style>',
      '<script>window.a = 1;</script>',
    ].join('');
    expect(inlineHashes(html)).toEqual({
      scriptHashes: [hash('window.a = 1;'), hash('import "/assets/entry.js";')],
      styleHashes: [hash('.x{color:red}')],
    });
  });

  it("puts them in place of the answer's nonce, in script-src and style-src only", () => {
    const policy = "default-src 'self';script-src 'self' 'nonce-abc' https://mc.yandex.ru;style-src 'self' 'nonce-def';img-src 'self' data:";
    expect(cspWithHashes(policy, { scriptHashes: ["'sha256-s'"], styleHashes: [] })).toBe(
      "default-src 'self';script-src 'self' https://mc.yandex.ru 'sha256-s';style-src 'self';img-src 'self' data:",
    );
  });
});

describe('variations', () => {
  const payload: FeaturesPayload = {
    status: 200,
    dateUpdated: '2026-11-26T00:00:00.000Z',
    features: {
      plain: { defaultValue: true },
      hero: {
        defaultValue: 'find',
        rules: [{ key: 'hero', variations: ['find', 'project'], weights: [0.5, 0.5], hashAttribute: 'id', coverage: 1 }],
      },
    } as unknown as FeaturesPayload['features'],
  };

  it('splits by the features with rules only, and gives a visitor the value the SDK gives them', () => {
    expect(visitorDependent(payload, ['plain', 'hero', 'missing'])).toEqual(['hero']);
    const values = new Set<string>();
    for (let i = 0; i < 40; i++) values.add(variationKey(payload, `visitor-${i}`, ['hero']));
    expect(values).toEqual(new Set(['hero="find"', 'hero="project"']));
    expect(variationKey(payload, 'visitor-1', ['hero'])).toBe(variationKey(payload, 'visitor-1', ['hero']));
    expect(variationKey(payload, null, ['hero'])).toBe('defaults');
    // The same as the page's own SDK instance gives that visitor (app/lib/features.tsx).
    for (let i = 0; i < 40; i++) {
      const gb = new GrowthBook({ attributes: { id: `visitor-${i}` } });
      gb.initSync({ payload: payload as unknown as FeatureApiResponse, streaming: false });
      expect(variationKey(payload, `visitor-${i}`, ['hero'])).toBe(`hero=${JSON.stringify(gb.getFeatureValue('hero', null))}`);
      gb.destroy();
    }
  });
});

describe('how a kept copy is answered (ADR 035)', () => {
  const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
  it('a page for everyone is shared; an experiment’s defaults copy is shared varying on Cookie; a visitor’s variation is private', () => {
    expect(pageAnswer({ perVisitor: false }, null)).toEqual({ shared: true, vary: PAGE_VARY });
    expect(pageAnswer({ perVisitor: false }, 'AAAAAAAAAAAAAAAAAAAAAA')).toEqual({ shared: true, vary: PAGE_VARY });
    expect(pageAnswer({ perVisitor: true }, null)).toEqual({ shared: true, vary: `${PAGE_VARY}, Cookie` });
    expect(pageAnswer({ perVisitor: true }, 'AAAAAAAAAAAAAAAAAAAAAA')).toEqual({ shared: false, vary: PAGE_VARY });
  });

  it('the id is a measured visitor’s: none for a crawler or without the consent opt-in asks for', () => {
    const vid = 'vid=AAAAAAAAAAAAAAAAAAAAAA';
    expect(visitorAudience({ 'user-agent': UA }, 'notice')).toEqual({ audience: 'visitor', knownVisitor: null });
    expect(visitorAudience({ 'user-agent': UA, cookie: vid }, 'notice')).toEqual({ audience: 'visitor', knownVisitor: 'AAAAAAAAAAAAAAAAAAAAAA' });
    expect(visitorAudience({ 'user-agent': 'Googlebot/2.1', cookie: vid }, 'notice')).toEqual({ audience: 'crawler', knownVisitor: null });
    expect(visitorAudience({ 'user-agent': UA, cookie: vid }, 'opt-in')).toEqual({ audience: 'anonymous', knownVisitor: null });
  });
  it('a page in a currency the visitor chose is kept apart and is theirs; without the cookie it is the shared copy (ADR 037)', () => {
    const plain = pageRequest('/filter', { 'user-agent': UA }, 'notice');
    const dollars = pageRequest('/filter', { 'user-agent': UA, cookie: 'currency=usd' }, 'notice');
    const unknown = pageRequest('/filter', { 'user-agent': UA, cookie: 'currency=gbp' }, 'notice');
    expect(dollars.key).toBe(`${plain.key}|usd`);
    expect(unknown.key).toBe(plain.key);
    expect([plain.currency, dollars.currency, unknown.currency]).toEqual([null, 'usd', null]);
    expect(pageAnswer({ perVisitor: false }, null, 'usd')).toEqual({ shared: false, vary: PAGE_VARY });
    expect(pageAnswer({ perVisitor: true }, null, 'eur')).toEqual({ shared: false, vary: PAGE_VARY });
  });
});
