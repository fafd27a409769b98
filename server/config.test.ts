import { describe, expect, it } from 'vitest';
import { ConfigError, assertServable, isLoopbackAddress, loadConfig, serveProblems, trustProxyOption, withListenPort } from './config.ts';

describe('config', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.LOCALE_STRATEGY).toBe('prefix_except_default');
    expect(config.errorPreview).toBe(false);
    // Without SITE_URL the site is where it listens (loopback by default).
    expect(config.siteOrigin).toBe('http://127.0.0.1:3000');
  });

  it('names every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', LOCALE_STRATEGY: 'nope' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: '70000', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect(String(error)).toMatch(/PORT/);
      expect(String(error)).toMatch(/DATABASE_URL: must be a postgres/);
    }
  });

  it('parses booleans', () => {
    expect(loadConfig({ TRUST_PROXY: 'true', ERROR_PREVIEW: '0' })).toMatchObject({ TRUST_PROXY: true, errorPreview: false });
  });

  it('reads TRUST_PROXY as Fastify does: on/off, a hop count, or a list of proxy addresses', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'yes' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,loopback,fd00::/8,10.1.0.0/255.255.0.0' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'loopback',
      'fd00::/8',
      '10.1.0.0/255.255.0.0',
    ]);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.1,proxy.local' })).toThrow(/TRUST_PROXY: .*not proxy\.local/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });

  it('takes a Yandex Maps key only in its own form (it ends up in a script URL)', () => {
    expect(loadConfig({}).YANDEX_MAPS_KEY).toBeUndefined();
    expect(loadConfig({ YANDEX_MAPS_KEY: 'a1b2c3d4-0000-1111-2222-333344445555' }).YANDEX_MAPS_KEY).toBe('a1b2c3d4-0000-1111-2222-333344445555');
    expect(() => loadConfig({ YANDEX_MAPS_KEY: 'key"><script>' })).toThrow(/YANDEX_MAPS_KEY/);
  });

  it('turns a hop count into a trust function Fastify honours (it ignores a bare number)', () => {
    const trust = trustProxyOption(2);
    expect(typeof trust).toBe('function');
    if (typeof trust !== 'function') return;
    expect([trust('203.0.113.1', 0), trust('203.0.113.1', 1), trust('203.0.113.1', 2)]).toEqual([true, true, false]);
    expect(trustProxyOption(false)).toBe(false);
    expect(trustProxyOption(['10.0.0.1'])).toEqual(['10.0.0.1']);
  });

  it('defaults the site origin to the address it listens on, and follows the port picked for PORT=0', () => {
    expect(loadConfig({ HOST: '::1', PORT: '8080' }).siteOrigin).toBe('http://[::1]:8080');
    expect(loadConfig({ HOST: 'localhost', PORT: '80' }).siteOrigin).toBe('http://localhost');
    const picked = withListenPort(loadConfig({ PORT: '0' }), 41234);
    expect(picked).toMatchObject({ PORT: 41234, siteOrigin: 'http://127.0.0.1:41234' });
    // A configured SITE_URL wins whatever the port.
    expect(withListenPort(loadConfig({ PORT: '0', SITE_URL: 'https://www.example.ru/' }), 41234).siteOrigin).toBe('https://www.example.ru');
  });

  it('bounds the flag stream by default, and refuses bounds that are no bounds', () => {
    expect(loadConfig({})).toMatchObject({
      FLAGS_STREAMS_MAX: 1000,
      FLAGS_STREAMS_PER_CLIENT: 4,
      FLAGS_STREAMS_PER_MINUTE: 30,
      FLAGS_STREAM_MAX_AGE_MS: 600_000,
    });
    expect(loadConfig({ FLAGS_STREAMS_MAX: '50', FLAGS_STREAM_MAX_AGE_MS: '1000' })).toMatchObject({ FLAGS_STREAMS_MAX: 50, FLAGS_STREAM_MAX_AGE_MS: 1000 });
    let message = '';
    try {
      loadConfig({ FLAGS_STREAMS_MAX: '0', FLAGS_STREAMS_PER_CLIENT: 'many', FLAGS_STREAMS_PER_MINUTE: '-1', FLAGS_STREAM_MAX_AGE_MS: '10' });
    } catch (error) {
      message = String(error);
    }
    for (const name of ['FLAGS_STREAMS_MAX', 'FLAGS_STREAMS_PER_CLIENT', 'FLAGS_STREAMS_PER_MINUTE', 'FLAGS_STREAM_MAX_AGE_MS'])
      expect(message).toContain(`${name}:`);
  });

  it('purges no CDN by default, and asks for the endpoint and token with a provider', () => {
    expect(loadConfig({})).toMatchObject({ CDN_PURGE: 'off', CDN_TAG_PREFIX: '', CDN_PURGE_DELAY_MS: 1000 });
    const cloudflare = { CDN_PURGE: 'cloudflare', CDN_PURGE_URL: 'https://api.cloudflare.com/client/v4/zones/z1/purge_cache', CDN_PURGE_TOKEN: 'x'.repeat(40) };
    expect(loadConfig(cloudflare)).toMatchObject({ CDN_PURGE: 'cloudflare' });
    expect(() => loadConfig({ CDN_PURGE: 'fastly' })).toThrow(/CDN_PURGE_URL: is required with CDN_PURGE=fastly\n {2}CDN_PURGE_TOKEN: is required/);
    expect(() => loadConfig({ ...cloudflare, CDN_PURGE: 'akamai', CDN_PURGE_TOKEN: 'short', CDN_TAG_PREFIX: 'a b' })).toThrow(
      /CDN_PURGE:[\s\S]*CDN_PURGE_TOKEN: must be at least 16[\s\S]*CDN_TAG_PREFIX:/,
    );
  });

  it('knows a loopback socket address', () => {
    for (const address of ['127.0.0.1', '127.8.0.1', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ['10.0.0.1', '::ffff:10.0.0.1', '0.0.0.0', '::', '', undefined]) expect(isLoopbackAddress(address), address).toBe(false);
  });

  describe('refusing to serve beyond loopback with demo settings (production only)', () => {
    const secure = {
      NODE_ENV: 'production',
      HOST: '0.0.0.0',
      SITE_URL: 'https://www.example.ru',
      ANTIBOT_SALT: 'a-salt-of-our-own',
      CAPTCHA_SECRET: 'x'.repeat(32),
      ALERTS_SECRET: 'y'.repeat(32),
      ADMIN_SECRET: 'z'.repeat(32),
    };
    const problems = (env: Record<string, string | undefined>) => serveProblems(loadConfig({ ...secure, ...env }));

    it('starts with a public SITE_URL and secrets of its own', () => {
      expect(problems({})).toEqual([]);
      expect(() => assertServable(loadConfig(secure))).not.toThrow();
    });

    it('names SITE_URL when it is unset or names this machine', () => {
      expect(problems({ SITE_URL: undefined })).toEqual([expect.stringMatching(/^SITE_URL: must be the site's public origin/)]);
      expect(problems({ SITE_URL: 'http://localhost:3000' })).toEqual([expect.stringMatching(/^SITE_URL: http:\/\/localhost:3000 is this machine only/)]);
      expect(() => assertServable(loadConfig({ ...secure, SITE_URL: undefined }))).toThrow(/Refusing to start:\n {2}SITE_URL:/);
    });

    it('names the demo anti-bot salt, a missing or example captcha secret and example tokens', () => {
      expect(problems({ ANTIBOT_SALT: undefined })).toEqual([expect.stringMatching(/^ANTIBOT_SALT: is the demo default/)]);
      expect(problems({ CAPTCHA_SECRET: undefined })).toEqual([expect.stringMatching(/^CAPTCHA_SECRET: is unset/)]);
      expect(problems({ CAPTCHA_SECRET: undefined, CAPTCHA_MODE: 'off' })).toEqual([]);
      expect(problems({ CAPTCHA_SECRET: 'change-me-to-a-long-random-string' })).toEqual([expect.stringMatching(/^CAPTCHA_SECRET: is the example value/)]);
      expect(problems({ METRICS_TOKEN: 'change-me-to-a-long-random-string' })).toEqual([expect.stringMatching(/^METRICS_TOKEN:/)]);
      expect(problems({ ALERTS_SECRET: undefined })).toEqual([expect.stringMatching(/^ALERTS_SECRET: is the demo default/)]);
      expect(problems({ ALERTS_SECRET: 'change-me-to-a-long-random-string' })).toEqual([expect.stringMatching(/^ALERTS_SECRET: is the example value/)]);
      expect(problems({ ADMIN_SECRET: undefined })).toEqual([expect.stringMatching(/^ADMIN_SECRET: is the demo default/)]);
      expect(problems({ ADMIN_SECRET: 'change-me-to-a-long-random-string' })).toEqual([expect.stringMatching(/^ADMIN_SECRET: is the example value/)]);
    });

    it('names half a YooKassa shop (an id without a key, or the reverse) and its key at the example value', () => {
      const shop = { YOOKASSA_SHOP_ID: '123456', YOOKASSA_SECRET_KEY: 'live_0123456789abcdef' };
      expect(problems(shop)).toEqual([]);
      expect(problems({ YOOKASSA_SHOP_ID: shop.YOOKASSA_SHOP_ID })).toEqual([expect.stringMatching(/^YOOKASSA_SECRET_KEY: must be set with YOOKASSA_SHOP_ID/)]);
      expect(problems({ YOOKASSA_SECRET_KEY: shop.YOOKASSA_SECRET_KEY })).toEqual([
        expect.stringMatching(/^YOOKASSA_SHOP_ID: must be set with YOOKASSA_SECRET_KEY/),
      ]);
      expect(problems({ ...shop, YOOKASSA_SECRET_KEY: 'change-me-to-a-long-random-string' })).toEqual([
        expect.stringMatching(/^YOOKASSA_SECRET_KEY: is the example value/),
      ]);
    });

    it('names an http BITRIX24_WEBHOOK_URL: its address carries the webhook password', () => {
      expect(problems({ BITRIX24_WEBHOOK_URL: 'https://example.bitrix24.ru/rest/1/0123456789abcdef/' })).toEqual([]);
      expect(problems({ BITRIX24_WEBHOOK_URL: 'http://example.bitrix24.ru/rest/1/0123456789abcdef/' })).toEqual([
        expect.stringMatching(/^BITRIX24_WEBHOOK_URL: must be https/),
      ]);
      expect(serveProblems(loadConfig({ ...secure, NODE_ENV: 'development', BITRIX24_WEBHOOK_URL: 'http://127.0.0.1:9/rest/1/code/' }))).toEqual([]);
    });

    it('asks nothing on loopback or outside production', () => {
      const demo = { SITE_URL: undefined, ANTIBOT_SALT: undefined, CAPTCHA_SECRET: undefined, ALERTS_SECRET: undefined, ADMIN_SECRET: undefined };
      for (const host of ['127.0.0.1', '::1', 'localhost']) expect(problems({ ...demo, HOST: host }), host).toEqual([]);
      expect(problems({ ...demo, NODE_ENV: 'development' })).toEqual([]);
      expect(problems({ ...demo, NODE_ENV: 'test' })).toEqual([]);
      expect(problems({ ...demo })).toHaveLength(5);
    });
  });
});

describe('analytics counters', () => {
  it('are off without configuration, and read from the environment with the consent mode', () => {
    expect(loadConfig({}).analytics).toBeNull();
    expect(loadConfig({ YANDEX_METRIKA_ID: '12345678', ANALYTICS_CONSENT: 'opt-in' }).analytics).toEqual({
      consent: 'opt-in',
      metrika: { id: '12345678', scriptUrl: 'https://mc.yandex.ru/metrika/tag.js' },
      ga4: null,
      callTracking: null,
    });
  });

  it('refuse a bad id, a bad mode, and half a call-tracking setup, naming the variable', () => {
    const problem = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return '';
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
    };
    expect(problem({ YANDEX_METRIKA_ID: 'abc' })).toContain('YANDEX_METRIKA_ID');
    expect(problem({ GA4_MEASUREMENT_ID: 'UA-1234-1' })).toContain('GA4_MEASUREMENT_ID');
    expect(problem({ ANALYTICS_CONSENT: 'maybe' })).toContain('ANALYTICS_CONSENT');
    expect(problem({ CALLTRACKING_PROVIDER: 'calltouch' })).toContain('CALLTRACKING_SITE_ID');
    expect(problem({ CALLTRACKING_SITE_ID: 'abc' })).toContain('CALLTRACKING_PROVIDER');
    expect(problem({ GA4_SCRIPT_URL: 'javascript:alert(1)' })).toContain('GA4_SCRIPT_URL');
  });
});
